"""What `passgo serve` counts, for `/metrics` in Prometheus' text format (prometheus-client).

The metrics live in prometheus-client's default registry, once per process: with
`--workers N` each server process answers `/metrics` with its own numbers (a scrape through
the port reaches one of them; scrape each process, or read them as samples).
"""

from __future__ import annotations

import asyncio
import time

from prometheus_client import Counter, Gauge, Histogram

LAG_BUCKETS = (0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1,
               0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
LAG_EVERY = 0.05  # seconds between two looks at the event loop

EVENT_LOOP_LAG = Histogram(
    "passgo_event_loop_lag_seconds",
    "How late the event loop ran a timer due now: what any request waited on top of its own work",
    buckets=LAG_BUCKETS)
BOT_DECISION = Histogram(
    "passgo_bot_decision_seconds",
    "A bot's decision in its worker process, from the question to the answer",
    buckets=LAG_BUCKETS)
BOT_QUEUE = Histogram(
    "passgo_bot_queue_seconds",
    "How long a bot's decision waited for its worker (busy with other games' bots)",
    buckets=LAG_BUCKETS)
BOT_FALLBACKS = Counter(
    "passgo_bot_fallbacks_total",
    "Bot decisions played by the fallback bot: the worker overran the time limit or failed")
BOT_RESTARTS = Counter("passgo_bot_worker_restarts_total",
                       "Bot worker processes started again after dying or overrunning")
ACTIONS = Counter("passgo_actions_total", "Actions committed (people's, bots' and the clock's)")
ACTION_SECONDS = Histogram(
    "passgo_action_seconds",
    "A person's action in the server: from its message to its update sent to every client",
    buckets=LAG_BUCKETS)
REFUSED = Counter("passgo_refused_total", "Requests and messages refused, by what was refused",
                  ["what"])
GAMES_CREATED = Counter("passgo_games_created_total", "Games created")
GAMES_LOADED = Gauge("passgo_games_loaded", "Games in this process's memory")
CONNECTIONS = Gauge("passgo_connections", "Open WebSocket connections")
SERVER_ERRORS = Counter("passgo_server_errors_total",
                        "Requests that failed in the server itself (answered 500, logged)")
DATABASE_ERRORS = Counter("passgo_database_errors_total",
                          "Requests answered with an error because the database failed")


async def watch_lag() -> None:
    """Run until cancelled: every `LAG_EVERY` seconds, how late the loop woke up."""
    while True:
        due = time.perf_counter() + LAG_EVERY
        await asyncio.sleep(LAG_EVERY)
        EVENT_LOOP_LAG.observe(max(0.0, time.perf_counter() - due))
