"""The build under test is the one `make test` asked for, and `passgo --version` names it.

`make test-pure` and `make test-compiled` set PASSGO_EXPECT_BUILD, so a compiled run that
silently imported the pure source (or the reverse) fails here instead of passing twice on one
build."""

from __future__ import annotations

import os

import pytest

import passgo.agents.strategic.bot
import passgo.core.actions
from passgo.cli import main
from passgo.engine_build import engine_build


def test_the_build_under_test_is_the_one_asked_for() -> None:
    expected = os.environ.get("PASSGO_EXPECT_BUILD")
    if not expected:
        pytest.skip("PASSGO_EXPECT_BUILD is not set (make test-pure / test-compiled set it)")
    assert engine_build() == expected
    # The core and the bots come from the same build.
    compiled = [m.__file__ is not None and not m.__file__.endswith(".py")
                for m in (passgo.core.actions, passgo.agents.strategic.bot)]
    assert compiled == [expected == "compiled"] * 2


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    version = capsys.readouterr().out.strip()
    assert version == f"passgo {passgo.__version__} ({engine_build()} build)"
