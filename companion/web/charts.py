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


def score_lines(series: dict, width: float = 320, height: float = 150, left: float = 52, bottom: float = 22, top: float = 10, right: float = 10) -> dict:
    """A play's score over time (``plays.series``) in SVG user units: each player's polyline,
    the end point where their symbol goes, and the axes' ticks (low, high; first, last step)."""
    totals = [total for line in series["lines"] for _step, total in line["points"]]
    lo, hi = min(0, *totals), max(1, *totals)
    steps = max(1, series["steps"])
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(step):
        return round(left + plot_w * step / steps, 1)

    def y(total):
        return round(top + plot_h * (hi - total) / (hi - lo), 1)

    lines = []
    for line in series["lines"]:
        pts = [(x(s), y(t)) for s, t in line["points"]]
        lines.append(
            {
                **line,
                "path": " ".join(f"{a},{b}" for a, b in pts),
                "end": pts[-1] if pts else (left, y(0)),
                "final": line["points"][-1][1] if line["points"] else 0,
            }
        )
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": width - right,
        "top": top,
        "base": height - bottom,
        "zero": y(0),
        "lo": lo,
        "hi": hi,
        "steps": series["steps"],
        "lines": lines,
    }
