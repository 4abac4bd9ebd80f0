"""The review's words shared by its table and its page."""

from __future__ import annotations


def test_a_players_verdict_is_in_words_with_plurals() -> None:
    """One mark or decision reads in the singular ("1 inaccuracy"), none and many in the
    plural; a player with no decision judged is not given an accuracy (the table, the page
    and the browser share the sentence)."""
    from passgo.review.report import verdict
    from passgo.review.review import PlayerSummary

    s = PlayerSummary(0, "Ann", 3, 90.0, 1, 0, 2, ())
    assert verdict(s) == "accuracy 90.0% over 3 decisions; 1 inaccuracy, 0 mistakes, 2 blunders"
    one = PlayerSummary(0, "Ann", 1, 100.0, 0, 1, 0, ())
    assert verdict(one) == "accuracy 100.0% over 1 decision; 0 inaccuracies, 1 mistake, 0 blunders"
    assert verdict(PlayerSummary(1, "Bob", 0, 100.0, 0, 0, 0, ())) == \
        "no decision of theirs to judge"
