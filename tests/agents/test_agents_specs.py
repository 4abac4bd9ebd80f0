"""Bot specs: the text that names a bot on command lines (`make_agent`, `split_specs`)."""

from __future__ import annotations

import pytest

from passgo.agents import AGENTS, BasicBot, RandomBot, make_agent, spec_problem, split_specs


def test_every_listed_name_makes_a_bot() -> None:
    for name in AGENTS:
        if name not in ("cmd", "rl"):  # these name a program or a policy file
            assert make_agent(name, seed=1).act is not None


def test_baselines_take_options() -> None:
    basic = make_agent("basic:reserve=300,bid_step_percent=5")
    assert isinstance(basic, BasicBot) and basic.reserve == 300 and basic.bid_step_percent == 5
    rnd = make_agent("random:business_rate=0.5", seed=4)
    assert isinstance(rnd, RandomBot) and rnd.business_rate == 0.5


@pytest.mark.parametrize(("spec", "words"), [
    ("grandmaster", "unknown bot 'grandmaster'"),
    ("basic:colour=red", "unknown option 'colour'"),
    ("basic:reserve=lots", "needs a number"),
    ("random:business_rate=3", "between 0 and 1"),
    ("cmd:", "needs a command"),
    ("cmd:'unclosed", "cannot read the command"),
])
def test_bad_specs_are_refused_in_one_line(spec: str, words: str) -> None:
    problem = spec_problem(spec)
    assert problem is not None and words in problem and "\n" not in problem
    with pytest.raises(ValueError):
        make_agent(spec)


def test_spec_problem_starts_no_program() -> None:
    assert spec_problem("cmd:python3 -c 'import sys; sys.exit(1)'") is None
    assert spec_problem("strategic:reserve=300,jail=stay") is None


def test_split_specs_keeps_options_with_their_bot() -> None:
    text = "Ann:strategic:reserve=300,jail=stay,Bob:basic,Cy:cmd:node bot.js"
    assert split_specs(text) == ["Ann:strategic:reserve=300,jail=stay", "Bob:basic",
                                 "Cy:cmd:node bot.js"]
    assert split_specs("strategic:aggression=1.2,trade_margin=0.3, basic") == [
        "strategic:aggression=1.2,trade_margin=0.3", "basic"]
