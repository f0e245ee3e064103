"""A table whose stored rows are damaged, opened in a real browser: the page says it cannot be
opened and why, in Russian and in English (the reason the server gives, naming rows only),
while another table of the same server opens as usual (issue 15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import update

from koloda.server.store import Store, tables_t
from tests.server.conftest import db_url
from tests.server.process import ServerProcess


def test_a_damaged_table_says_why_on_its_page_in_both_languages(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    db = tmp_path / "broken.db"
    server = ServerProcess(db).start()
    try:
        made = [httpx.post(server.url + "/api/tables", json={"game": "toy", "seed": s},
                           timeout=10).json() for s in (1, 2)]
    finally:
        server.stop()
    bad, good = made[0]["table"], made[1]["table"]
    store = Store(db_url(db))
    with store.engine.begin() as c:
        c.execute(update(tables_t).where(tables_t.c.id == bad).values(options="{not json"))
    store.close()
    server = ServerProcess(db, port=server.port).start()
    try:
        for lang, words in (("ru", "нельзя открыть: его параметры — не JSON"),
                            ("en", "cannot be opened: its options are not valid JSON")):
            ctx = browser.new_context(viewport={"width": 360, "height": 740})
            ctx.add_init_script(f"localStorage.setItem('koloda.lang', '{lang}')")
            page = ctx.new_page()
            page.goto(f"{server.url}/t/{bad}")
            page.wait_for_selector(f"#error:has-text('{words}')")
            # said once: «Ошибка» in the status line, the reason below it; no empty journal
            assert (page.text_content("#status") or "") == {"ru": "Ошибка", "en": "Error"}[lang]
            assert (page.text_content("#error") or "").count(words) == 1
            assert (page.text_content("#error") or "")[:1].isupper()  # a sentence of its own
            assert not page.is_visible("#log")
            page.screenshot(path=shots / f"broken-table-{lang}-phone.png", full_page=True)
            # the other table of the same server opens as usual
            page.goto(f"{server.url}/t/{good}#watch")
            page.wait_for_selector("body[data-version]:not([data-version=''])",
                                   state="attached")
            assert not (page.text_content("#error") or "").strip()
            ctx.close()
    finally:
        server.stop()
