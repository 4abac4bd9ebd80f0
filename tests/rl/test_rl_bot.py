"""The `rl:PATH` bot: a saved policy plays whole games through the bot loop, bad files are
refused in one line without running anything, and the training example's smoke run makes a
policy the bot plays (what CI trains)."""

from __future__ import annotations

import itertools
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from passgo import Game
from passgo.agents import make_agent, play, spec_problem
from passgo.agents.learned import POLICY_FORMAT, POLICY_VERSION
from passgo.rl.observe import SIZE
from passgo.rl.table import ActionTable
from support import BOARD

ROOT = Path(__file__).resolve().parents[2]
ACTIONS = ActionTable(BOARD).size


def _policy(path: Path, seed: int = 0, inputs: int = SIZE, max_rounds: int = 200,
            business_limit: int = 4, hidden: int = 16) -> Path:
    """A policy file of random weights (the layout train.py saves)."""
    gen = torch.Generator().manual_seed(seed)
    sizes = [inputs, hidden, hidden, ACTIONS]
    layers = [(torch.randn(b, a, generator=gen), torch.randn(b, generator=gen))
              for a, b in itertools.pairwise(sizes)]
    torch.save({"format": POLICY_FORMAT, "version": POLICY_VERSION, "max_rounds": max_rounds,
                "business_limit": business_limit, "offers_per_turn": 1, "layers": layers}, path)
    return path


def test_a_policy_plays_whole_games_legally_at_any_table_size(tmp_path: Path) -> None:
    """Every action the bot returns is checked by the engine (play's checked mode)."""
    spec = f"rl:{_policy(tmp_path / 'p.pt')}"
    for players in (2, 4):
        agents = [make_agent(spec)] + [make_agent("random", s) for s in range(players - 1)]
        game = Game.new([f"p{i}" for i in range(players)], seed=players, max_rounds=60)
        play(game, agents)
        assert game.over


def test_the_same_policy_and_seed_play_the_same_game(tmp_path: Path) -> None:
    spec = f"rl:{_policy(tmp_path / 'p.pt')}"

    def history(seed: int) -> list[str]:
        game = Game.new(["a", "b"], seed=seed, max_rounds=40)
        play(game, [make_agent(spec), make_agent("basic")])
        return [a.text() for a in game.history]

    assert history(3) == history(3)


@pytest.mark.parametrize(("content", "message"), [
    (None, "no policy file"),
    (b"not a policy at all", "bad.pt is not a PyTorch policy file (torch cannot read it as "
                             "saved weights)"),
    (b"root:x:0:0:root:/root:/bin/bash\n", "bad.pt is not a PyTorch policy file (torch "
                                           "cannot read it as saved weights)"),
    ({"format": "something else"}, "is not a passgo policy file"),
    ({"format": POLICY_FORMAT, "version": 99}, "policy version 99"),
    ({"format": POLICY_FORMAT, "version": POLICY_VERSION, "layers": 3}, "layers are damaged"),
])
def test_bad_policy_files_are_refused_in_one_line(tmp_path: Path, content: object,
                                                   message: str) -> None:
    path = tmp_path / "bad.pt"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        torch.save(content, path)
    problem = spec_problem(f"rl:{path}")
    assert problem is not None and message in problem and "\n" not in problem


class _Payload:
    """Unpickling this would create a file: a policy file must never run code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Path.touch, (str(self.marker),))  # type: ignore[return-value]


def test_a_policy_file_never_runs_code(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path = tmp_path / "evil.pt"
    torch.save({"format": POLICY_FORMAT, "payload": _Payload(marker)}, path,
               pickle_module=pickle)
    problem = spec_problem(f"rl:{path}")
    assert problem is not None and "evil.pt is not a PyTorch policy file" in problem
    assert "weights_only" not in problem and "PyTorch 2.6" not in problem
    assert not marker.exists()


def test_a_policy_of_the_observation_before_the_card_history_reads_its_prefix(
        tmp_path: Path) -> None:
    """A policy of 822 inputs (`observe.PREFIXES`) plays on the first 822 numbers, legally;
    another size is refused."""
    from passgo.rl.observe import PREFIXES

    spec = f"rl:{_policy(tmp_path / 'old.pt', inputs=PREFIXES[0])}"
    game = Game.new(["a", "b"], seed=3, max_rounds=20)
    play(game, [make_agent(spec), make_agent("random")])
    assert game.over
    with pytest.raises(ValueError, match="observes 900 numbers"):
        make_agent(f"rl:{_policy(tmp_path / 'odd.pt', inputs=900)}")


def test_rl_needs_a_path() -> None:
    assert spec_problem("rl:") == "rl: needs a policy file, e.g. rl:policies/heads-up.pt"


def test_smoke_training_makes_a_policy_the_bot_plays(tmp_path: Path) -> None:
    """examples/rl/train.py for a few thousand steps (what CI runs), then its policy plays."""
    out, curve = tmp_path / "smoke.pt", tmp_path / "curve.csv"
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "rl" / "train.py"), "--steps", "2048",
         "--envs", "1", "--out", str(out), "--curve", str(curve)],
        capture_output=True, text=True, check=False, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "policy saved" in run.stdout
    game = Game.new(["policy", "random"], seed=1, max_rounds=30)
    play(game, [make_agent(f"rl:{out}"), make_agent("random")])
    assert game.over
    assert curve.read_text().startswith("steps,games,win_share_last_200")


SHIPPED = ROOT / "examples" / "rl" / "heads-up.pt"


def _train(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "examples" / "rl" / "train.py"),
                           "--envs", "1", *args],
                          capture_output=True, text=True, check=False, timeout=600)


def _distance(a: Path, b: Path) -> float:
    """Mean absolute difference of two policy files' weights (of the inputs both observe: a
    policy of the earlier observation reads a prefix of this one's)."""
    pairs = zip(torch.load(a, weights_only=True)["layers"],
                torch.load(b, weights_only=True)["layers"], strict=True)
    diffs = [float((x[..., :y.shape[-1]] - y).abs().mean()) for (wa, ba), (wb, bb) in pairs
             for x, y in ((wa, wb), (ba, bb))]
    return sum(diffs) / len(diffs)


def test_training_starts_from_a_saved_policy(tmp_path: Path) -> None:
    """`--start`: the learner begins with the file's policy weights, so a short run ends near
    them, much nearer than a run from a fresh network (same seed, same steps). The shipped
    file observes the 822 numbers before the card history: the new inputs start at zero."""
    settings = ["--steps", "64", "--business-limit", "1", "--max-rounds", "100",
                "--offers-per-turn", "1"]
    more, fresh = tmp_path / "more.pt", tmp_path / "fresh.pt"
    run = _train("--start", str(SHIPPED), *settings, "--out", str(more))
    assert run.returncode == 0, run.stderr[-2000:]
    assert _train(*settings, "--out", str(fresh)).returncode == 0
    assert _distance(more, SHIPPED) * 5 < _distance(fresh, SHIPPED)


def test_training_starts_from_a_policy_of_the_earlier_observation(tmp_path: Path) -> None:
    """`--start` with a policy of 822 inputs: its weights for those, zero for the card
    history, then training (64 steps) moves them little."""
    old = _policy(tmp_path / "old.pt", inputs=822, max_rounds=100, business_limit=1,
                  hidden=128)
    run = _train("--start", str(old), "--steps", "64", "--business-limit", "1",
                 "--max-rounds", "100", "--out", str(tmp_path / "new.pt"))
    assert run.returncode == 0, run.stderr[-2000:]
    first = torch.load(tmp_path / "new.pt", weights_only=True)["layers"][0][0]
    assert first.shape[1] == SIZE
    assert float(first[:, 822:].abs().max()) < 0.05
    assert _distance(tmp_path / "new.pt", old) < 0.05


def test_training_refuses_a_start_policy_of_other_settings(tmp_path: Path) -> None:
    """A policy trained with other action windows would read the table wrongly: refused in one
    line, nothing trained."""
    run = _train("--start", str(SHIPPED), "--steps", "64", "--out", str(tmp_path / "x.pt"))
    assert run.returncode != 0
    assert run.stderr.strip() == (f"{SHIPPED}: trained with other settings: max_rounds 100 (not "
                                  "200), business_limit 1 (not 4)")
    assert "Traceback" not in run.stderr
    assert not (tmp_path / "x.pt").exists()
