"""The browser game: `passgo serve` runs an authoritative game server (FastAPI on uvicorn)
with a lobby, per-seat views over WebSockets and games stored as action logs (SQLAlchemy,
Alembic). Its modules: `setup` (what a new game is made of), `tables` and `store` (storage),
`room` (one game in memory: seats, bots, clients, the host's controls, chat), `bots` and
`bot_worker` (bots deciding in worker processes), `messages` (what clients may send),
`limits` (what one outsider may take, and who they are behind a proxy), `app` (the HTTP and
WebSocket routes), `notify` (updates between processes on PostgreSQL), `metrics` and `logs`
(what the operator reads), `protocol_types` (the client's message types, written from here).
"""
