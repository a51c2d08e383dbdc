"""Bytes a tap costs at a table, per game: the tapping phone's answer and every other phone's panel.

    .venv/bin/python benchmarks/answers.py [--taps 30] [--after 40] [--games scorepad,giganten]

Prints numbers, asserts nothing: for comparing a game's figures before and after a change (a
game's panel marking its regions, companion/web/answer.py). For each game a table is imported
mid-game (its first ``--after`` events: the score pad's evening of entries, Giganten's scripted
game, for the others a seeded random game through ``legal``, benchmarks/logs.py), every seat is
taken by its own phone and the phone that imported it is the table view (a solo game: one seat
and the table view). Then the next ``--taps`` moves of the same game are tapped, each from the
phone of the seat that made it (the table view for a step of the table's), as htmx sends a tap
(the panel's version and nonce, static/app.js); after each, every other phone fetches its fresh
panel with the nonce of the panel it shows (``X-Panel-Nonce``), as app.js does after a poll.

Through the Flask app in this process (its test client, one cookie jar a phone, no network), on
a database on disk. Bytes are the answer as sent to a phone that accepts gzip (level 1 over 1 KB,
companion/web/transfer.py) and its HTML; "whole" is the tapping phone's panel fetched again
without a nonce (what a phone that shows none of it gets: the answer with nothing left out). CPU is this thread's
(median ms): the tap with its answer, and each other phone's panel (their polls, 0.1-0.2 ms
each, not counted).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import logs  # noqa: E402  (puts the repository on sys.path)

from companion import create_app  # noqa: E402
from companion.games import GAMES  # noqa: E402

HX = {"HX-Request": "true", "Accept-Encoding": "gzip"}
PANEL = re.compile(r'id="panel"[^>]* data-version="(\d+)" data-head="\d+" data-nonce="([^"]+)"')


class Phone:
    def __init__(self, app, seat):
        self.client, self.seat = app.test_client(), seat
        self.version = self.nonce = None

    def get(self, url, **headers):
        return self.took(self.client.get(url, headers={**HX, **headers}))

    def took(self, r):
        """The answer's bytes (as sent, HTML) and its HTML; the panel's version and nonce kept."""
        sent = r.get_data()
        html = (gzip.decompress(sent) if r.headers.get("Content-Encoding") == "gzip" else sent).decode()
        panel = PANEL.search(html)
        if panel:
            self.version, self.nonce = panel.group(1), panel.group(2)
        return r.status_code, (len(sent), len(html)), html


def game_log(slug: str, after: int, taps: int):
    """An export of the table after ``after`` events, and the events that follow."""
    if slug in ("scorepad", "giganten"):
        events = logs.events_for(slug, after + taps)
        return logs.export(slug, events[:after]), events[after:]
    players, profile, events = logs.random_game(slug, after + taps)
    return logs.export(slug, list(events[:after]), players, profile), events[after:]


def table_of(app, slug: str, after: int, taps: int) -> dict:
    data, following = game_log(slug, after, taps)
    view = Phone(app, None)
    view.client.get("/")
    r = view.client.post("/import", data={"export": json.dumps(data)})
    assert r.status_code == 303, r.get_data(as_text=True)[:300]
    code = r.headers["Location"].rstrip("/").split("/t/")[1]
    phones = [view]
    for seat in range(len(data["players"])):
        phone = Phone(app, seat)
        assert phone.client.post(f"/t/{code}/seat", data={"seat": str(seat)}).status_code == 303
        phones.append(phone)
    for phone in phones:
        phone.get(f"/t/{code}/panel")
    out = {"answer": [], "panel": [], "whole": [], "cpu": [], "tapped": 0, "refused": []}
    for e in following:
        tapper = next((p for p in phones if p.seat == e["seat"]), view)
        for _ in range(2):
            form = {"action": e["action"], "form": e["action"], **logs.as_form(e["params"]), "v": tapper.version, "nonce": f"{tapper.nonce}.tap"}
            before = tapper.version
            cpu = time.thread_time()
            status, size, html = tapper.took(tapper.client.post(f"/t/{code}/act", data=form, headers=HX))
            tapped = time.thread_time()
            if status != 403 or tapper is view:
                break
            # legal let a seat not on turn make the move (the random game's driver asks each seat):
            # at the table only its player's phone or the table view enters it (trust.entered_by)
            tapper = view
        if status != 200 or tapper.version == before:  # refused or asked: the game goes on no further here
            said = " ".join(re.sub(r"<[^>]+>", " ", html).split())
            out["refused"].append(f"{e['action']} from seat {e['seat']}: {status} {said[:160]}")
            break
        out["answer"].append(size)
        for phone in phones:
            if phone is not tapper:
                _, size, _ = phone.get(f"/t/{code}/panel", **{"X-Panel-Nonce": phone.nonce})
                out["panel"].append(size)
        out["cpu"].append((tapped - cpu, (time.thread_time() - tapped) / (len(phones) - 1)))
        out["tapped"] += 1
        _, size, _ = tapper.get(f"/t/{code}/panel")  # its panel again, whole (no nonce: nothing of it is left out)
        out["whole"].append(size)
    out["phones"] = len(phones)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--after", type=int, default=40, help="events made before the table is imported (a game that ends sooner: all of them)")
    parser.add_argument("--games", default=",".join(sorted(GAMES)))
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="companion-answers-", dir=logs.ROOT / ".bench" if (logs.ROOT / ".bench").exists() else None))
    app = create_app({"DATABASE": str(tmp / "answers.db"), "SECRET_KEY": "bench"})
    mean = lambda sizes, k: statistics.mean(s[k] for s in sizes) if sizes else float("nan")  # noqa: E731
    print(f"bytes a tap costs at a table ({args.taps} taps after {args.after} events; mean bytes as sent (gzip) / HTML; CPU ms of this thread)")
    print(f"{'game':16}{'phones':>7}{'taps':>6}{'answer':>16}{'other panel':>16}{'whole panel':>16}{'CPU: tap':>10}{'a panel':>9}")
    refused = []
    for slug in args.games.split(","):
        out = table_of(app, slug, args.after, args.taps)
        cells = "".join(f"{f'{mean(out[k], 0):.0f} / {mean(out[k], 1):.0f}':>16}" for k in ("answer", "panel", "whole"))
        cpu = [statistics.median(c[k] for c in out["cpu"]) * 1000 if out["cpu"] else float("nan") for k in (0, 1)]
        print(f"{slug:16}{out['phones']:>7}{out['tapped']:>6}{cells}{cpu[0]:>10.1f}{cpu[1]:>9.1f}", flush=True)
        refused += [f"{slug}: {r}" for r in out["refused"]]
    for r in refused:
        print(f"stopped early, a tap not counted: {r}")


if __name__ == "__main__":
    main()
