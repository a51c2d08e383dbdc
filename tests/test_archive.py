"""Archive and delete a table (issue 9, point 12): only the phone that started it, delete asks
first, and a finished table's play stays in the history (docs/architecture.md); two imports of
the same export are told apart by when they were imported."""

from __future__ import annotations

import io
import json
import re
import sqlite3

from helpers import act, start_table


def lobby_lists(client) -> dict[str, list[str]]:
    """The codes under each of the lobby's headings."""
    page = client.get("/").get_data(as_text=True)
    out, heading = {}, None
    for m in re.finditer(r"<(?:h2|summary)>([^<(]+?)(?: \(\d+\))?</(?:h2|summary)>|href=\"/t/([^/\"]+)/\" ?", page):
        if m.group(1):
            heading = m.group(1)
        elif heading:
            out.setdefault(heading, []).append(m.group(2))
    return out


def test_the_host_archives_a_table_out_of_the_running_list_and_back(client):
    code = start_table(client)
    assert code in lobby_lists(client)["Your tables"]
    assert client.post(f"/t/{code}/archive", data={"archived": "1"}).status_code == 303
    lists = lobby_lists(client)
    assert code not in lists.get("Your tables", []) and code in lists["Archived tables"]
    assert "Take out of the archive" in client.get(f"/t/{code}/").get_data(as_text=True)
    assert act(client, code, "score", seat=0, points=3).status_code == 200  # it stays playable
    client.post(f"/t/{code}/archive", data={"archived": "0"})
    assert code in lobby_lists(client)["Your tables"] and "Archived tables" not in lobby_lists(client)


def test_only_the_phone_that_started_the_table_may_archive_or_delete_it(client, phone, app):
    code = start_table(client)
    phone.get(f"/t/{code}/")
    page = phone.get(f"/t/{code}/").get_data(as_text=True)
    assert "Archive or delete" not in page and "Archive or delete" in client.get(f"/t/{code}/").get_data(as_text=True)
    assert phone.post(f"/t/{code}/archive", data={"archived": "1"}).status_code == 403
    assert phone.get(f"/t/{code}/delete").status_code == 403
    assert phone.post(f"/t/{code}/delete").status_code == 403
    assert client.get(f"/t/{code}/").status_code == 200
    assert code in lobby_lists(client)["Your tables"]


def test_delete_asks_first_then_removes_the_table_for_every_phone(client, phone, app):
    code = start_table(client)
    act(client, code, "score", seat=1, points=4)
    ask = client.get(f"/t/{code}/delete")
    assert ask.status_code == 200 and "cannot be undone" in ask.get_data(as_text=True)
    assert client.get(f"/t/{code}/").status_code == 200  # asking changed nothing
    r = client.post(f"/t/{code}/delete")
    assert r.status_code == 303 and r.headers["Location"].endswith("/")
    assert "The table was deleted" in client.get("/").get_data(as_text=True)
    assert client.get(f"/t/{code}/").status_code == 404 and phone.get(f"/t/{code}/version").status_code == 404
    assert code not in json.dumps(lobby_lists(client))
    with sqlite3.connect(app.config["DATABASE"]) as db:
        for name in ("tables", "events", "snapshots", "seats", "notices", "table_views"):
            assert db.execute(f"select count(*) from {name} where code = ?", [code]).fetchone()[0] == 0, name


def test_a_deleted_finished_table_keeps_its_play_in_the_history(client, app):
    code = start_table(client)
    act(client, code, "score", seat=1, points=4)
    act(client, code, "finish")
    with sqlite3.connect(app.config["DATABASE"]) as db:
        (pid,) = db.execute("select id from plays where code = ?", [code]).fetchone()
    client.post(f"/t/{code}/delete")
    with sqlite3.connect(app.config["DATABASE"]) as db:
        assert db.execute("select code from plays where id = ?", [pid]).fetchone() == (None,)
    card = client.get(f"/plays/{pid}")
    assert card.status_code == 200 and "Full log" not in card.get_data(as_text=True)


def test_two_imports_of_the_same_export_are_told_apart(client):
    code = start_table(client)
    act(client, code, "score", seat=0, points=7)
    body = client.get(f"/t/{code}/export.json").data
    for _ in range(2):
        r = client.post("/import", data={"export": (io.BytesIO(body), "table.json")}, content_type="multipart/form-data")
        assert r.status_code == 303
    page = client.get("/").get_data(as_text=True)
    assert page.count('class="imported"') == 2  # the original is not marked
    assert len(re.findall(r'class="imported">imported <time datetime="[^"]+"', page)) == 2
