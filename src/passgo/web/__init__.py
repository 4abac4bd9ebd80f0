"""The browser game: `passgo serve` runs an authoritative game server (FastAPI on uvicorn)
with a lobby, per-seat views over WebSockets and games stored as action logs (SQLAlchemy,
Alembic). Its modules: `setup` (what a new game is made of), `tables` and `store` (storage),
`room` (one game in memory: seats, bots, clients), `messages` (what clients may send),
`app` (the HTTP and WebSocket routes), `notify` (updates between processes on PostgreSQL).
"""
