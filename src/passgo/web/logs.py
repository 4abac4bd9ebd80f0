"""The server's log: one line per event, as text or (`passgo serve --log-json`) as JSON.

    2026-12-01T21:40:02Z info game_created game=k3Jd address=203.0.113.7 seats=4
    {"time": "2026-12-01T21:40:02Z", "level": "info", "event": "game_created", "game": "k3Jd", ...}

`event(name, **fields)` logs one; warnings of the server's modules (a database failure, a bot
worker restarted) come out in the same form, their message as the event.
"""

from __future__ import annotations

import logging
import sys
import time
from typing import Any

import orjson

log = logging.getLogger("passgo.web")


def event(name: str, level: int = logging.INFO, **fields: Any) -> None:
    log.log(level, name, extra={"fields": fields})


class _Format(logging.Formatter):
    def __init__(self, as_json: bool) -> None:
        super().__init__()
        self.as_json = as_json

    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(record.created))
        fields: dict[str, Any] = dict(getattr(record, "fields", {}))
        message = record.getMessage()
        if record.exc_info:
            fields["error"] = " | ".join(self.formatException(record.exc_info).splitlines()[-3:])
        level = record.levelname.lower()
        if self.as_json:
            return orjson.dumps({"time": stamp, "level": level, "event": message,
                                 **fields}, default=str).decode()
        words = " ".join(f"{key}={_word(value)}" for key, value in fields.items())
        return f"{stamp} {level} {' '.join(message.split())}" + (f" {words}" if words else "")


def _word(value: Any) -> str:
    text = " ".join(str(value).split())
    return orjson.dumps(text).decode() if " " in text or not text else text


def configure(as_json: bool, level: int = logging.INFO) -> None:
    """Send the server's events (and uvicorn's errors) to standard error, one line each."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Format(as_json))
    for name in ("passgo.web", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False
