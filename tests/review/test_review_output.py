"""The review's words shared by its table and its page."""

from __future__ import annotations


def test_the_tally_of_marks_is_in_words_with_plurals() -> None:
    """One mark reads in the singular ("1 inaccuracy"), none and many in the plural; the
    table and the page share the sentence."""
    from passgo.review.report import tally
    from passgo.review.review import PlayerSummary

    s = PlayerSummary(0, "Ann", 3, 90.0, 1, 0, 2, ())
    assert tally(s) == "1 inaccuracy, 0 mistakes, 2 blunders"
