"""The pictures of the README and the documentation, made from real games so that they can be
made again whenever a screen changes:

    .venv/bin/python docs/screenshots.py [--only terminal,browser,lobby,board] [--out docs/images]

- `terminal-game.png`: the full-screen terminal game (`passgo play`) in a game of four trading
  bots' seeded moves, when it is your turn in the fifteenth round; Textual's own SVG screenshot
  of the screen, drawn to PNG by Chromium.
- `browser-game.png`: the browser game (`passgo serve`) at 1280 x 800: a game of you against
  three bots, played from the page (buy whatever you land on) until the board has owners.
- `web-lobby.png`: the browser game's lobby at 1280 x 800 with two public games waiting for
  players (one by the classic rules, one by the Short Game with a house rule).
- `board-landing.png`: how often each square is landed on, from the exact landing odds
  (`passgo analyze landing --plot`), the picture of the board on "How Monopoly is played".

Needs the `play`, `web` and `analysis` extras, Playwright and Debian's /usr/bin/chromium, and
the built browser client (`make client`); `make screenshots` does all of that. The server is
stopped and its temporary database removed at the end, also on Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))
os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"

from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from webserver import free_port, post, server  # noqa: E402

from passgo.core import Game, RollDecision, Rules  # noqa: E402
from passgo.session import Seat, Session  # noqa: E402
from passgo.tui.app import PassgoApp  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update"]
SEATS = [Seat.parse("You", "human"), Seat.parse("Dana", "dealer"),
         Seat.parse("Carl", "cautious"), Seat.parse("Ada", "aggressive")]
TERMINAL_SIZE = (120, 40)
TERMINAL_ROUNDS = 15
BROWSER_SIZE = {"width": 1280, "height": 800}
BROWSER_ANSWERS = 60


def _game_at_your_turn(seed: int, rounds: int) -> Session:
    """A seeded game whose four seats the bots played until round `rounds`, handed to you
    (seat 0) as your throw comes round."""
    game = Game.new([s.name for s in SEATS], Rules.classic(), seed)
    bots = Session(game, [Seat.parse(s.name, "strategic") if s.human else s for s in SEATS])
    while not (game.round_number >= rounds and isinstance(game.pending, RollDecision)
               and game.pending.player == 0):
        if bots.bot_step() is None:
            raise SystemExit(f"screenshots: the game of seed {seed} ended before round {rounds}")
    return Session(game, SEATS, log=bots.log)  # the log as you read it: "You bought ..."


async def _terminal_svg(session: Session) -> str:
    app = PassgoApp(session)
    async with app.run_test(size=TERMINAL_SIZE) as pilot:
        await pilot.pause(0.5)
        return app.export_screenshot(title="passgo play")


def terminal(browser: Browser, out: Path) -> None:
    session = _game_at_your_turn(seed=7, rounds=TERMINAL_ROUNDS)
    # Playwright's own event loop runs in this thread: the app runs in one of its own.
    with ThreadPoolExecutor(1) as thread:
        svg = thread.submit(asyncio.run, _terminal_svg(session)).result()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "terminal.svg"
        path.write_text(svg, encoding="utf-8")
        page = browser.new_page(device_scale_factor=1)
        page.goto(path.as_uri())
        page.locator("svg").first.screenshot(path=str(out / "terminal-game.png"))
        page.close()


def browser_game(browser: Browser, out: Path) -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp, \
            server(f"sqlite:///{tmp}/games.sqlite3", port, bot_delay=0):
        site = f"http://127.0.0.1:{port}"
        seats = [{"kind": "person"}] + [{"kind": "bot", "bot": s.kind} for s in SEATS[1:]]
        game = post(port, "/api/games", {"seats": seats})["id"]
        token = post(port, f"/api/games/{game}/join", {"seat": 0, "name": "Ann"})["token"]
        page = browser.new_page(viewport=BROWSER_SIZE)
        page.goto(site)
        page.evaluate("([game, token]) => localStorage.setItem(`passgo-token-${game}`, token)",
                      [game, token])
        page.goto(f"{site}/game/{game}")
        buttons = page.locator(".decision > .answers > button")
        for _ in range(BROWSER_ANSWERS):
            buttons.first.wait_for(timeout=30_000)
            actions = [buttons.nth(i).get_attribute("data-action") or ""
                       for i in range(buttons.count())]
            chosen = next((i for word in ("buy", "roll", "end") for i, a in enumerate(actions)
                           if a.startswith(word)), 0)
            buttons.nth(chosen).click()
            page.wait_for_timeout(150)
        page.wait_for_timeout(1000)
        page.screenshot(path=str(out / "browser-game.png"))
        page.close()


def lobby(browser: Browser, out: Path) -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp, \
            server(f"sqlite:///{tmp}/games.sqlite3", port, bot_delay=0):
        person, bot = {"kind": "person"}, {"kind": "bot", "bot": "level:casual"}
        post(port, "/api/games", {"name": "Friday night", "seats": [person, person, bot]})
        post(port, "/api/games", {"name": "Quick one before dinner", "preset": "short-2",
                                  "options": {"free_parking_jackpot": True},
                                  "seats": [person, person, person, bot]})
        page = browser.new_page(viewport=BROWSER_SIZE)
        page.goto(f"http://127.0.0.1:{port}")
        page.locator(".game-name").first.wait_for(timeout=30_000)
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / "web-lobby.png"))
        page.close()


def board(browser: Browser, out: Path) -> None:
    subprocess.run([sys.executable, "-m", "passgo.cli", "analyze", "landing", "--mc", "none",
                    "--jail", "short", "--plot", str(out / "board-landing.png")], check=True,
                   stdout=subprocess.DEVNULL)


PICTURES: dict[str, Callable[[Browser, Path], None]] = {
    "terminal": terminal, "browser": browser_game, "lobby": lobby, "board": board}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(PICTURES),
                        help=f"which pictures, comma-separated (default: {','.join(PICTURES)})")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args()
    wanted = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in PICTURES]
    if unknown:
        parser.error(f"unknown picture {', '.join(unknown)} (known: {', '.join(PICTURES)})")
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for name in wanted:
                PICTURES[name](browser, args.out)
                print(f"screenshots: {name} done", file=sys.stderr)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except KeyboardInterrupt:
        raise SystemExit(130) from None
