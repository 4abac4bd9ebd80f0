"""Simulations: many games of bots, or one long token run, played by the real engine.

`passgo simulate` is built here. The modules a worker process imports (`seeds`, `jobs`,
`records`, `playout`, `landing`) use the standard library only (besides passgo's core and
bots), so workers start fast and a cluster node needs nothing but passgo; statistics (NumPy,
SciPy), tables and the progress bar (Rich) and Ray are the `sim` and `ray` extras, imported
by the parent process alone.
"""
