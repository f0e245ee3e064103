"""Make the screenshots of docs/event.md (docs/img/event/*.png) from the example event: the
printed pages as chromium shows them, scaled down and reduced to a few grey levels.

    PYTHONPATH=src python scripts/event-print-screenshots.py
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright
from typer.testing import CliRunner

from koloda.cli import app

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img" / "event"
EXAMPLES = ROOT / "docs" / "examples"


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    url = f"sqlite:///{tmp / 'k.db'}"
    run = CliRunner().invoke
    env = {"KOLODA_LANG": "ru"}
    r = run(app, ["event", "create", str(EXAMPLES / "event-participants.csv"), "--title",
                  "Бал в Петергофе", "--db", url, "--seed", "1"], env=env)
    event_id = r.output.split()[1]
    run(app, ["event", "issue", event_id, "--templates", str(EXAMPLES / "event-decks.json"),
              "--participants", str(EXAMPLES / "event-participants.csv"), "--db", url], env=env)
    run(app, ["event", "print", event_id, "--db", url, "--out", str(tmp), "--format", "html",
              "--base-url", "https://10.42.0.1:8000", "--wifi-ssid", "Петергоф",
              "--wifi-password", "bal-2026"], env=env)
    OUT.mkdir(parents=True, exist_ok=True)
    shots = {"cards": (0, "print-cards"), "envelopes": (0, "print-envelope"),
             "join": (0, "print-join"), "badges": (0, "print-badges")}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 820, "height": 1160})
        for doc, (nth, name) in shots.items():
            page.goto((tmp / f"{event_id}-{doc}.html").as_uri())
            png = page.locator("section.sheet").nth(nth).screenshot()
            image = Image.open(io.BytesIO(png)).convert("L")
            image.thumbnail((560, 800))
            image.quantize(colors=8).save(OUT / f"{name}.png", optimize=True)
        browser.close()


if __name__ == "__main__":
    main()
