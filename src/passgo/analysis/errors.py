"""The one error type of the analyses: bad input they refuse, said in one line."""

from __future__ import annotations


class AnalysisError(ValueError):
    """Rules, conventions or output files an analysis refuses, with the reason."""
