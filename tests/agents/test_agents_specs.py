"""Bot specs: the text that names a bot on command lines (`make_agent`, `split_specs`)."""

from __future__ import annotations

import pytest

from passgo.agents import (
    AGENTS,
    BasicBot,
    BotSpec,
    BuiltinSpec,
    ExpertBot,
    PolicySpec,
    ProgramSpec,
    RandomBot,
    make_agent,
    parse_spec,
    spec_problem,
    split_specs,
)
from passgo.agents.spec import spec_from_json, to_json


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


@pytest.mark.parametrize(("text", "spec"), [
    ("basic", BuiltinSpec("basic")),
    ("  strategic : reserve = 300 , jail=stay ", BuiltinSpec("strategic", (("reserve", "300"),
                                                                           ("jail", "stay")))),
    ("\u00a0cmd:node 'my bot.js'", ProgramSpec(("node", "my bot.js"))),
    ("\tcmd:ls", ProgramSpec(("ls",))),
    (" rl: policies/x.pt", PolicySpec("policies/x.pt")),
])
def test_a_spec_is_read_once_into_its_kind(text: str, spec: BotSpec) -> None:
    """Whatever whitespace surrounds it, a spec's kind is decided by `parse_spec` alone, and
    its text and stored forms read back to the same value."""
    assert parse_spec(text) == spec
    assert parse_spec(spec.text()) == spec
    assert spec_from_json(to_json(spec)) == spec


@pytest.mark.parametrize("data", [
    {"bot": "basic", "options": {"reserve": 3}}, {"program": []}, {"program": "ls"},
    {"policy": " "}, {"bot": "grandmaster"}, {"bot": "basic", "extra": 1}, 7, None,
    {"bot": "expert", "options": {"ms": "99999999"}},
])
def test_a_damaged_stored_spec_is_refused_in_one_line(data: object) -> None:
    with pytest.raises(ValueError) as refused:
        spec_from_json(data)
    assert "\n" not in str(refused.value)


def test_the_search_budget_is_bounded_and_cut_by_the_time_limit() -> None:
    assert "ms must be from 1 to 60000" in (spec_problem("expert:ms=999999999") or "")
    assert "rollouts" in (spec_problem("expert:rollouts=10000000") or "")
    assert "horizon" in (spec_problem("expert:horizon=100000") or "")
    bot = make_agent("expert:ms=5000", time_limit=0.25)
    assert isinstance(bot, ExpertBot) and bot.params.ms == 250
