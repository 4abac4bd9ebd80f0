"""Load on `passgo serve`: many concurrent games, every seat a WebSocket client on loopback.

    python benchmarks/web_load.py [--games 100] [--seats 4] [--seconds 30] [--think 0]
                                  [--bots expert --bot-seats 2] [--bot-workers 2]
                                  [--bot-delay 0.5] [--bot-time-limit 1]
                                  [--database URL] [--workers 1] [--deflate] [--seed 0]
                                  [--json]

A server process is started on a free local port (an SQLite file in a temporary folder unless
`--database` names another database); `--games` games of `--seats` people are created and every
seat connects. Whenever a client's seat has a decision, it sends one of its legal answers
(chosen by a seeded RNG) and times how long the server takes to send back the update: p50,
p95, p99 and max of that time, actions per second, and the server's peak memory (RSS) and CPU
time (user + system, also as a share of one core) over the run, worker processes included
(`--workers N`, PostgreSQL only). The clients run in this
process (asyncio, one event loop), so on a small machine they compete with the server for the
cores. The clients ask for their updates as patches (JSON Patch, as the browser does) and
apply them; per-message deflate is off on both sides unless `--deflate` (the server's
`--websocket-deflate`, for the internet). Other options in BENCH_ARGS are ignored.

Two loads. With `--think 0` (the default) every client answers the moment its decision
arrives: a closed loop that keeps the server busy all the time, so its figures are the
server's throughput and CPU per action, and its latencies are mostly the queue of the other
games' actions. With `--think 1` each client first thinks for a random time (exponential,
mean one second, from the client's seeded RNG), as a person does: the load of 100 tables of
people, for which the latencies are the figures to read.

Bots at the table: `--bot-seats N` adds N seats of `--bots` (a built-in bot's name) to every
game, played by the server's bot worker processes (`--bot-workers`, `--bot-delay` between
their moves, `--bot-time-limit` per decision). Beside the action latency the server's own
figures are read from its /metrics before and after the load: the event loop's lag (how late
a timer due now ran: what every request waited on top of its own work), the bots' decision
time in their workers and their wait for a worker busy with other games' bots, as p50 and p99
of their histograms (interpolated within a bucket), and the decisions the
fallback bot made because a worker overran its time.

Stopped early (Ctrl-C, SIGINT or SIGTERM), it stops the server and every process it started
and removes the temporary database before it ends, with exit status 130 or 143.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from webserver import free_port, post, server

from passgo.web.patch import apply

TICKS = os.sysconf("SC_CLK_TCK")


def proc_tree(pid: int) -> list[int]:
    """The process and its descendants (the server's worker processes), from /proc."""
    out, todo = [], [pid]
    while todo:
        out.append(p := todo.pop())
        for task in Path(f"/proc/{p}/task").glob("*"):
            children = task / "children"
            if children.is_file():
                todo.extend(int(c) for c in children.read_text().split())
    return out


def proc_usage(pid: int) -> tuple[int, float]:
    """(resident memory in bytes, CPU seconds used) of a process and its descendants (a
    server with workers), from /proc."""
    rss, cpu = 0, 0.0
    for p in proc_tree(pid):
        try:
            status = Path(f"/proc/{p}/status").read_text()
            stat = Path(f"/proc/{p}/stat").read_text()
        except FileNotFoundError:  # gone between listing and reading
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                rss += int(line.split()[1]) * 1024
        fields = stat.rsplit(")", 1)[1].split()
        cpu += (int(fields[11]) + int(fields[12])) / TICKS
    return rss, cpu


async def seat(port: int, game_id: str, token: str, rng: random.Random, until: float,
               think: float, latencies: list[float], compression: str | None) -> None:
    """One person's browser: answer every decision of its seat until the time is up, after
    thinking for a random time of mean `think` seconds (exponential; 0: at once). As the
    browser does, it asks for its updates as patches and applies them (a server that sends
    whole states is served too)."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/api/games/{game_id}/ws",
                                  max_size=2**22, compression=compression) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "patches": True}))
        sent: tuple[int, float] | None = None  # (version chosen on, when sent)
        state: dict[str, Any] | None = None
        ready: float | None = None  # when the person has made up their mind
        while (now := time.monotonic()) < until:
            wake = until if ready is None else min(until, ready)
            try:
                raw: str | bytes | None = await asyncio.wait_for(ws.recv(),
                                                                 timeout=max(0.0, wake - now))
            except TimeoutError:
                raw = None  # thought long enough (or the time is up: the loop ends)
            if raw is not None:
                message = json.loads(raw)
                if message["type"] == "state" and "patch" in message:
                    if state is None or state["rev"] != message["base"]:
                        raise SystemExit("web_load: a patch of a state this client lacks")
                    patch = message.pop("patch")
                    del message["base"]
                    message = {**apply(state, patch), **message}
                if message["type"] == "refused":
                    sent = ready = None  # think again on the newest state
                elif message["type"] == "state" and "view" in message:
                    state = message
                    if sent is not None and message["version"] > sent[0]:
                        latencies.append(time.perf_counter() - sent[1])
                        sent = None
                    if message["view"]["over"]:
                        return
                else:
                    continue
            if sent is not None or state is None or state["view"]["pending"]["player"] != \
                    state["seat"]:
                ready = None
                continue
            if ready is None:
                ready = time.monotonic() + (rng.expovariate(1 / think) if think > 0 else 0.0)
            if time.monotonic() < ready:
                continue
            ready = None
            answers = [a["text"] for a in state["actions"] if a["answer"]]
            if not answers:
                continue
            text = rng.choice(answers)
            if text.startswith("bid ") and rng.random() < 0.5 and "pass" in answers:
                text = "pass"
            sent = (state["version"], time.perf_counter())
            await ws.send(json.dumps({"type": "action", "version": state["version"],
                                      "action": text}))


async def load(port: int, games: list[tuple[str, list[str]]], seconds: float,
               think: float, seed: int, compression: str | None) -> list[float]:
    latencies: list[float] = []
    until = time.monotonic() + seconds
    rng = random.Random(seed)
    await asyncio.gather(*(seat(port, game_id, token, random.Random(rng.random()), until,
                                think, latencies, compression)
                           for game_id, tokens in games for token in tokens))
    return latencies


def histogram(port: int, name: str) -> dict[float, float]:
    """A histogram of the server's /metrics: upper bound -> cumulative count."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as reply:
        text = reply.read().decode()
    out = {}
    for line in text.splitlines():
        if line.startswith(f"{name}_bucket{{"):
            bound = line.split('le="', 1)[1].split('"', 1)[0]
            out[float("inf") if bound == "+Inf" else float(bound)] = float(line.rsplit(" ", 1)[1])
    return out


def counter(port: int, name: str) -> float:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as reply:
        for line in reply.read().decode().splitlines():
            if line.startswith(name + " "):
                return float(line.rsplit(" ", 1)[1])
    return 0.0


def quantile(before: dict[float, float], after: dict[float, float], q: float) -> float | None:
    """The q-quantile (ms) of what a histogram counted between two readings, interpolated
    linearly within its bucket as Prometheus' histogram_quantile does (None: nothing)."""
    bounds = sorted(after)
    counts = [after[b] - before.get(b, 0.0) for b in bounds]
    total = counts[-1] if counts else 0.0
    if total <= 0:
        return None
    rank, low, below = q * total, 0.0, 0.0
    for bound, cumulative in zip(bounds, counts, strict=True):
        if cumulative >= rank:
            if bound == float("inf"):
                return low * 1000
            share = (rank - below) / (cumulative - below) if cumulative > below else 0.0
            return (low + (bound - low) * share) * 1000
        low, below = bound, cumulative
    return low * 1000


def run(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        database = args.database or f"sqlite:///{tmp}/games.sqlite3"
        serve = ["--bot-workers", str(args.bot_workers), "--bot-time-limit",
                 str(args.bot_time_limit), "--max-games-per-hour", "100000",
                 "--max-connections-per-address", "100000",
                 *(["--websocket-deflate"] if args.deflate else [])]
        with server(database, port, workers=args.workers, bot_delay=args.bot_delay,
                    args=serve) as proc:
            games = []
            seats = [{"kind": "person"}] * args.seats + [
                {"kind": "bot", "bot": args.bots}] * args.bot_seats
            for _ in range(args.games):
                game_id = post(port, "/api/games", {"seats": seats})["id"]
                tokens = [post(port, f"/api/games/{game_id}/join",
                               {"seat": s, "name": f"P{s}"})["token"]
                          for s in range(args.seats)]
                games.append((game_id, tokens))
            lag0 = histogram(port, "passgo_event_loop_lag_seconds")
            think0 = histogram(port, "passgo_bot_decision_seconds")
            queue0 = histogram(port, "passgo_bot_queue_seconds")
            fallbacks0 = counter(port, "passgo_bot_fallbacks_total")
            rss0, cpu0 = proc_usage(proc.pid)
            start = time.perf_counter()
            latencies, peak, (rss1, cpu1, end) = asyncio.run(
                _sampled(port, games, args, proc.pid))
            peak = max(peak, rss0)
            wall = end - start
            lag1 = histogram(port, "passgo_event_loop_lag_seconds")
            think1 = histogram(port, "passgo_bot_decision_seconds")
            queue1 = histogram(port, "passgo_bot_queue_seconds")
            fallbacks = counter(port, "passgo_bot_fallbacks_total") - fallbacks0
    ms = sorted(x * 1000 for x in latencies)
    if not ms:
        raise SystemExit("web_load: no action was answered")

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(p / 100 * len(ms)))]

    def rounded(value: float | None) -> float | None:
        return None if value is None else round(value, 2)

    return {
        "games": args.games, "seats": args.seats, "clients": args.games * args.seats,
        "bots": args.bots if args.bot_seats else None, "bot_seats": args.bot_seats,
        "bot_workers": args.bot_workers, "bot_delay_s": args.bot_delay,
        "think_s": args.think, "workers": args.workers, "deflate": args.deflate,
        "database": "postgresql" if args.database and "postgres" in args.database
        else "sqlite",
        "seconds": round(wall, 1), "actions": len(ms),
        "actions_per_s": round(len(ms) / wall, 1),
        "p50_ms": round(statistics.median(ms), 2), "p95_ms": round(pct(95), 2),
        "p99_ms": round(pct(99), 2), "max_ms": round(ms[-1], 2),
        "server_peak_rss_mb": round(max(peak, rss1) / 2**20, 1),
        "server_cpu_s": round(cpu1 - cpu0, 1),
        "server_cpu_share_of_one_core": round((cpu1 - cpu0) / wall, 2),
        # Server CPU per answered action: what the server needs, whatever else the machine
        # is doing (the latencies also measure how much CPU the machine leaves it).
        "server_cpu_ms_per_action": round((cpu1 - cpu0) * 1000 / len(ms), 2),
        "loop_lag_p50_ms": rounded(quantile(lag0, lag1, 0.5)),
        "loop_lag_p99_ms": rounded(quantile(lag0, lag1, 0.99)),
        "bot_decision_p50_ms": rounded(quantile(think0, think1, 0.5)),
        "bot_decision_p99_ms": rounded(quantile(think0, think1, 0.99)),
        "bot_queue_p50_ms": rounded(quantile(queue0, queue1, 0.5)),
        "bot_queue_p99_ms": rounded(quantile(queue0, queue1, 0.99)),
        "bot_decisions": round(think1.get(float("inf"), 0.0) - think0.get(float("inf"), 0.0)),
        "bot_fallbacks": round(fallbacks),
        "load_average": round(os.getloadavg()[0], 1),
        "cores": os.cpu_count(),
    }


async def _sampled(port: int, games: list[tuple[str, list[str]]], args: argparse.Namespace,
                   pid: int) -> tuple[list[float], int, tuple[int, float, float]]:
    """The load, with the server's memory sampled every half second, and its memory, CPU
    time and the clock when the load ends: when the clients stop choosing (at `--seconds`,
    or earlier if every game is over), not after their connections have closed."""
    peak = 0
    end: tuple[int, float, float] | None = None

    def ended() -> None:
        nonlocal end
        if end is None:
            end = (*proc_usage(pid), time.perf_counter())

    async def sample() -> None:
        nonlocal peak
        while True:
            peak = max(peak, proc_usage(pid)[0])
            await asyncio.sleep(0.5)

    async def at_end() -> None:
        await asyncio.sleep(args.seconds)
        ended()

    loop = asyncio.get_running_loop()
    tasks = [loop.create_task(sample()), loop.create_task(at_end())]
    try:
        latencies = await load(port, games, args.seconds, args.think, args.seed,
                               "deflate" if args.deflate else None)
    finally:
        for task in tasks:
            task.cancel()
    ended()
    assert end is not None
    return latencies, peak, end


STOPPED_BY: list[int] = []


def _sigterm(signum: int, frame: Any) -> None:
    """SIGTERM is handled as Ctrl-C is: asyncio's own SIGINT handling cancels the load
    cleanly and raises KeyboardInterrupt, and the server and the temporary folder are
    cleaned up on the way out."""
    STOPPED_BY.append(signum)
    signal.raise_signal(signal.SIGINT)


def main() -> None:
    signal.signal(signal.SIGTERM, _sigterm)
    try:
        report()
    except KeyboardInterrupt:
        sig = STOPPED_BY[0] if STOPPED_BY else signal.SIGINT
        print(f"web_load: stopped by {signal.Signals(sig).name}; the server was stopped and "
              "its temporary database removed", file=sys.stderr)
        raise SystemExit(128 + sig) from None


def report() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="mean think time of a person before answering (exponential, "
                        "seeded); 0, the default: at once, which saturates the server")
    parser.add_argument("--database", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--workers", type=int, default=1,
                        help="server worker processes (more than one needs PostgreSQL)")
    parser.add_argument("--bots", default="expert", help="the bot of the bot seats")
    parser.add_argument("--bot-seats", type=int, default=0,
                        help="seats of --bots in every game besides the --seats people")
    parser.add_argument("--bot-workers", type=int, default=2,
                        help="the server's bot worker processes")
    parser.add_argument("--bot-delay", type=float, default=0.5,
                        help="seconds between bot moves (the server's default)")
    parser.add_argument("--bot-time-limit", type=float, default=1.0,
                        help="seconds a bot may think per decision (the server's default)")
    parser.add_argument("--deflate", action="store_true",
                        help="per-message deflate: the server's --websocket-deflate, and the "
                        "clients offer it as browsers do (off: neither, the server's default)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args, _ = parser.parse_known_args()
    result = run(args)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    think = f"think {result['think_s']} s" if result["think_s"] else "no think time"
    bots = (f" + {result['bot_seats']} {result['bots']} seats ({result['bot_workers']} bot "
            f"workers, {result['bot_delay_s']} s apart)" if result["bot_seats"] else "")
    print(f"passgo serve under load: {result['games']} games x {result['seats']} WebSocket "
          f"clients{bots}, {think}, {result['database']}, {result['workers']} worker(s), "
          f"{result['seconds']} s, "
          f"{result['cores']} cores")
    rows = [("actions answered", result["actions"]), ("actions/s", result["actions_per_s"]),
            ("p50 send -> update (ms)", result["p50_ms"]),
            ("p95 send -> update (ms)", result["p95_ms"]),
            ("p99 send -> update (ms)", result["p99_ms"]),
            ("max send -> update (ms)", result["max_ms"]),
            ("server peak RSS (MB)", result["server_peak_rss_mb"]),
            ("server CPU (s)", result["server_cpu_s"]),
            ("server CPU (share of one core)", result["server_cpu_share_of_one_core"]),
            ("server CPU per action (ms)", result["server_cpu_ms_per_action"]),
            ("event loop lag p50 (ms)", result["loop_lag_p50_ms"]),
            ("event loop lag p99 (ms)", result["loop_lag_p99_ms"]),
            ("bot decisions", result["bot_decisions"]),
            ("bot decision p50 (ms)", result["bot_decision_p50_ms"]),
            ("bot decision p99 (ms)", result["bot_decision_p99_ms"]),
            ("bot wait for a worker p50 (ms)", result["bot_queue_p50_ms"]),
            ("bot wait for a worker p99 (ms)", result["bot_queue_p99_ms"]),
            ("bot moves by the fallback", result["bot_fallbacks"]),
            ("machine load average (1 min)", result["load_average"])]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {'-' if value is None else value:>10}")


if __name__ == "__main__":
    main()
