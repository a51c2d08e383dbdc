"""The app's icons, drawn here and rendered with Chromium, so nothing is downloaded.

    .venv/bin/python scripts/make_icons.py

Writes static/icons/icon.svg (the source: a table seen from above, four players' colours
around it and a die on it), maskable.svg (the same drawing shrunk into the safe circle a
launcher may crop to), and the PNG sizes the platforms ask for: 192 and 512 (Android, the
manifest), 512 maskable, 180 (iOS home screen), 32 (browser tab).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from helpers import CHROMIUM_ARGS, chromium_path  # noqa: E402

OUT = ROOT / "static" / "icons"
BG = "#1f5fbf"  # the app's accent colour (static/app.css)
# player colours from companion/web COLOURS: red, green, yellow, purple
PLAYERS = [("#d62828", 256, 62), ("#2a9d3f", 450, 256), ("#f2c500", 256, 450), ("#8e44ad", 62, 256)]


def drawing() -> str:
    players = "".join(f'<circle cx="{x}" cy="{y}" r="40" fill="{c}" stroke="#fbfaf7" stroke-width="10"/>' for c, x, y in PLAYERS)
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="13" fill="#fbfaf7"/>' for x, y in ((222, 222), (290, 222), (256, 256), (222, 290), (290, 290)))
    return (
        '<circle cx="256" cy="256" r="150" fill="#fbfaf7"/>'  # the table
        '<circle cx="256" cy="256" r="150" fill="none" stroke="#0d2f66" stroke-width="8"/>'
        f"{players}"
        '<rect x="192" y="192" width="128" height="128" rx="24" fill="#1b1b1b" transform="rotate(12 256 256)"/>'
        f'<g transform="rotate(12 256 256)">{pips}</g>'
    )


def svg(maskable: bool) -> str:
    # a maskable icon keeps everything inside the centre circle of 80 % diameter
    body = f'<g transform="translate(51.2 51.2) scale(0.8)">{drawing()}</g>' if maskable else drawing()
    corner = 0 if maskable else 96
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="{corner}" fill="{BG}"/>{body}</svg>\n'


PNGS = [("icon-32.png", 32, False), ("icon-180.png", 180, False), ("icon-192.png", 192, False), ("icon-512.png", 512, False), ("maskable-512.png", 512, True)]


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg(False))
    (OUT / "maskable.svg").write_text(svg(True))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for name, size, maskable in PNGS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                f'<html><body style="margin:0;background:transparent">{svg(maskable).replace("<svg ", f"<svg width={size} height={size} ")}</body></html>'
            )
            page.screenshot(path=str(OUT / name), omit_background=True)
            print("wrote", (OUT / name).relative_to(ROOT))
        browser.close()


if __name__ == "__main__":
    main()
