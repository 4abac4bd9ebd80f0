"""The browser game's page in Debian's chromium on loopback: how long from navigation to a
usable board, how much JavaScript it loads, and how long the page takes to apply one update.

    python benchmarks/web_page.py [--runs 5] [--json]

A `passgo serve` is started on a free local port with an SQLite file in a temporary folder,
holding a stored position (two people and a bot, Ann to throw 2 + 4 from GO onto Oriental
Avenue). Chromium (/usr/bin/chromium, headless, never a downloaded one) then opens Ann's
seat `--runs` times, each in a new browser context (an empty cache):

- usable board: from the navigation to the moment the board is drawn and the first answer
  button can be pressed, read in the page (`performance.now()`, navigation start = 0) and by
  the driver (wall time around `goto` and the wait);
- JavaScript: the built client's files (src/passgo/web/static/assets/*.js), raw and gzipped
  at level 9;
- one update: Ann throws; from the moment the WebSocket frame of the new state reaches the
  page to the moment the buy decision is on screen, at the normal animation speed (the dice
  roll, the token steps six squares) and with animation off (the settings' "Off"); the
  buttons' short hold after an answer (a second click never answers the next decision) is
  not counted.

Medians over the runs (min and max beside them). Needs the built client (`make client`) and
Playwright (the `dev` extra); other options in BENCH_ARGS are ignored.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from positions import store_position
from webserver import free_port, server

from passgo.web.setup import PERSON

os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Ann throws 2 + 4 from GO onto Oriental Avenue, for sale.
POSITION = {"to_move": "Ann", "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Basic 3"}],
            "dice": {"script": [[2, 4]]}}
READY = ".decision > .answers > button:not(:disabled)"
TIMEOUT_MS = 30_000


def javascript_size() -> dict[str, int]:
    assets = Path(str(resources.files("passgo.web"))) / "static" / "assets"
    files = sorted(assets.glob("*.js"))
    if not files:
        raise SystemExit("the browser client is not built (make client)")
    data = b"".join(f.read_bytes() for f in files)
    return {"files": len(files), "bytes": len(data), "gzip_bytes": len(gzip.compress(data, 9))}


def one_run(browser: Browser, site: str, game: str, token: str, speed: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    # The seat's token and the animation speed, in this origin's storage, before the game.
    page.goto(f"{site}/api/options")
    page.evaluate("([game, token, speed]) => { localStorage.setItem(`passgo-token-${game}`, "
                  "token); localStorage.setItem('passgo-speed', speed); }", [game, token, speed])
    frames: list[float] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(time.perf_counter())
        if isinstance(payload, str) and payload.startswith('{"type":"state"') else None))
    start = time.perf_counter()
    page.goto(f"{site}/game/{game}")
    page.wait_for_selector("svg.board [data-square='39']", state="attached",
                           timeout=TIMEOUT_MS)
    page.wait_for_selector(READY, timeout=TIMEOUT_MS)
    usable_wall = time.perf_counter() - start
    usable_page = page.evaluate("performance.now()") / 1000
    before = len(frames)
    page.click("button[data-action=roll]")
    # On screen; its buttons take presses GRACE_MS (300 ms) later when it came this soon after
    # the throw (a double click never answers it), which is not counted here.
    page.wait_for_selector("button[data-action^=buy]", timeout=TIMEOUT_MS)
    shown = time.perf_counter()
    arrived = frames[before] if len(frames) > before else shown
    context.close()
    return {"usable_page_s": usable_page, "usable_wall_s": usable_wall,
            "update_s": shown - arrived}


def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args, _ = parser.parse_known_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"no browser at {CHROMIUM} (apt-get install chromium)")
    figures: dict[str, Any] = {"javascript": javascript_size(), "runs": args.runs}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        database = f"sqlite:///{Path(folder) / 'games.sqlite3'}"
        # One stored game a run and speed: each starts at the same throw.
        games = [[store_position(database, POSITION, [PERSON, PERSON, "basic"])
                  for _ in range(args.runs)] for _ in ("1", "0")]
        port = free_port()
        with server(database, port):
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            site = f"http://127.0.0.1:{port}"
            runs = {speed: [one_run(browser, site, game, tokens[0], speed)
                            for game, tokens in batch]
                    for speed, batch in zip(("1", "0"), games, strict=True)}
            browser.close()
    every = runs["1"] + runs["0"]
    figures["usable_board_in_page_s"] = summary([r["usable_page_s"] for r in every])
    figures["usable_board_wall_s"] = summary([r["usable_wall_s"] for r in every])
    figures["update_animated_s"] = summary([r["update_s"] for r in runs["1"]])
    figures["update_without_animation_s"] = summary([r["update_s"] for r in runs["0"]])
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    js = figures["javascript"]
    print(f"JavaScript: {js['files']} file(s), {js['bytes'] / 1000:.1f} kB, "
          f"{js['gzip_bytes'] / 1000:.1f} kB gzipped")
    for key, label in (("usable_board_in_page_s", "navigation to a usable board (page clock)"),
                       ("usable_board_wall_s", "navigation to a usable board (driver clock)"),
                       ("update_animated_s", "one update, dice and six steps (normal speed)"),
                       ("update_without_animation_s", "one update, animation off")):
        f = figures[key]
        print(f"{label}: median {f['median'] * 1000:.0f} ms "
              f"(min {f['min'] * 1000:.0f}, max {f['max'] * 1000:.0f}; {args.runs} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
