"""Phone-size screenshots of every game's screens, light and dark, for the README and for review.

    .venv/bin/python scripts/screenshots.py [out-dir]

Starts a throwaway server, plays a few moves through the real UI, writes PNGs.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402
from test_browser import PHONE  # noqa: E402

from helpers import CHROMIUM_ARGS, chromium_path, free_port, start_server  # noqa: E402


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    proc = start_server(Path(tempfile.mkdtemp()), port)
    base = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for scheme in ("light", "dark"):
                page = browser.new_context(**PHONE, locale="en-GB", color_scheme=scheme).new_page()
                page.goto(base + "/")
                page.screenshot(path=str(out / f"lobby-{scheme}.png"), full_page=True)
                page.get_by_label("Score pad").check()
                for i, name in enumerate(["Anna", "Ben", "Cyril"]):
                    page.fill(f"#name{i}", name)
                page.get_by_role("button", name="Start the table").click()
                page.wait_for_url("**/t/*/")
                for who, pts in (("Anna", "12"), ("Ben", "7"), ("Cyril", "12")):
                    page.get_by_label(who).first.check()
                    page.fill("#points", pts)
                    page.get_by_role("button", name="Add points").click()
                    page.get_by_text(f"{who} scored {pts}").first.wait_for()
                page.screenshot(path=str(out / f"scorepad-{scheme}.png"), full_page=True)
            browser.close()
    finally:
        proc.kill()
    for png in sorted(out.glob("*.png")):
        print(png)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots"))
