"""Analyses of the game: exact landing odds, returns on building, win chances from a position,
and rule sets compared, with tables, JSON, Matplotlib figures and self-contained pages.

Everything here stands on the engine's public model (`passgo.core`) and the simulation layer;
NumPy, Matplotlib and Rich come with the `analysis` extra.
"""

# The Monte Carlo checks `analyze landing --mc` offers beside the exact chain (`landing.py`):
# here, where the command line reads it without importing NumPy.
MC_METHODS = ("batched", "engine", "none")
