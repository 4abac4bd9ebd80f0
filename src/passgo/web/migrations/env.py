"""Alembic's environment: migrations run on the connection `passgo.web.store` hands over
(`config.attributes["connection"]`), so the server and the tests migrate the same way."""

from __future__ import annotations

from alembic import context

from passgo.web.tables import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
