"""Commands import only what they use (issue 35, start-up): `passgo --help` loads no rules
core and no library of an extra; a landing analysis without a Monte Carlo run loads neither
SciPy nor Matplotlib; a simulation's worker process loads none of the report's libraries.

Each check runs in a fresh interpreter and reads `sys.modules` there: what a command imports,
not how long it takes (the times are `benchmarks/startup.py`'s)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from passgo.cli import COMMANDS, main

# Libraries of the extras, each seconds or tenths of a second to import.
HEAVY = ("numpy", "scipy", "matplotlib", "rich", "textual", "fastapi", "starlette", "uvicorn",
         "sqlalchemy", "pyarrow", "ray", "torch", "gymnasium", "pettingzoo", "openskill")


def _loaded_after(code: str) -> set[str]:
    """The modules loaded in a fresh interpreter after running `code`."""
    script = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    return set(out.splitlines()[-1].split())


def _heavy(modules: set[str]) -> list[str]:
    return sorted({m.split(".")[0] for m in modules} & set(HEAVY))


def test_help_loads_no_rules_core_and_no_extra() -> None:
    loaded = _loaded_after("from passgo.cli import main\ntry:\n    main(['--help'])\n"
                           "except SystemExit:\n    pass")
    assert _heavy(loaded) == []
    assert sorted(m for m in loaded if m.startswith("passgo.")) == ["passgo.cli"]


def test_importing_passgo_loads_the_core_only_when_asked() -> None:
    loaded = _loaded_after("import passgo")
    assert "passgo.core" not in loaded
    loaded = _loaded_after("from passgo import Game, __version__")
    assert "passgo.core.game" in loaded


def test_a_landing_analysis_without_monte_carlo_loads_no_scipy_or_matplotlib() -> None:
    loaded = _loaded_after("import contextlib, io\nfrom passgo.cli import main\n"
                           "with contextlib.redirect_stdout(io.StringIO()):\n"
                           "    main(['analyze', 'landing', '--mc', 'none', '--jail', 'short'])")
    assert "passgo.analysis.chain" in loaded  # the analysis did run
    assert [m for m in _heavy(loaded) if m in ("scipy", "matplotlib")] == []


def test_a_simulation_worker_loads_none_of_the_reports_libraries() -> None:
    """A worker of `passgo simulate` is a fresh ("spawn") process that imports the command's
    main module and the modules of its task (games or a landing run), nothing else."""
    loaded = _loaded_after("import passgo.cli, passgo.sim.playout, passgo.sim.landing")
    assert _heavy(loaded) == []
    assert "passgo.sim.stats" not in loaded and "passgo.sim.report" not in loaded


@pytest.mark.parametrize("name", COMMANDS)
def test_every_registered_command_has_its_parser(name: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The registry names the function that adds each command's options; its help lists them
    under the command's name."""
    with pytest.raises(SystemExit) as done:
        main([name, "--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: passgo {name} [-h]")
