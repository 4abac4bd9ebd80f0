"""Fixtures of the web tests: the databases to run storage tests on. SQLite always; a real
PostgreSQL server when `PASSGO_TEST_POSTGRES` names one (`.ci/run` installs and starts one and
sets it; under `PASSGO_CI=1` the PostgreSQL tests fail instead of skipping without it)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

POSTGRES_VARIABLE = "PASSGO_TEST_POSTGRES"


def postgres_url() -> str | None:
    """The PostgreSQL server to test on, or None (a skip, or a failure in CI)."""
    url = os.environ.get(POSTGRES_VARIABLE)
    if url:
        return url
    if os.environ.get("PASSGO_CI"):
        pytest.fail(f"CI must test on PostgreSQL: {POSTGRES_VARIABLE} is not set")
    pytest.skip(f"no PostgreSQL server to test on ({POSTGRES_VARIABLE} not set)")
    return None


def fresh_postgres_database(url: str) -> Iterator[str]:
    """A new, empty database on the server of `url`, dropped afterwards."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin = create_engine(make_url(url).set(drivername="postgresql+psycopg"),
                          isolation_level="AUTOCOMMIT")
    name = f"passgo_test_{uuid.uuid4().hex[:12]}"
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each storage test runs on an SQLite file and on a fresh PostgreSQL database."""
    pytest.importorskip("sqlalchemy")
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.sqlite3'}"
        return
    url = postgres_url()
    assert url is not None
    yield from fresh_postgres_database(url)
