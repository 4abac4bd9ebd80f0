"""Typed errors of the core, so front-ends can tell a refused move from a broken file."""


class PassgoError(Exception):
    """Base of every error passgo raises on purpose."""


class IllegalActionError(PassgoError, ValueError):
    """An action the rules do not allow now; the game state is left untouched."""


class SaveFileError(PassgoError, ValueError):
    """A saved game that is corrupt, from an incompatible engine, or does not replay."""


class DataError(PassgoError, ValueError):
    """An edition or rules file that does not say what the engine needs."""
