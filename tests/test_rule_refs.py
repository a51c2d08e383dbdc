""" "Why?" beside every automatic step (issue 15): each game's table of rule references
(companion/games/<pkg>/rulebook.py) points at sentences printed in its Czech rulebook, names
labels the game really uses, and the table page shows the sentence beside those lines."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import test_contract as contract

from companion import i18n, store, table as tables
from companion.games import CHECKLISTS, GAMES, RULEBOOKS, canonical
from helpers import page

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
# the rulebooks are not in the repository: ../shared/rules beside a checkout or a worktree
CANDIDATES = [ROOT.parent / "shared" / "rules", ROOT.parent.parent / "shared" / "rules"]
RULES_DIR = next((d for d in CANDIDATES if d.is_dir()), None)
HX = {"HX-Request": "true"}


def printed(text: str) -> str:
    """The rulebook as one line: words split at a line end by a hyphen (or after a slash) joined,
    bold marks (``**``) of the text's markup dropped (they are no printed words)."""
    text = text.replace("**", "")
    text = re.sub(r"-\n(?=\w)", "", text)
    text = re.sub(r"/\n", "/", text)
    return re.sub(r"\s+", " ", text)


def package_of(slug: str) -> str:
    return RULEBOOKS[slug].__name__.split(".")[2]


@pytest.mark.skipif(RULES_DIR is None, reason="the Czech rulebooks (../shared/rules) are not beside this checkout")
@pytest.mark.parametrize("slug", sorted(RULEBOOKS))
def test_every_rule_reference_is_a_sentence_printed_in_the_rulebook(slug):
    book = RULEBOOKS[slug]
    text = printed((RULES_DIR / book.RULEBOOK).read_text())
    missing = {key: ref.cs for key, ref in book.RULES.items() if printed(ref.cs) not in text}
    assert not missing


@pytest.mark.parametrize("slug", sorted(RULEBOOKS))
def test_every_rule_reference_explains_labels_the_game_really_uses(slug):
    po, dirs = i18n.catalog_for(package_of(slug))
    used = i18n.used_messages(*dirs)
    for key, ref in RULEBOOKS[slug].RULES.items():
        assert ref.labels, key
        assert [m for m in ref.labels if m not in used] == [], key
    every = [m for ref in RULEBOOKS[slug].RULES.values() for m in ref.labels]
    assert len(every) == len(set(every))  # one label, one sentence


def _import(client, game):
    export = next(e for e in json.loads((FIXTURES / "v2-exports.json").read_text()).values() if canonical(e["game"]) == game)  # made before issue 25: old ids
    body = json.dumps(export).encode()
    r = client.post("/import", data={"export": (io.BytesIO(body), "t.json")}, content_type="multipart/form-data")
    assert r.status_code == 303
    return r.headers["Location"].rstrip("/").split("/t/")[1]


def whys(html: str) -> list[str]:
    return re.findall(r'<details class="why"><summary>([^<]*)</summary><blockquote lang="cs">„([^“]*)“</blockquote>(?:<p>([^<]*)</p>)?', html)


def test_the_table_page_shows_the_sentence_beside_the_prompt_and_the_breakdown_lines(client):
    """A Tinners' Trail table at round 2's price dice: the prompt says to roll; its "rule" link
    holds "Nejdříve určete cenu cínu...", the money ledger's mining lines (on its own page) the water rule."""
    code = _import(client, "tinners_trail")
    en = client.get(f"/t/{code}/panel", headers={**HX, "Accept-Language": "en"}).get_data(as_text=True)
    prompt = en.split('<div class="prompt">')[1].split("</div>\n")[0]
    assert whys(prompt) == [
        (
            "rule",
            "Nejdříve určete cenu cínu. Hoďte všemi třemi kostkami a spočtěte oka na všech z nich.",
            "Each ore's price starts from the total of the three dice, tin first.",
        )
    ]
    ledger = client.get(f"/t/{code}/ledger", headers={"Accept-Language": "en"}).get_data(as_text=True)  # read from the events
    assert any(w[1].startswith("Každou kostičku cínu/mědi") for w in whys(ledger)) and outside_paragraphs(ledger)
    # Czech players read the rulebook's own sentence, with no summary under it
    cs = client.get(f"/t/{code}/panel", headers={**HX, "Accept-Language": "cs"}).get_data(as_text=True)
    assert {w[0] for w in whys(cs)} == {"pravidlo"} and {w[2] for w in whys(cs)} == {""}
    assert len(whys(cs)) == len(whys(en))
    assert outside_paragraphs(en)


def outside_paragraphs(html: str) -> bool:
    """A <details> inside a <p> would be pushed out of it by the browser (away from its line)."""
    from html.parser import HTMLParser

    class Nesting(HTMLParser):
        def __init__(self):
            super().__init__()
            self.stack, self.bad = [], []

        def handle_starttag(self, tag, attrs):
            if tag == "details" and "p" in self.stack:
                self.bad.append(self.getpos())
            if tag not in ("br", "input", "img", "meta", "link", "hr"):
                self.stack.append(tag)

        def handle_endtag(self, tag):
            if tag in self.stack:
                while self.stack.pop() != tag:
                    pass

    parser = Nesting()
    parser.feed(html)
    return parser.bad == []


MID_GAME = 30  # steps of random play whose panels are read


@pytest.mark.parametrize("slug", sorted(RULEBOOKS))
def test_a_mid_game_table_of_every_game_with_rules_links_its_automatic_lines(app, client, monkeypatch, slug):
    """A game played at random through ``legal`` (tests/test_contract.py's driver, on the app's
    database): after every step the panel's "rule" links quote only the game's own table, each
    outside a paragraph, and before the game ends some panel has linked an automatic line."""
    db = store.connect(app.config["DATABASE"])
    play = contract.Play(GAMES[slug], db, 0, monkeypatch)
    known = {ref.cs for ref in RULEBOOKS[slug].RULES.values()}
    if slug in CHECKLISTS:  # the set-up checklist's lines link the game's own set-up sentences (issue 27)
        known |= {ref.cs for ref in CHECKLISTS[slug].REFS.values()}
    links = []  # how many rules each mid-game panel linked
    while play.steps < MID_GAME and play.step():
        html = client.get(f"/t/{play.code}/panel", headers={**HX, "Accept-Language": "en"}).get_data(as_text=True)
        sentences = {w[1] for w in whys(html)}
        assert sentences <= known and outside_paragraphs(html)
        if not tables.load(db, play.code).finished:
            links.append(len(sentences))
    assert any(links), f"{slug}: no panel before the end of the game linked a rule ({links})"


def test_a_game_without_a_rule_table_and_a_line_without_a_rule_show_no_link(client):
    from helpers import act, start_table

    code = start_table(client)
    act(client, code, "score", seat=0, points=7)
    assert 'class="why"' not in page(client.get(f"/t/{code}/panel", headers=HX))


def test_tikal_and_gold_rush_link_their_automatic_lines_to_the_rulebook(client):
    """Tikal: unused action points are lost ("... ty, které mu zbudou, propadnou") beside the log line,
    and the temples' majority rule beside the temples. Gold Rush: a railway's score names the
    majority rule ("Je-li počet např. dvou hráčů stejný, obdrží body oba."), and a tile laid in
    the mountains the ore tokens it gets ("... položte tolik žetonů s rudou, kolik je na ní
    symbolů zlatých nugetů.")."""
    from helpers import act, start_table

    tikal = RULEBOOKS["tikal"].RULES
    code = start_table(client, "tikal")
    act(client, code, "place_tile", kind="jungle")
    act(client, code, "end_turn")
    html = client.get(f"/t/{code}/panel", headers={**HX, "Accept-Language": "en"}).get_data(as_text=True)
    sentences = {w[1] for w in whys(html)}
    assert {tikal["unused"].cs, tikal["majority"].cs} <= sentences and outside_paragraphs(html)

    rush = RULEBOOKS["gold_rush"].RULES
    code = start_table(client, "gold_rush")
    act(client, code, "lay_tile", mountain=0, nuggets=2)
    act(client, code, "place_cowboy", role="rail")
    act(client, code, "railway", tiles=2, locomotives=1, c0=1)
    html = client.get(f"/t/{code}/panel", headers={**HX, "Accept-Language": "en"}).get_data(as_text=True)
    assert {rush["majority"].cs, rush["nuggets"].cs} <= {w[1] for w in whys(html)} and outside_paragraphs(html)
    assert "Red laid a tile on M2: 2 ore tokens on its pile." in html
    assert "Finished railway: 2 tiles × 2" in html
