"""The browser client in Debian's chromium, driven by Playwright against a real `passgo serve`:
a whole game from the lobby to the result screen and a rematch; a game made in the lobby, two
people in two browser contexts and a bot, buying, an auction, a trade, a mortgage; jail; from
stored positions with scripted dice (`positions.store_position`), a
trade that completes a group and even building on it, and a bankruptcy; a reload mid-game, and
the phone-sized layout.

Needs /usr/bin/chromium and the built client (`make client`); without them the tests skip,
except under PASSGO_CI=1 (`.ci/run` installs both), where they fail."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from positions import restage, store_position
from webserver import free_port, post, server

from passgo.web.setup import PERSON

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
STEP_MS = 15_000


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"no browser at {CHROMIUM} (apt-get install chromium)"
    if not (Path(str(resources.files("passgo.web"))) / "static" / "index.html").exists():
        return "the browser client is not built (make client)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    return None


if (why := _missing()) is not None:
    if os.environ.get("PASSGO_CI"):
        pytest.fail(f"CI must run the browser tests: {why}", pytrace=False)
    pytest.skip(why, allow_module_level=True)

os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    with server(f"sqlite:///{tmp_path / 'games.sqlite3'}", port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'positions.sqlite3'}"


def _seated(browser: Browser, site: str, game: str, token: str,
            phone: tuple[int, int] | None = None) -> Page:
    """A browser that took its seat earlier: its token is in its storage (`phone`: a phone's
    screen of that width and height)."""
    context = (browser.new_context() if phone is None else
               browser.new_context(viewport={"width": phone[0], "height": phone[1]},
                                   is_mobile=True))
    page = context.new_page()
    page.goto(site)
    page.evaluate("([game, token]) => localStorage.setItem(`passgo-token-${game}`, token)",
                  [game, token])
    page.goto(f"{site}/game/{game}")
    return page


@contextmanager
def _ann_and_bob(browser: Browser, database: str, position: dict[str, Any]
                 ) -> Iterator[tuple[Page, Page]]:
    """Ann and Bob, people, seated at `position` in their own browsers (a bot in the third
    seat), the server running."""
    game, tokens = store_position(database, position, [PERSON, PERSON, "basic"])
    port = free_port()
    with server(database, port):
        site = f"http://127.0.0.1:{port}"
        yield _seated(browser, site, game, tokens[0]), _seated(browser, site, game, tokens[1])


@contextmanager
def _composing_for_bob(browser: Browser, database: str, position: dict[str, Any]
                       ) -> Iterator[tuple[Page, Page]]:
    """`_ann_and_bob`, Ann's trade composer open with Bob chosen as her partner."""
    with _ann_and_bob(browser, database, position) as (ann, bob):
        ann.locator("details.compose > summary").click(timeout=STEP_MS)
        ann.select_option("select[name=partner]", label="Bob")
        yield ann, bob


def _join(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.fill("input[name=name]", name)
    page.click("form.join button[type=submit]")
    # Attached, not visible: on a phone the players panel is a tab of its own.
    expect(page.locator(".player", has_text=f"{name} (you)")).to_be_attached(timeout=STEP_MS)


def _log(page: Page) -> str:
    return page.locator(".log").inner_text()


def _answer(page: Page, prefer: list[str]) -> bool:
    """Press the first answer button whose action starts with one of `prefer`, else the first
    answer; False when this page has nothing to answer (or its buttons were redrawn by an
    update in the meantime: the caller's loop asks again)."""
    buttons = page.locator(".decision > .answers > button")
    try:
        actions = [buttons.nth(i).get_attribute("data-action", timeout=1000) or ""
                   for i in range(buttons.count())]
        if not actions:
            return False
        chosen = next((i for word in prefer for i, action in enumerate(actions)
                       if action.startswith(word)), 0)
        buttons.nth(chosen).click(timeout=1000)
    except PlaywrightError:
        return False
    return True


def test_two_people_and_a_bot_buy_auction_trade_and_mortgage(browser: Browser,
                                                               site: str) -> None:
    ann = browser.new_context().new_page()
    ann.goto(site)
    ann.select_option("select[name=seat-1]", "person")
    ann.select_option("select[name=seat-2]", "bot:basic")
    ann.select_option("select[name=seat-3]", "")
    ann.locator("details[data-category=ending] summary").click()
    ann.fill("input[name=clock_minutes]", "600")  # a time-limit game of ten hours
    ann.click("form.create button[type=submit]")
    ann.wait_for_url(re.compile(r"/game/"), timeout=STEP_MS)
    link = ann.url
    _join(ann, link, "Ann")
    bob = browser.new_context().new_page()
    _join(bob, link, "Bob")
    expect(bob.locator(".clock")).to_contain_text("Time limit: 9:5", timeout=STEP_MS)
    pages = {"Ann": ann, "Bob": bob}
    declined = False
    seen: set[str] = set()  # the log shows its last lines only: note what passed by
    wanted = {" bought ", "Auction of", " won "}
    for _ in range(300):
        log = _log(ann)
        seen |= {w for w in wanted if w in log}
        if declined and seen == wanted:
            break
        for name, page in pages.items():
            page.wait_for_timeout(100)
            if page.locator(".bid input[name=bid]").count():
                if "Auction of" in _log(page) and name == "Bob":
                    page.fill(".bid input[name=bid]", str(
                        int(page.locator(".bid input[name=bid]").get_attribute("min") or 1)))
                    page.click(".bid button[type=submit]")
                else:
                    _answer(page, ["pass"])
            elif not declined and page.locator("button[data-action=auction]").count():
                page.click("button[data-action=auction]")
                declined = True
            else:
                _answer(page, ["buy", "roll", "end"])
    assert declined and seen == wanted
    # A trade, composed in Ann's page and accepted in Bob's.
    ann.locator("details.compose > summary").click()
    ann.select_option("select[name=partner]", label="Bob")
    ann.fill("input[name=give-cash]", "1")
    ann.click("form.trade button[type=submit]")
    expect(bob.locator("button[data-action=accept]")).to_be_visible(timeout=STEP_MS)
    bob.click("button[data-action=accept]")
    expect(ann.locator(".log")).to_contain_text("Bob accepted your trade",
                                                timeout=STEP_MS)
    # A mortgage, from the business list of whoever owns a deed.
    for page in (ann, bob):
        mortgage = page.locator("button[data-action^=mortgage]")
        if mortgage.count():
            page.locator("details.business > summary").click()
            mortgage.first.click()
            expect(page.locator(".log")).to_contain_text("mortgaged", timeout=STEP_MS)
            expect(page.locator(".board .mortgaged").first).to_be_attached()
            break
    else:
        pytest.fail("nobody owned a deed to mortgage")


def test_a_reload_mid_game_keeps_the_seat(browser: Browser, site: str) -> None:
    game = post(int(site.rsplit(":", 1)[1]), "/api/games",
                {"seats": [{"kind": "person"}, {"kind": "bot", "bot": "basic"}]})["id"]
    page = browser.new_context().new_page()
    _join(page, f"{site}/game/{game}", "Ann")
    expect(page.locator(".decision > .answers > button").first).to_be_visible(timeout=STEP_MS)
    _answer(page, ["roll"])
    expect(page.locator(".log")).to_contain_text("You rolled", timeout=STEP_MS)
    before = _log(page)
    page.reload()
    expect(page.locator(".player", has_text="Ann (you)")).to_be_visible(timeout=STEP_MS)
    expect(page.locator(".log")).to_contain_text(before.splitlines()[-1], timeout=STEP_MS)
    expect(page.locator(".decision > .answers > button").first).to_be_visible(timeout=STEP_MS)


def test_the_phone_layout_fits_375_by_667(browser: Browser, site: str) -> None:
    game = post(int(site.rsplit(":", 1)[1]), "/api/games",
                {"seats": [{"kind": "person"}, {"kind": "bot", "bot": "basic"}]})["id"]
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True)
    page = context.new_page()
    _join(page, f"{site}/game/{game}", "Ann")
    board = page.locator("svg.board").bounding_box()
    assert board is not None and board["width"] <= 375
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    button = page.locator(".decision > .answers > button").first
    expect(button).to_be_visible(timeout=STEP_MS)
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    # Keyboard: the 1 key presses the first answer.
    version_log = page.locator(".log").text_content()
    page.keyboard.press("1")
    expect(page.locator(".log")).not_to_have_text(version_log or "", timeout=STEP_MS)
    # The players panel and the log are tabs of their own, each within the screen's width.
    for tab, part in (("Players", ".player[data-seat='0']"), ("Log", ".log")):
        page.click(f"nav.tabs button:has-text('{tab}')")
        expect(page.locator(part)).to_be_visible()
        shown = page.locator(part).bounding_box()
        assert shown is not None and shown["x"] >= 0 and shown["x"] + shown["width"] <= 375


# Ann has Mediterranean Avenue, Bob Baltic Avenue: a trade completes Ann's brown group.
BROWNS = {
    "to_move": "Ann",
    "players": [{"name": "Ann", "cash": 1500}, {"name": "Bob", "cash": 1500},
                {"name": "Basic 3", "cash": 1500}],
    "properties": {"Mediterranean Avenue": {"owner": "Ann"}, "Baltic Avenue": {"owner": "Bob"}},
}


def test_a_trade_completes_a_group_and_houses_go_up_evenly(browser: Browser,
                                                           database: str) -> None:
    """Rules, Houses: "When you own all the properties in a color-group you may buy houses
    from the Bank and erect them on those properties." ... "You must build evenly." """
    with _ann_and_bob(browser, database, BROWNS) as (ann, bob):
        expect(ann.locator(".player", has_text="Ann (you)")).to_be_visible(timeout=STEP_MS)
        expect(ann.locator("button[data-action^=build]")).to_have_count(0)
        ann.locator("details.compose > summary").click()
        ann.select_option("select[name=partner]", label="Bob")
        ann.fill("input[name=give-cash]", "100")
        ann.check(".trade-side input[name=get-deed][value='3']")
        ann.click("form.trade button[type=submit]")
        expect(bob.locator(".offer")).to_contain_text("Baltic Avenue", timeout=STEP_MS)
        expect(bob.locator(".offer > .trade-summary")).to_contain_text(
            "completes Ann's brown group")
        # Accepting an offer that completes the proposer's group asks first: Cancel leaves
        # the offer standing, the second answer accepts it.
        bob.click("button[data-action=accept]")
        expect(bob.locator("dialog.confirm")).to_contain_text(
            "This completes Ann's brown group.")
        bob.click("dialog.confirm button:has-text('Cancel')")
        expect(bob.locator("dialog.confirm")).to_have_count(0)
        expect(bob.locator("button[data-action=accept]")).to_be_visible()
        bob.click("button[data-action=accept]")
        bob.click("dialog.confirm [data-confirm=yes]")
        expect(ann.locator(".log")).to_contain_text("Bob accepted your trade",
                                                    timeout=STEP_MS)
        build_1 = ann.locator("button[data-action='build 1']")
        build_3 = ann.locator("button[data-action='build 3']")
        expect(build_1).to_be_attached(timeout=STEP_MS)
        ann.locator("details.business > summary").click()
        expect(build_1).to_have_text("Build a house on Mediterranean Avenue for $50")
        build_1.click()
        expect(ann.locator(".player[data-seat='0'] .chip[data-square='1']")).to_contain_text(
            "1h", timeout=STEP_MS)
        # Evenly: Baltic Avenue first, so Mediterranean Avenue is not offered a second house.
        expect(build_3).to_be_attached(timeout=STEP_MS)
        expect(build_1).to_have_count(0)
        build_3.click()
        expect(ann.locator(".player[data-seat='0'] .chip[data-square='3']")).to_contain_text(
            "1h", timeout=STEP_MS)
        expect(build_1).to_be_attached(timeout=STEP_MS)
        # Bob's page draws the two houses on the board, and Ann's cash after it all:
        # 1,500 - 100 (the trade) - 2 x 50 (the houses).
        expect(bob.locator(".board [data-square='1'] .house")).to_have_count(1)
        expect(bob.locator(".board [data-square='3'] .house")).to_have_count(1)
        expect(bob.locator(".player[data-seat='0'] .cash")).to_have_text("$1,300")


# Bob, with $100 and nothing to sell, throws 3 + 4 from Pacific Avenue onto Ann's Boardwalk
# with a hotel: $2,000 rent.
BOARDWALK = {
    "to_move": "Bob",
    "players": [{"name": "Ann", "cash": 1500}, {"name": "Bob", "cash": 100, "position": 32},
                {"name": "Basic 3", "cash": 1500, "position": 5}],
    "properties": {"Park Place": {"owner": "Ann", "hotel": True},
                   "Boardwalk": {"owner": "Ann", "hotel": True}},
    "dice": {"script": [[3, 4]]},
}


def test_a_player_who_cannot_pay_declares_bankruptcy(browser: Browser, database: str) -> None:
    """Rules, Bankruptcy: "You are declared bankrupt if you owe more than you can pay ...
    If your debt is to another player, you must turn over to that player all that you have of
    value and retire from the game." """
    with _ann_and_bob(browser, database, BOARDWALK) as (ann, bob):
        bob.click("button[data-action=roll]", timeout=STEP_MS)
        expect(bob.locator(".debt")).to_contain_text("You owe $2,000 to Ann (rent) and have $100",
                                                     timeout=STEP_MS)
        bob.click("button[data-action=bankrupt]")
        # Bankruptcy asks first.
        expect(bob.locator("dialog.confirm")).to_contain_text("Declare bankruptcy?")
        bob.click("dialog.confirm [data-confirm=yes]")
        expect(ann.locator(".log")).to_contain_text("Bob is bankrupt to you", timeout=STEP_MS)
        expect(ann.locator(".player[data-seat='1'] .marks")).to_contain_text("bankrupt")
        expect(ann.locator(".player[data-seat='0'] .cash")).to_have_text("$1,600")
        # A bankrupt player watches: no answers, no business, no trade composer.
        expect(bob.locator(".player[data-seat='1'] .marks")).to_contain_text("bankrupt",
                                                                            timeout=STEP_MS)
        expect(bob.locator("details.compose")).to_have_count(0)
        expect(bob.locator(".decision > .answers > button")).to_have_count(0)


# The four house rules of 004 that add terms to a trade, on; Ann and Bob own a brown each.
TERMS = {**BROWNS, "rules": {"immunity": True, "profit_sharing": True, "player_loans": True,
                             "partnerships": True}}


def test_the_trade_composer_offers_the_house_rule_terms(browser: Browser, database: str) -> None:
    """004, Partnerships: "Two or more players may agree to form a partnership with a property
    group in which they have a monopoly between them. Each partner may then purchase houses or
    hotels for the property they own" — and Loans, Immunity and Profit Sharing, composed in
    the page and accepted in the other."""
    with _composing_for_bob(browser, database, TERMS) as (ann, bob):
        for terms in ann.locator(".trade-side details.terms summary").all():
            terms.click()
        ann.check("input[name=give-immunity][value='1']")
        ann.fill("input[name=give-immunity-count]", "2")
        ann.fill("input[name=give-loan]", "200")
        ann.fill("input[name=give-loan-percent]", "10")
        ann.check("input[name=partnership][value=brown]")
        bob_side = ann.locator(".trade-side").nth(1)
        bob_side.locator("input[name=get-share][value='3']").check()
        bob_side.locator("select[name=get-share-unit]").select_option("turns")
        bob_side.locator("input[name=get-share-count]").fill("10")
        ann.click("form.trade button[type=submit]")
        offer = bob.locator(".offer")
        expect(offer).to_contain_text("immunity", timeout=STEP_MS)
        for words in ("Mediterranean Avenue", "$200", "partnership", "Baltic Avenue"):
            expect(offer).to_contain_text(words)
        bob.click("button[data-action=accept]")
        expect(ann.locator(".log")).to_contain_text("Bob accepted your trade",
                                                    timeout=STEP_MS)
        # The loan was paid at once; the partners may build on their own browns.
        expect(bob.locator(".player[data-seat='1'] .cash")).to_have_text("$1,700")
        expect(ann.locator("button[data-action='build 1']")).to_be_attached(timeout=STEP_MS)


def _create_and_join(page: Page, second: str, name: str) -> None:
    """Create a game of two seats in the lobby page (the second `second`) and take the first."""
    page.select_option("select[name=seat-1]", second)
    page.select_option("select[name=seat-2]", "")
    page.select_option("select[name=seat-3]", "")
    page.click("form.create button[type=submit]")
    page.wait_for_url(re.compile(r"/game/"), timeout=STEP_MS)
    _join(page, page.url, name)


def test_the_host_starts_with_bots_and_the_chat_shows_text_as_text(browser: Browser,
                                                                   site: str) -> None:
    """The host's controls and the chat are reachable in the page: the creator's browser
    holds the host token, starts the game with a bot in the open seat, and a chat line with
    markup in it is shown as the characters typed."""
    ann = browser.new_context().new_page()
    ann.goto(site)
    ann.fill("input[name=game_name]", "Friday night")
    _create_and_join(ann, "person", "Ann")
    expect(ann.locator("header .title")).to_have_text("Friday night", timeout=STEP_MS)
    ann.locator("details.host summary").click()
    ann.click("button[data-host=start]")
    expect(ann.locator(".player", has_text="Basic 2")).to_be_visible(timeout=STEP_MS)
    expect(ann.locator(".decision > .answers > button").first).to_be_visible(timeout=STEP_MS)
    line = "<b>bold?</b> & <img src=x onerror=alert(1)>"
    ann.fill("input[name=chat]", line)
    ann.click("form.chat-form button[type=submit]")
    expect(ann.locator(".chat li").last).to_have_text(f"Ann: {line}", timeout=STEP_MS)
    assert ann.locator(".chat li b").count() == 1  # the name's own <b>; the line's is text
    assert ann.locator(".chat img").count() == 0


CADDY = "/usr/bin/caddy"


def _caddy(tmp_path: Path, https_port: int, backend: int) -> subprocess.Popen[bytes]:
    """Debian's Caddy on 127.0.0.1 with its internal TLS, passing everything (WebSockets
    too) to the passgo server on `backend`, as docs/host.md shows for the internet."""
    config = tmp_path / "Caddyfile"
    config.write_text(
        "{\n\tadmin off\n\tauto_https disable_redirects\n\tskip_install_trust\n"
        "\tservers {\n\t\ttimeouts {\n\t\t\tread_header 10s\n\t\t\tread_body 30s\n"
        "\t\t}\n\t}\n}\n"
        f"https://127.0.0.1:{https_port} {{\n\ttls internal\n"
        f"\treverse_proxy 127.0.0.1:{backend}\n}}\n")
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    proc = subprocess.Popen([CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
                            env=env, stdout=subprocess.DEVNULL,
                            stderr=(tmp_path / "caddy.log").open("wb"))
    deadline = time.monotonic() + 30
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", https_port)) == 0:
                return proc
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("caddy did not start: " + (tmp_path / "caddy.log").read_text()[-2000:])
        time.sleep(0.1)


def test_a_game_served_through_caddy_over_tls_and_wss(browser: Browser, tmp_path: Path) -> None:
    """The internet set-up of docs/host.md on one machine: Caddy terminates TLS (its internal
    certificate authority) and passes HTTP and WebSockets to passgo serve, which trusts it
    as a proxy and makes links with --public-url. Chromium plays over https and wss."""
    if not Path(CADDY).exists():
        if os.environ.get("PASSGO_CI"):
            pytest.fail(f"CI must test through Caddy: no {CADDY} (apt-get install caddy)")
        pytest.skip(f"no {CADDY} (apt-get install caddy)")
    backend, https_port = free_port(), free_port()
    public = f"https://127.0.0.1:{https_port}"
    with server(f"sqlite:///{tmp_path / 'games.sqlite3'}", backend,
                args=["--trusted-proxy", "127.0.0.1", "--public-url", public]):
        caddy = _caddy(tmp_path, https_port, backend)
        try:
            context = browser.new_context(ignore_https_errors=True)  # Caddy's own CA
            page = context.new_page()
            sockets: list[str] = []
            page.on("websocket", lambda ws: sockets.append(ws.url))
            page.goto(public)
            _create_and_join(page, "bot:basic", "Ann")
            expect(page.locator(".decision > .answers > button").first).to_be_visible(
                timeout=STEP_MS)
            _answer(page, ["roll"])
            expect(page.locator(".log")).to_contain_text("You rolled", timeout=STEP_MS)
            invite = page.locator(".invite input").input_value()
            assert invite.startswith(f"{public}/game/")
            assert sockets and all(url.startswith(f"wss://127.0.0.1:{https_port}/")
                                   for url in sockets)
            context.close()
        finally:
            caddy.kill()
            caddy.wait()


# Two people: Bob throws onto Ann's Boardwalk with a hotel and cannot pay, so his bankruptcy
# ends the game.
HEADS_UP = {**BOARDWALK, "players": BOARDWALK["players"][:2]}


def test_a_bankruptcy_ends_the_game_on_the_result_screen_and_a_rematch(
        browser: Browser, database: str) -> None:
    """The game-over screen names the winner, ranks the players with their worth, rent and
    groups, draws each player's worth over the rounds, and reviews the game on request; the
    rematch takes both people, in their seats, to a new game of the same rules."""
    game, tokens = store_position(database, HEADS_UP, [PERSON, PERSON])
    port = free_port()
    with server(database, port):
        site = f"http://127.0.0.1:{port}"
        ann = _seated(browser, site, game, tokens[0])
        bob = _seated(browser, site, game, tokens[1])
        bob.click("button[data-action=roll]", timeout=STEP_MS)
        bob.click("button[data-action=bankrupt]", timeout=STEP_MS)
        bob.click("dialog.confirm [data-confirm=yes]")
        for page in (ann, bob):
            results = page.locator(".results")
            expect(results).to_be_visible(timeout=STEP_MS)
            expect(results.locator(".standings .winner-row")).to_contain_text("Ann")
            expect(results.locator(".standings .winner-row")).to_contain_text("dark blue")
            expect(results.locator(".standings tbody tr")).to_have_count(2)
            expect(results.locator("figure.chart polyline")).to_have_count(2)
        # Bob could not pay the rent: it counts as paid by nobody, his $100 went with his
        # bankruptcy.
        expect(ann.locator(".standings thead")).to_contain_text("Rent received")
        rent = ann.locator(".standings tbody tr", has_text="Bob").locator("td").nth(3)
        expect(rent).to_have_text("$0")
        # The review: both players' win chances over the decisions, a step-through.
        expect(ann.locator(".token[data-seat='1']")).to_have_count(0)
        ann.click("text=Review this game")
        review = ann.locator("section.review")
        expect(review.locator("svg polyline")).to_have_count(2, timeout=60_000)
        expect(review.locator(".review-step")).to_contain_text("Decision 1 of")
        expect(review).to_contain_text("Ann won (last player standing).")
        # Bob's one decision, the bankruptcy, was forced; Ann made none.
        expect(review).to_contain_text("Ann: no decision of theirs to judge.")
        expect(review.locator("figure.chart")).to_contain_text("first to last")
        expect(review.locator("figure.chart")).to_contain_text("Bob")
        # The board shows the position of the step chosen: Bob, out of the game at the end
        # and so off the board, is back on Boardwalk, deciding.
        expect(review.locator(".review-step")).to_contain_text("Bob — declaring bankruptcy")
        expect(ann.locator(".token[data-seat='1']")).to_have_attribute("data-square", "39",
                                                                       timeout=STEP_MS)
        SHOTS.mkdir(parents=True, exist_ok=True)
        ann.locator(".results").screenshot(path=SHOTS / "review.png")  # for a look
        ann.click("button.rematch")
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            page.wait_for_url(lambda url: f"/game/{game}" not in url, timeout=STEP_MS)
            expect(page.locator(".player", has_text=f"{name} (you)")).to_be_attached(
                timeout=STEP_MS)
        assert ann.url == bob.url
        expect(ann.locator(".results")).to_have_count(0)


def test_a_private_game_is_reached_by_its_link_only(browser: Browser, site: str) -> None:
    port = int(site.rsplit(":", 1)[1])
    public = post(port, "/api/games", {"name": "Open table", "public": True,
                                       "seats": [{"kind": "person"}, {"kind": "person"}]})
    hidden = post(port, "/api/games", {"name": "Friends only", "public": False,
                                       "seats": [{"kind": "person"}, {"kind": "person"}]})
    page = browser.new_context().new_page()
    page.goto(site)
    games = page.locator(".games")
    expect(games).to_contain_text("Open table", timeout=STEP_MS)
    expect(games).not_to_contain_text("Friends only")
    page.goto(f"{site}/game/{hidden['id']}")
    expect(page.locator("form.join h1")).to_have_text("Friends only", timeout=STEP_MS)
    assert public["id"] != hidden["id"]


def test_one_whole_turn_by_keyboard_alone(browser: Browser, database: str) -> None:
    """Keys 1-9 press the answers in the order shown and a new decision takes the focus, so
    a turn is played without the mouse: throw, buy, end the turn."""
    game, tokens = store_position(database, KEYBOARD, [PERSON, "basic"])
    port = free_port()
    with server(database, port):
        ann = _seated(browser, f"http://127.0.0.1:{port}", game, tokens[0])
        answers = ann.locator(".decision > .answers > button")
        # The tab's title says whose turn it is.
        expect(ann).to_have_title(re.compile("^● Your turn"), timeout=STEP_MS)
        for first, key in (("roll", "1"), ("buy", "1"), ("end", "1")):
            expect(answers.first).to_have_attribute("data-action", re.compile(f"^{first}"),
                                                     timeout=STEP_MS)
            expect(answers.first).to_be_enabled(timeout=STEP_MS)
            expect(answers.first).to_be_focused(timeout=STEP_MS)
            ann.keyboard.press(key)
        expect(ann.locator(".log")).to_contain_text("You bought Oriental Avenue",
                                                    timeout=STEP_MS)
        expect(ann.locator(".player[data-seat='0'] .chip[data-square='6']")).to_be_attached()
        expect(ann).not_to_have_title(re.compile("Your turn"), timeout=STEP_MS)


# Records, at every change of the decision panel, each answer button's action and whether it
# is disabled, in the order the changes happen.
WATCH_ANSWERS = """() => {
  window.answerStates = [];
  const note = () => document.querySelectorAll(".decision > .answers > button").forEach(
    (b) => window.answerStates.push([b.dataset.action, b.disabled]));
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true,
    attributes: true, attributeFilter: ["disabled", "data-action"]});
}"""


def test_a_key_pressed_twice_answers_one_decision(browser: Browser, database: str) -> None:
    """The decision that arrives right after an answer (end the turn? after buying Oriental
    Avenue) takes no press for a moment, so a key pressed twice never answers it: its buttons
    are disabled from the moment they show until the moment is up, never enabled first (a
    press then would take the focus and be lost); then the key answers it."""
    game, tokens = store_position(database, KEYBOARD, [PERSON, "basic"])
    port = free_port()
    with server(database, port):
        ann = _seated(browser, f"http://127.0.0.1:{port}", game, tokens[0])
        answers = ann.locator(".decision > .answers > button")
        for first in ("roll", "buy"):
            expect(answers.first).to_have_attribute("data-action", re.compile(f"^{first}"),
                                                     timeout=STEP_MS)
            expect(answers.first).to_be_enabled(timeout=STEP_MS)
            expect(answers.first).to_be_focused(timeout=STEP_MS)
            if first == "buy":
                ann.evaluate(WATCH_ANSWERS)
                ann.keyboard.press("1")
            ann.keyboard.press("1")
        expect(answers.first).to_have_attribute("data-action", re.compile("^end"),
                                                 timeout=STEP_MS)
        expect(answers.first).to_be_enabled(timeout=STEP_MS)
        end = [disabled for action, disabled in ann.evaluate("window.answerStates")
               if action.startswith("end")]
        assert end and end[0] is True and end[-1] is False, end
        assert end == sorted(end, reverse=True), end  # disabled, then enabled for good
        expect(ann).to_have_title(re.compile("^● Your turn"))
        expect(answers.first).to_be_focused(timeout=STEP_MS)
        ann.keyboard.press("1")
        expect(ann).not_to_have_title(re.compile("Your turn"), timeout=STEP_MS)


# Ann throws 2 + 4 from GO onto Oriental Avenue, for sale.
KEYBOARD = {"to_move": "Ann", "players": [{"name": "Ann"}, {"name": "Basic 2"}],
            "dice": {"script": [[2, 4]]}}


# Mid-game: four players, houses, hotels, a mortgaged deed, one player in jail and one just
# visiting, for the pictures and the accessibility checks.
MID_GAME = {
    "to_move": "Ann",
    "players": [{"name": "Ann", "cash": 820, "position": 8},
                {"name": "Bob", "cash": 640, "position": 24},
                {"name": "Basic 3", "cash": 1100, "in_jail": True, "jail_turns": 1,
                 "position": 10},
                {"name": "Cleo", "cash": 300, "position": 10}],
    "properties": {"Mediterranean Avenue": {"owner": "Ann", "houses": 2},
                   "Baltic Avenue": {"owner": "Ann", "houses": 2},
                   "Reading Railroad": {"owner": "Bob"}, "Pennsylvania Railroad": {"owner": "Bob"},
                   "Illinois Avenue": {"owner": "Bob", "mortgaged": True},
                   "Park Place": {"owner": "Basic 3", "hotel": True},
                   "Boardwalk": {"owner": "Basic 3", "hotel": True},
                   "Electric Company": {"owner": "Cleo"}, "Oriental Avenue": {"owner": "Cleo"}},
}
SIZES = [(1280, 800), (375, 667)]
AXE = Path(__file__).parents[2] / "client" / "node_modules" / "axe-core" / "axe.min.js"
SNAPSHOTS = Path(__file__).parent / "snapshots"
# Where the pictures taken are written for a look (CI keeps them as artefacts).
SHOTS = Path(os.environ.get("PASSGO_SHOTS", "build/web-shots"))
# A pixel differs when a channel is off by more than PIXEL_TOLERANCE (antialiasing, font
# hinting); a picture matches when at most SNAPSHOT_TOLERANCE of its pixels differ.
PIXEL_TOLERANCE = 48
SNAPSHOT_TOLERANCE = 0.02


def _serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, str]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter((v) => v.impact === 'serious' || v.impact === 'critical')"
        ".map((v) => ({id: v.id, where: v.nodes.map((n) => n.html).join(' | ')}))")
    return [f"{v['id']}: {v['where'][:300]}" for v in found]


def _pages(browser: Browser, site: str, game: str, token: str, width: int, height: int,
           scheme: str = "light") -> Iterator[tuple[str, Page]]:
    """The lobby, the board mid-game (on a phone also its square list), its deed card and
    the trade composer, one after the other in one page, each with its name."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme=scheme, reduced_motion="reduce")
    page = context.new_page()
    page.goto(site)
    expect(page.locator(".games")).to_be_visible(timeout=STEP_MS)
    yield "lobby", page
    page.evaluate("([game, token]) => localStorage.setItem(`passgo-token-${game}`, token)",
                  [game, token])
    page.goto(f"{site}/game/{game}")
    expect(page.locator(".decision > .answers > button").first).to_be_enabled(timeout=STEP_MS)
    yield "board", page
    if width < 700:  # a phone: the compact square list instead of the board, and back
        page.click(".zoom button.list-mode")
        expect(page.locator(".square-list")).to_be_visible()
        yield "squares", page
        page.click(".zoom button.list-mode")
    page.locator(".board [data-square='39'] .hit").click()
    expect(page.locator(".deed-card")).to_contain_text("Boardwalk")
    yield "deed", page
    page.keyboard.press("Escape")
    page.locator("details.compose > summary").click()
    expect(page.locator("form.trade")).to_be_visible()
    page.locator("form.trade").scroll_into_view_if_needed()
    yield "trade", page
    context.close()


def test_axe_core_finds_nothing_serious_on_any_page(browser: Browser, database: str) -> None:
    """Every page at both sizes, light and dark, and the result screen: no serious or
    critical violation."""
    game, tokens = store_position(database, MID_GAME, [PERSON, PERSON, "basic", PERSON])
    over, over_tokens = store_position(database, HEADS_UP, [PERSON, PERSON])
    port = free_port()
    problems: list[str] = []
    with server(database, port):
        site = f"http://127.0.0.1:{port}"
        for scheme in ("light", "dark"):
            for width, height in SIZES:
                for name, page in _pages(browser, site, game, tokens[0], width, height, scheme):
                    problems += [f"{name} {width} {scheme}: {p}" for p in _serious(page)]
        bob = _seated(browser, site, over, over_tokens[1])
        bob.click("button[data-action=roll]", timeout=STEP_MS)
        bob.click("button[data-action=bankrupt]", timeout=STEP_MS)
        bob.click("dialog.confirm [data-confirm=yes]")
        expect(bob.locator("figure.chart")).to_be_visible(timeout=STEP_MS)
        problems += [f"results: {p}" for p in _serious(bob)]
    assert not problems, "\n".join(problems)


def _differs(taken: Path, reference: Path) -> float:
    """The share of pixels that differ beyond PIXEL_TOLERANCE (1.0: another size)."""
    from PIL import Image, ImageChops

    with Image.open(taken) as a, Image.open(reference) as b:
        if a.size != b.size:
            return 1.0
        diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
        histogram = diff.histogram()
        return sum(histogram[PIXEL_TOLERANCE + 1:]) / (a.size[0] * a.size[1])


def test_the_pages_look_as_their_reference_pictures(browser: Browser, database: str) -> None:
    """Visual snapshots of the lobby, the board mid-game (and the phone's square list), the
    deed card, the trade composer and the result screen at 1280x800 and 375x667 against
    tests/web/snapshots (a small tolerance for antialiasing). PASSGO_UPDATE_SNAPSHOTS=1
    writes the references anew; the pictures taken are kept in PASSGO_SHOTS for a look."""
    game, tokens = store_position(database, MID_GAME, [PERSON, PERSON, "basic", PERSON])
    over, over_tokens = store_position(database, HEADS_UP, [PERSON, PERSON])
    SHOTS.mkdir(parents=True, exist_ok=True)
    update = bool(os.environ.get("PASSGO_UPDATE_SNAPSHOTS"))
    port = free_port()
    taken: list[str] = []
    with server(database, port):
        site = f"http://127.0.0.1:{port}"

        def shoot(page: Page, name: str) -> None:
            path = SHOTS / f"{name}.png"
            # The invitation link and the games' names carry the port and the ids.
            page.screenshot(path=str(path), animations="disabled", caret="hide",
                            mask=[page.locator(".invite input"), page.locator(".game-name")])
            taken.append(name)

        for width, height in SIZES:
            for name, page in _pages(browser, site, game, tokens[0], width, height):
                shoot(page, f"{name}-{width}x{height}")
            context = browser.new_context(viewport={"width": width, "height": height},
                                          reduced_motion="reduce")
            page = context.new_page()
            page.goto(site)
            page.evaluate("([game, token]) => localStorage.setItem(`passgo-token-${game}`, token)",
                          [over, over_tokens[1]])
            page.goto(f"{site}/game/{over}")
            if width == SIZES[0][0]:  # the game ends once; the second size sees it over
                page.click("button[data-action=roll]", timeout=STEP_MS)
                page.click("button[data-action=bankrupt]", timeout=STEP_MS)
                page.click("dialog.confirm [data-confirm=yes]")
            expect(page.locator("figure.chart")).to_be_visible(timeout=STEP_MS)
            page.locator(".results").scroll_into_view_if_needed()
            shoot(page, f"results-{width}x{height}")
            context.close()
    if update:
        SNAPSHOTS.mkdir(exist_ok=True)
        for name in taken:
            (SNAPSHOTS / f"{name}.png").write_bytes((SHOTS / f"{name}.png").read_bytes())
        return
    missing = [name for name in taken if not (SNAPSHOTS / f"{name}.png").exists()]
    assert not missing, f"no reference pictures for {missing} (PASSGO_UPDATE_SNAPSHOTS=1)"
    differ = {name: share for name in taken
              if (share := _differs(SHOTS / f"{name}.png", SNAPSHOTS / f"{name}.png"))
              > SNAPSHOT_TOLERANCE}
    assert not differ, f"pictures unlike their references (share of pixels), see {SHOTS}: {differ}"


@pytest.mark.parametrize("shared", ["free_parking", "go"])
def test_the_double_board_is_drawn_with_both_rings(browser: Browser, site: str,
                                                   shared: str) -> None:
    """004's Double board: the US board and the UK board sharing one square, both drawn (79
    squares: the shared one once), each board's groups in their colours."""
    port = int(site.rsplit(":", 1)[1])
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "basic"}]
    game = post(port, "/api/games", {"options": {"double_board": shared}, "seats": seats})
    page = browser.new_context().new_page()
    _join(page, f"{site}/game/{game['id']}", "Ann")
    board = page.locator("svg.board")
    expect(board.locator(".hit")).to_have_count(79, timeout=STEP_MS)
    for name in ("Boardwalk", "Mayfair", "Old Kent Road", "Mediterranean Avenue"):
        expect(board.locator(f".hit[aria-label^='{name},']")).to_have_count(1)
    expect(board).to_contain_text("passgo UK")


def test_the_dice_roll_and_the_token_steps_square_by_square(browser: Browser,
                                                            database: str) -> None:
    """The update's typed events drive the animation: Ann's token passes every square from
    GO to Oriental Avenue on its way, and the page shows the purchase question after it."""
    game, tokens = store_position(database, KEYBOARD, [PERSON, "basic"])
    port = free_port()
    with server(database, port):
        ann = _seated(browser, f"http://127.0.0.1:{port}", game, tokens[0])
        expect(ann.locator("button[data-action=roll]")).to_be_enabled(timeout=STEP_MS)
        ann.evaluate("""() => {
            window.seen = [];
            new MutationObserver(() => {
                const token = document.querySelector(".token[data-seat='0']");
                const square = token && token.getAttribute("data-square");
                if (square !== null && window.seen.at(-1) !== square) window.seen.push(square);
            }).observe(document.querySelector("svg.board"),
                       {subtree: true, attributes: true, childList: true});
        }""")
        ann.click("button[data-action=roll]")
        expect(ann.locator("button[data-action^=buy]")).to_be_attached(timeout=STEP_MS)
        assert ann.evaluate("window.seen") == [str(square) for square in range(7)]  # GO on


def _press(page: Page, action: str) -> None:
    """Press the answer or business button of `action` once it is there and takes a press."""
    button = page.locator(f"button[data-action='{action}']")
    expect(button).to_be_enabled(timeout=STEP_MS)
    button.click()


def _open_business(page: Page) -> None:
    business = page.locator("details.business")
    expect(business).to_be_attached(timeout=STEP_MS)
    if business.get_attribute("open") is None:
        business.locator("summary").click()


# The lobby's game of Ann, Bob and a basic bot, set to its first throw with the dice scripted
# (restage): Ann holds Mediterranean Avenue and Reading Railroad, Bob Baltic Avenue.
# Round 1: Ann throws onto Oriental Avenue and puts it up for auction (Bob wins it at $110,
# above the bot's limit of the printed price); Ann buys Baltic Avenue from Bob (which
# completes her brown group, so Bob confirms), builds a house on each brown and mortgages
# Reading Railroad. Bob throws from Free Parking onto Go To Jail; the bot from States Avenue
# to Free Parking. Round 2: Ann buys Connecticut Avenue; Bob pays his fine, then buys
# Pennsylvania Railroad; the bot goes to jail. The round limit the lobby set (2) ends the game.
WHOLE_GAME_DICE = [[2, 4], [4, 6], [3, 4], [1, 2], [2, 3], [4, 6]]


def _whole_game_position(bot: str) -> dict[str, object]:
    return {"to_move": "Ann",
            "players": [{"name": "Ann", "position": 0}, {"name": "Bob", "position": 20},
                        {"name": bot, "position": 13}],
            "properties": {"Mediterranean Avenue": {"owner": "Ann"},
                           "Reading Railroad": {"owner": "Ann"},
                           "Baltic Avenue": {"owner": "Bob"}},
            "dice": {"script": WHOLE_GAME_DICE}}


def test_a_whole_game_from_the_lobby_to_the_result_screen_and_a_rematch(
        browser: Browser, database: str) -> None:
    """Two people and a bot, through the lobby (a named game with a round limit, its seats,
    the second person joining by the invitation link) to the result screen and a rematch:
    buying, an auction, a trade between the people with its confirmation, building with its
    price on the button, a mortgage, jail (Go To Jail, then the fine), chat. Classic rules,
    Time Limit Game: "the richest player will be declared the winner" (here after the rounds
    agreed in the lobby). Once both people sit, the server is stopped and the game set to its
    first throw with scripted dice (`restage`), then started again: the pages reconnect by
    themselves."""
    from passgo.web.store import Store

    port = free_port()
    site = f"http://127.0.0.1:{port}"
    with server(database, port):
        ann = browser.new_context().new_page()
        ann.goto(site)
        ann.fill("input[name=game_name]", "Whole game")
        ann.locator("details[data-category=ending] summary").click()
        ann.fill("input[name=round_limit]", "2")
        ann.select_option("select[name=seat-1]", "person")
        ann.select_option("select[name=seat-2]", "bot:basic")
        ann.select_option("select[name=seat-3]", "")
        ann.click("form.create button[type=submit]")
        ann.wait_for_url(re.compile(r"/game/"), timeout=STEP_MS)
        game = ann.url.rsplit("/", 1)[1]
        _join(ann, ann.url, "Ann")
        invite = ann.locator(".invite input").input_value()
        assert invite == f"{site}/game/{game}"
        bob = browser.new_context().new_page()
        bob.goto(site)  # the lobby lists the public game with its free seat
        expect(bob.locator(".games li", has_text="Whole game")).to_contain_text("1 free seat",
                                                                                timeout=STEP_MS)
        _join(bob, invite, "Bob")
        expect(ann.locator(".player", has_text="Bob")).to_be_attached(timeout=STEP_MS)
    store = Store(database)
    try:
        stored = store.load(game)
        assert stored is not None and stored.status == "playing"
        bot = stored.seats[2].name
    finally:
        store.close()
    assert bot is not None
    restage(database, game, _whole_game_position(bot))
    with server(database, port):
        for page in (ann, bob):  # reconnected, to the position
            expect(page.locator(".player[data-seat='0'] .chip[data-square='5']")).to_be_attached(
                timeout=STEP_MS)
        # Chat: a line from Bob reaches Ann.
        bob.fill("input[name=chat]", "Good luck, Ann")
        bob.click("form.chat-form button[type=submit]")
        expect(ann.locator(".chat li").last).to_have_text("Bob: Good luck, Ann",
                                                          timeout=STEP_MS)
        # Ann declines Oriental Avenue: an auction, which Bob wins.
        _press(ann, "roll")
        _press(ann, "auction")
        expect(bob.locator(".bid input[name=bid]")).to_be_visible(timeout=STEP_MS)
        bob.fill(".bid input[name=bid]", "110")
        bob.click(".bid button[type=submit]")
        _press(ann, "pass")
        expect(ann.locator(".log")).to_contain_text("Bob won Oriental Avenue", timeout=STEP_MS)
        # A trade: Ann's $100 for Bob's Baltic Avenue completes her group; Bob confirms.
        ann.locator("details.compose > summary").click()
        ann.select_option("select[name=partner]", label="Bob")
        ann.fill("input[name=give-cash]", "100")
        ann.check(".trade-side input[name=get-deed][value='3']")
        ann.click("form.trade button[type=submit]")
        _press(bob, "accept")
        expect(bob.locator("dialog.confirm")).to_contain_text("completes Ann's brown group")
        bob.click("dialog.confirm [data-confirm=yes]")
        expect(ann.locator(".log")).to_contain_text("Bob accepted your trade", timeout=STEP_MS)
        # Building, the price on the button; then a mortgage.
        _open_business(ann)
        expect(ann.locator("button[data-action='build 1']")).to_have_text(
            "Build a house on Mediterranean Avenue for $50", timeout=STEP_MS)
        _press(ann, "build 1")
        _press(ann, "build 3")
        expect(bob.locator(".board [data-square='3'] .house")).to_have_count(1, timeout=STEP_MS)
        expect(ann.locator("button[data-action='mortgage 5']")).to_have_text(
            "Mortgage Reading Railroad for $100")
        _press(ann, "mortgage 5")
        expect(bob.locator(".board .mortgaged")).to_have_count(1, timeout=STEP_MS)
        _press(ann, "end")
        # Bob throws onto Go To Jail: the board puts him in the cell, apart from Just Visiting.
        _press(bob, "roll")
        expect(ann.locator(".player[data-seat='1'] .marks")).to_contain_text("in jail",
                                                                              timeout=STEP_MS)
        expect(ann.locator(".token[data-seat='1']")).to_have_attribute("data-in-jail", "true")
        _press(bob, "end")
        # The bot's turn, then Ann's second: she buys Connecticut Avenue.
        _press(ann, "roll")
        expect(ann.locator("button[data-action=buy]")).to_contain_text(
            "Buy Connecticut Avenue for $120", timeout=STEP_MS)
        _press(ann, "buy")
        _press(ann, "end")
        # Bob pays his way out of jail, throws and buys.
        expect(bob.locator(".decision")).to_contain_text("jail", timeout=STEP_MS)
        _press(bob, "pay-fine")
        expect(ann.locator(".player[data-seat='1']")).not_to_contain_text(
            "in jail", timeout=STEP_MS)
        _press(bob, "roll")
        _press(bob, "buy")
        _press(bob, "end")
        # The bot's throw ends the second round: the game is over.
        for page in (ann, bob):
            results = page.locator(".results")
            expect(results).to_be_visible(timeout=STEP_MS)
            expect(results.locator(".standings .winner-row")).to_contain_text("Ann")
            expect(results.locator(".standings tbody tr")).to_have_count(3)
            expect(results.locator("figure.chart polyline")).to_have_count(3)
        bob.click("button.rematch")
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            page.wait_for_url(lambda url: f"/game/{game}" not in url, timeout=STEP_MS)
            expect(page.locator(".player", has_text=f"{name} (you)")).to_be_attached(
                timeout=STEP_MS)
            expect(page.locator(".player", has_text=bot)).to_be_attached()
            expect(page.locator("header .title")).to_have_text("Whole game")
        assert ann.url == bob.url
        rematch = ann.url.rsplit("/", 1)[1]
    store = Store(database)
    try:
        again = store.load(rematch)
        assert again is not None and again.setup.rules == stored.setup.rules
        assert again.setup.seats == stored.setup.seats
        assert [row.name for row in again.seats] == ["Ann", "Bob", bot]
    finally:
        store.close()


# All three in jail: Ann holds a Get Out of Jail Free card, Bob pays, Cleo throws doubles.
IN_JAIL = {
    "to_move": "Ann",
    "players": [{"name": "Ann", "position": "Jail", "in_jail": True,
                 "get_out_of_jail_free": ["chance"]},
                {"name": "Bob", "position": "Jail", "in_jail": True},
                {"name": "Cleo", "position": "Jail", "in_jail": True}],
    "dice": {"script": [[4, 6], [4, 6], [3, 3]]},
}


def test_jail_is_left_by_the_card_the_fine_or_doubles(browser: Browser, database: str) -> None:
    """Rules, Jail: "You get out of Jail by: throwing doubles on any of your next three turns;
    if you succeed in doing this you immediately move forward the number of spaces shown by
    your doubles throw; even though you had thrown doubles, you do not take another turn;
    using the "Get Out of Jail Free" card if you have it; ... paying a fine of $50 before you
    roll the dice on either of your next two turns." Each way from its button in the page."""
    game, tokens = store_position(database, IN_JAIL, [PERSON, PERSON, PERSON])
    port = free_port()
    with server(database, port):
        site = f"http://127.0.0.1:{port}"
        ann, bob, cleo = (_seated(browser, site, game, tokens[k]) for k in range(3))
        for seat in range(3):
            expect(ann.locator(f".token[data-seat='{seat}']")).to_have_attribute(
                "data-in-jail", "true", timeout=STEP_MS)
        # Ann: the card, then her throw moves her from jail to Free Parking.
        expect(ann.locator(".decision")).to_contain_text("jail", timeout=STEP_MS)
        expect(ann.locator(".player[data-seat='0'] .jail-cards")).to_contain_text("× 1")
        _press(ann, "use-card")
        expect(ann.locator(".player[data-seat='0'] .jail-cards")).to_have_count(0,
                                                                               timeout=STEP_MS)
        _press(ann, "roll")
        expect(ann.locator(".token[data-seat='0']")).to_have_attribute("data-square", "20",
                                                                       timeout=STEP_MS)
        _press(ann, "end")
        # Bob: the $50 fine, on its button, before his throw.
        expect(bob.locator("button[data-action=pay-fine]")).to_contain_text("$50",
                                                                           timeout=STEP_MS)
        _press(bob, "pay-fine")
        expect(bob.locator(".player[data-seat='1'] .cash")).to_have_text("$1,450",
                                                                         timeout=STEP_MS)
        _press(bob, "roll")
        expect(bob.locator(".token[data-seat='1']")).to_have_attribute("data-square", "20",
                                                                       timeout=STEP_MS)
        _press(bob, "end")
        # Cleo throws 3 + 3: out, six squares on to St. James Place, and no second throw.
        _press(cleo, "roll")
        expect(cleo.locator("button[data-action=buy]")).to_contain_text("St. James Place",
                                                                        timeout=STEP_MS)
        expect(cleo.locator(".token[data-seat='2']")).not_to_have_attribute("data-in-jail",
                                                                            "true")
        _press(cleo, "buy")
        expect(cleo.locator("button[data-action=end]")).to_be_enabled(timeout=STEP_MS)
        expect(cleo.locator("button[data-action=roll]")).to_have_count(0)
        expect(ann.locator(".player[data-seat='2'] .marks")).to_have_count(0)


def test_the_phone_square_list_shows_owners_buildings_and_tokens(browser: Browser,
                                                                 database: str) -> None:
    """On a phone the board can be read as a list of its squares, each with its owner's
    letter, its buildings, a mortgage, the tokens on it (in jail apart from visiting), the
    decision on screen under it and a square's deed card a press away."""
    game, tokens = store_position(database, MID_GAME, [PERSON, PERSON, "basic", PERSON])
    port = free_port()
    with server(database, port):
        page = _seated(browser, f"http://127.0.0.1:{port}", game, tokens[0], phone=(375, 667))
        expect(page.locator(".decision > .answers > button").first).to_be_enabled(
            timeout=STEP_MS)
        page.click(".zoom button.list-mode")
        squares = page.locator(".square-list > li")
        expect(squares).to_have_count(40)
        expect(page.locator("svg.board")).to_have_count(0)
        baltic = page.locator(".square-list [data-square='3']")
        expect(baltic).to_contain_text("Baltic Avenue")
        expect(baltic.locator(".sq-built")).to_have_text("2 houses")
        expect(baltic.locator(".sq-owner")).to_contain_text("Ann")
        expect(page.locator(".square-list [data-square='39'] .sq-built")).to_have_text("hotel")
        expect(page.locator(".square-list [data-square='24']")).to_contain_text("mortgaged")
        expect(page.locator(".square-list [data-square='24'] .sq-tokens")).to_contain_text("Bob")
        expect(page.locator(".square-list [data-square='8'] .sq-tokens")).to_contain_text("Ann")
        expect(page.locator(".square-list [data-square='9'] .sq-price")).to_have_text("$120")
        jail = page.locator(".square-list [data-square='10'] .sq-tokens")
        expect(jail.locator(".sq-jailed")).to_contain_text("Basic 3")
        expect(jail.locator(".sq-jailed")).not_to_contain_text("Cleo")
        expect(jail.locator(".sq-visiting")).to_contain_text("Cleo")
        expect(jail.locator(".sq-visiting")).not_to_contain_text("Basic 3")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        # The decision stays on screen wherever the list is scrolled to.
        page.locator(".square-list [data-square='39']").scroll_into_view_if_needed()
        expect(page.locator(".decision > .answers > button").first).to_be_in_viewport()
        page.locator(".square-list [data-square='39'] button.sq-name").click()
        expect(page.locator(".deed-card")).to_contain_text("Boardwalk")
        expect(page.locator(".deed-card")).to_be_in_viewport()
        page.context.close()


# What the focused element shows: its own outline or shadow; a board square (SVG draws no
# outline) its cell's stroke; a deed's tick box the outline of its card.
FOCUS_RING = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    const field = e.getAttribute("name") ? `[name=${e.getAttribute("name")}]` : "";
    const words = (e.getAttribute("aria-label") || e.textContent || "").trim().slice(0, 40);
    const name = `${e.tagName.toLowerCase()}${field} ${words}`;
    const ring = (el) => {
        const s = getComputedStyle(el);
        return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2) ||
            (s.boxShadow !== "none" && s.boxShadow !== "");
    };
    let shown = ring(e);
    if (!shown && e.classList.contains("hit")) {
        const cell = e.closest(".square").querySelector(".cell");
        shown = parseFloat(getComputedStyle(cell).strokeWidth) >= 3;
    }
    if (!shown && e.closest(".pick")) shown = ring(e.closest(".pick"));
    return {name, shown};
}"""


def _tab_through(page: Page, most: int) -> list[str]:
    """Tab from the top of the page until the focus comes round again (or `most` presses):
    the controls reached, each marked when it showed no focus ring."""
    page.locator("body").focus()
    seen: list[str] = []
    first = None
    for _ in range(most):
        page.keyboard.press("Tab")
        found = page.evaluate(FOCUS_RING)
        if found is None:
            continue
        if found["name"] == first:
            break
        first = first or found["name"]
        seen.append(found["name"] + ("" if found["shown"] else "  <-- no focus ring"))
    return seen


def test_tabbing_shows_a_focus_ring_on_every_control(browser: Browser, database: str) -> None:
    """Every control of the lobby and of the table, reached by Tab alone, shows where the
    focus is (its outline or shadow, a board square its cell's edge), light and dark."""
    game, tokens = store_position(database, MID_GAME, [PERSON, PERSON, "basic", PERSON])
    port = free_port()
    missing: list[str] = []
    with server(database, port):
        site = f"http://127.0.0.1:{port}"
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport={"width": 1280, "height": 800},
                                          color_scheme=scheme)
            page = context.new_page()
            page.goto(site)
            expect(page.locator(".games")).to_be_visible(timeout=STEP_MS)
            lobby = _tab_through(page, 120)
            assert len(lobby) > 15, lobby
            page.evaluate("([game, token]) => localStorage.setItem(`passgo-token-${game}`, token)",
                          [game, tokens[0]])
            page.goto(f"{site}/game/{game}")
            expect(page.locator(".decision > .answers > button").first).to_be_enabled(
                timeout=STEP_MS)
            page.locator("details.business > summary").click()
            page.locator("details.compose > summary").click()
            table = _tab_through(page, 200)
            assert any("Throw the dice" in c for c in table), table
            assert any(c.startswith("rect") for c in table), table  # a board square
            missing += [f"{scheme} lobby: {c}" for c in lobby if c.endswith("no focus ring")]
            missing += [f"{scheme} table: {c}" for c in table if c.endswith("no focus ring")]
            context.close()
    assert not missing, "\n".join(missing)


def test_a_hint_button_where_the_host_allows_hints(browser: Browser, site: str) -> None:
    """The lobby's "Allow hints" (More settings): at the player's own decision a Hint button
    asks what the expert would do, and the answer takes its place, told to the player."""
    ann = browser.new_context().new_page()
    ann.goto(site)
    ann.locator("details.more summary").click()
    ann.check("input[name=hints]")
    _create_and_join(ann, "bot:basic", "Ann")
    expect(ann.locator(".decision.yours")).to_be_visible(timeout=STEP_MS)
    ann.click("button[data-hint]")
    expect(ann.locator(".decision .hint")).to_have_text(re.compile(r"^The expert suggests "),
                                                        timeout=STEP_MS)
    expect(ann.locator("button[data-hint]")).to_have_count(0)


# Bob, with $100, throws 3 + 4 from Pacific Avenue onto Ann's Boardwalk with a house: $200
# rent, which he can raise by mortgaging the light blues he holds.
DEBT = {
    "to_move": "Bob",
    "players": [{"name": "Ann", "cash": 1500}, {"name": "Bob", "cash": 100, "position": 32}],
    "properties": {"Park Place": {"owner": "Ann", "houses": 1},
                   "Boardwalk": {"owner": "Ann", "houses": 1},
                   "Oriental Avenue": {"owner": "Bob"}, "Vermont Avenue": {"owner": "Bob"},
                   "Connecticut Avenue": {"owner": "Bob"}},
    "dice": {"script": [[3, 4]]},
}


def test_raising_money_is_the_players_turn_with_selling_and_mortgaging_open(
        browser: Browser, database: str) -> None:
    """Rules, Mortgages: a player who owes more than their cash raises it by selling
    buildings and mortgaging deeds. That decision is the player's as any other is (the
    frame, the tab's title), and its answers, the sales and mortgages, are shown open."""
    game, tokens = store_position(database, DEBT, [PERSON, PERSON])
    port = free_port()
    with server(database, port):
        bob = _seated(browser, f"http://127.0.0.1:{port}", game, tokens[1])
        _press(bob, "roll")
        expect(bob.locator(".debt")).to_contain_text("You owe $200 to Ann", timeout=STEP_MS)
        expect(bob.locator(".decision.yours")).to_be_visible()
        expect(bob).to_have_title(re.compile("^● Your turn"))
        expect(bob.locator("details.business")).to_have_attribute("open", "")
        expect(bob.locator("button[data-action='mortgage 6']")).to_be_visible()
        _press(bob, "mortgage 6")
        _press(bob, "mortgage 8")
        expect(bob.locator(".player[data-seat='0'] .cash")).to_have_text("$1,700",
                                                                         timeout=STEP_MS)
        expect(bob.locator("details.business")).not_to_have_attribute("open", "")


def test_the_trade_composer_starts_again_after_an_answer_and_for_another_partner(
        browser: Browser, database: str) -> None:
    """What was offered is gone from the composer once the offer is answered (the deeds it
    named have changed hands), and choosing another partner empties both sides (cash for
    the first partner's deed would otherwise be offered for nothing)."""
    with _composing_for_bob(browser, database, BROWNS) as (ann, bob):
        ann.fill("input[name=give-cash]", "100")
        ann.check(".trade-side input[name=get-deed][value='3']")
        ann.click("form.trade button[type=submit]")
        _press(bob, "accept")
        bob.click("dialog.confirm [data-confirm=yes]")
        expect(ann.locator(".log")).to_contain_text("Bob accepted your trade", timeout=STEP_MS)
        trade = ann.locator("form.trade")
        expect(trade.locator("input[name=give-cash]")).to_have_value("0")
        expect(trade.locator("input[type=checkbox]:checked")).to_have_count(0)
        expect(trade.locator(".trade-summary")).to_have_text("Pick what each side gives.")
        ann.fill("input[name=give-cash]", "50")
        ann.check(".trade-side input[name=give-deed][value='3']")
        ann.select_option("select[name=partner]", label="Basic 3")
        expect(trade.locator("input[name=give-cash]")).to_have_value("0")
        expect(trade.locator("input[type=checkbox]:checked")).to_have_count(0)
        expect(trade.locator(".trade-summary")).to_have_text("Pick what each side gives.")


def test_the_host_sees_what_may_be_done_and_the_waiting_room_says_when_play_starts(
        browser: Browser, site: str) -> None:
    """Waiting, the page says when the game starts (every seat taken, or the host's start
    with bots); the host may remove another person, never themself, and nobody once the
    game is over; the lobby's button for a game of theirs says that it deletes it for
    everyone."""
    ann = browser.new_context().new_page()
    ann.goto(site)
    _create_and_join(ann, "person", "Ann")
    expect(ann.locator(".board-box")).to_contain_text(
        "as soon as every seat is taken, or when the host starts it", timeout=STEP_MS)
    expect(ann.locator(".player[data-seat='0'] [data-host=remove]")).to_have_count(0)
    bob = browser.new_context().new_page()
    _join(bob, ann.url, "Bob")
    expect(ann.locator("svg.board")).to_be_visible(timeout=STEP_MS)
    expect(ann.locator(".player[data-seat='1'] [data-host=remove]")).to_be_attached()
    expect(ann.locator(".player[data-seat='0'] [data-host=remove]")).to_have_count(0)
    ann.goto(site)
    expect(ann.locator("button[data-remove]")).to_have_text("Delete the game for everyone",
                                                            timeout=STEP_MS)


def test_a_new_decision_takes_the_focus_where_the_page_is_scrolled(browser: Browser,
                                                                   database: str) -> None:
    """The focus moves to the new decision's first answer without scrolling the page away
    from what the player reads (the header and the question stay where they were)."""
    game, tokens = store_position(database, KEYBOARD, [PERSON, "basic"])
    port = free_port()
    with server(database, port):
        page = browser.new_context(viewport={"width": 1280, "height": 320}).new_page()
        page.goto(f"http://127.0.0.1:{port}")
        page.evaluate("([game, token]) => localStorage.setItem(`passgo-token-${game}`, token)",
                      [game, tokens[0]])
        page.goto(f"http://127.0.0.1:{port}/game/{game}")
        expect(page.locator("button[data-action=roll]")).to_be_focused(timeout=STEP_MS)
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        scrolled = page.evaluate("window.scrollY")
        assert scrolled > 200  # the answers out of sight above
        page.keyboard.press("1")
        expect(page.locator("button[data-action^=buy]")).to_be_focused(timeout=STEP_MS)
        assert page.evaluate("window.scrollY") == scrolled


# Ann throws 3 + 4 from GO onto Chance; the bot throws 1 + 2 onto Baltic Avenue.
CHANCE = {"to_move": "Ann", "players": [{"name": "Ann"}, {"name": "Basic 2"}],
          "dice": {"script": [[3, 4], [1, 2]]}}


def test_a_drawn_card_stays_until_the_next_turn_and_the_page_has_its_icon(
        browser: Browser, database: str) -> None:
    """The card drawn shows in the board's middle for the rest of the turn, not rounds
    later; and every file the page asks for is there, its icon too."""
    game, tokens = store_position(database, CHANCE, [PERSON, "basic"])
    port = free_port()
    with server(database, port):
        context = browser.new_context()
        page = context.new_page()
        missing: list[str] = []
        page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
        page.goto(f"http://127.0.0.1:{port}")
        page.evaluate("([game, token]) => localStorage.setItem(`passgo-token-${game}`, token)",
                      [game, tokens[0]])
        page.goto(f"http://127.0.0.1:{port}/game/{game}")
        _press(page, "roll")
        expect(page.locator(".drawn-card")).to_be_visible(timeout=STEP_MS)
        for _ in range(20):  # whatever the card asks, to the end of the turn
            if page.locator("button[data-action=end]").count():
                break
            _answer(page, ["pay", "buy", "roll"])
            page.wait_for_timeout(300)
        _press(page, "end")
        expect(page.locator(".log")).to_contain_text("Basic 2 rolled", timeout=STEP_MS)
        expect(page.locator(".drawn-card")).to_have_count(0)
        icon = page.locator("link[rel=icon]").get_attribute("href")
        assert icon and context.request.get(f"http://127.0.0.1:{port}{icon}").ok
        assert not missing, missing


def test_the_phone_board_is_followed_by_its_decision(browser: Browser, database: str) -> None:
    """On a tall phone (390x844) the decision comes right under the board, not at the
    bottom of the screen with an empty gap between them."""
    game, tokens = store_position(database, KEYBOARD, [PERSON, "basic"])
    port = free_port()
    with server(database, port):
        page = _seated(browser, f"http://127.0.0.1:{port}", game, tokens[0], phone=(390, 844))
        expect(page.locator("button[data-action=roll]")).to_be_visible(timeout=STEP_MS)
        board = page.locator("svg.board").bounding_box()
        decision = page.locator(".decision").bounding_box()
        assert board is not None and decision is not None
        assert board["width"] >= 370
        assert 0 <= decision["y"] - (board["y"] + board["height"]) <= 24, (board, decision)
        page.context.close()
