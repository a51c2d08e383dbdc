"""Geometry for the SVG drawn in templates (issue 24 point 3): Jinja has no trigonometry, so the
points of a ring (Gold Rush's score track on the table display) are worked out here."""

from __future__ import annotations

import math


def ring(spaces: int, radius: float, cx: float = 100, cy: float = 100) -> list[tuple[float, float]]:
    """``spaces`` points evenly round a circle, the first at the top, going clockwise."""
    out = []
    for i in range(spaces):
        angle = 2 * math.pi * i / spaces - math.pi / 2
        out.append((round(cx + radius * math.cos(angle), 1), round(cy + radius * math.sin(angle), 1)))
    return out
