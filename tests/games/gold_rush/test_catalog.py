"""Flask-Babel merges every game's catalog into one: an id Gold Rush shares with another catalog must read the
same there, or one game's Czech would silently replace the other's ("miner" is "horník" in Tinners' Trail)."""

from __future__ import annotations

from babel.messages.pofile import read_po

from companion import i18n


def _catalog(po):
    with po.open("rb") as f:
        return {(m.id if isinstance(m.id, str) else m.id[0]): m.string for m in read_po(f) if m.id}


def test_no_message_id_reads_differently_in_another_catalog():
    mine_po = i18n.catalog_for("gold_rush")[0]
    mine = _catalog(mine_po)
    clashes = []
    for po in i18n.catalogs():
        if po == mine_po:
            continue
        for msgid, text in _catalog(po).items():
            if msgid in mine and mine[msgid] != text:
                clashes.append((po.parts[-5], msgid, text, mine[msgid]))
    assert not clashes
