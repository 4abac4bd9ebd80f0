"""Alembic migrations of the online games' database (run by `passgo serve` at start)."""
