"""Train a passgo policy by self-play with sb3-contrib's MaskablePPO on CPU, and save it for
`rl:PATH`.

    python examples/rl/train.py --minutes 120 --out policies/heads-up.pt \\
        --opponents "strategic@2,basic,random,self@2" --imitate strategic \\
        --checkpoint runs/a --curve runs/a/curve.csv
    python examples/rl/train.py --resume runs/a --minutes 60      # go on where it stopped
    python examples/rl/train.py --steps 2048 --out /tmp/smoke.pt   # a smoke run

The learner plays `passgo/Monopoly-v0` heads up (`--seats` for more) in `--envs` worker
processes against a league (examples/rl/league.py), each game's opponents drawn from
`--opponents`: bot specs (`random`, `basic`, `strategic`, `expert`, any spec `passgo play`
takes, `rl:PATH` for a saved policy), each with a weight after `@`, and `self`, the learner's
own latest snapshots (one saved every `--snapshot-every` steps, the last `--league-window`
kept). Training stops after `--steps` environment steps or `--minutes`, whichever comes
first.

- `--imitate BOT` first trains the network to do what BOT does (examples/rl/imitate.py:
  `--imitate-games` heads-up games of BOT against `--imitate-against`, `--imitate-epochs`
  passes), then self-play goes on from there.
- `--checkpoint DIR` saves the whole training (the model with its optimiser and value
  network, the league's snapshots, the curve, the steps and seconds so far) every
  `--checkpoint-every` steps and at the end; `--resume DIR` goes on from it (the other
  options as they were, except the budget). A checkpoint is sb3's zip, which pickles: load
  only your own. `--start POLICY` begins from a saved policy file's weights instead (the value
  network starts afresh; a policy of the observation before the card history gets zero
  weights for the new entries).
- The policy file (`--out`) holds the policy network's weights only (docs/rl.md: the `rl:`
  bot reads it without running code); `--curve` writes the learning curve as CSV: steps,
  games, win share of the last 200 games, and of the last 100 against each opponent.

Needs the rl extra.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.logger import Logger
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecMonitor

sys.path.insert(0, str(Path(__file__).resolve().parent))

from imitate import clone, collect
from league import League, LeagueEnv, parse

import passgo.rl  # noqa: F401  (registers passgo/Monopoly-v0)
from passgo.agents import spec_problem
from passgo.agents.learned import POLICY_FORMAT, POLICY_VERSION
from passgo.rl.gym_env import ENV_ID
from passgo.rl.observe import PREFIXES, SIZE
from passgo.rl.windows import BUSINESS_LIMIT, OFFERS_PER_TURN

NET = [128, 128]


def make_env(league: League, max_rounds: int, shaping: float, business_limit: int,
             offers_per_turn: int, seed: int) -> Any:
    def build() -> Any:
        env = gymnasium.make(ENV_ID, opponents=["random"] * league.seats,
                             max_rounds=max_rounds, shaping=shaping,
                             business_limit=business_limit, offers_per_turn=offers_per_turn,
                             disable_env_checker=True)
        env = LeagueEnv(env, league, seed)
        return ActionMasker(env, lambda e: e.unwrapped.action_masks())
    return build


class Progress(BaseCallback):  # type: ignore[misc]
    """Records the learning curve, saves snapshots and checkpoints, stops at the budget."""

    def __init__(self, run: Run, deadline: float) -> None:
        super().__init__()
        self.run = run
        self.deadline = deadline

    def _on_step(self) -> bool:
        run = self.run
        for info in self.locals["infos"]:
            episode = info.get("episode")
            if episode is not None:
                run.game_over(info.get("opponent", "?"), episode["r"] > 0.5)
        steps = self.num_timesteps
        if steps >= run.next_row and run.results:
            run.next_row += run.every
            run.row(steps)
        if run.snapshot_every and steps >= run.next_snapshot:
            run.next_snapshot += run.snapshot_every
            run.snapshot(self.model, steps)
        if run.checkpoint and steps >= run.next_checkpoint:
            run.next_checkpoint += run.checkpoint_every
            run.save(self.model, steps)
        return time.monotonic() < self.deadline


class Run:
    """The state of one training run that a checkpoint keeps."""

    def __init__(self, args: argparse.Namespace, league: League) -> None:
        self.args = args
        self.league = league
        self.venv: Any = None
        self.results: deque[float] = deque(maxlen=200)
        self.by_opponent: dict[str, deque[float]] = {}
        self.rows: list[dict[str, Any]] = []
        self.games = 0
        self.seconds = 0.0
        self.every = 4096
        self.next_row = self.every
        self.snapshot_every = args.snapshot_every
        self.next_snapshot = args.snapshot_every
        self.checkpoint: Path | None = args.checkpoint
        self.checkpoint_every = args.checkpoint_every
        self.next_checkpoint = args.checkpoint_every
        self.started = time.monotonic()

    def game_over(self, opponent: str, won: bool) -> None:
        self.games += 1
        self.results.append(float(won))
        self.by_opponent.setdefault(opponent, deque(maxlen=100)).append(float(won))

    def row(self, steps: int) -> None:
        row: dict[str, Any] = {"steps": steps, "games": self.games,
                               "win_share_last_200": round(float(np.mean(self.results)), 4)}
        row.update({f"vs_{o}": round(float(np.mean(r)), 4)
                    for o, r in sorted(self.by_opponent.items())})
        self.rows.append(row)
        shares = "  ".join(f"{k[3:]} {v:.2f}" for k, v in row.items() if k.startswith("vs_"))
        print(f"{steps:>9} steps  {self.games:>6} games  win share {row['win_share_last_200']:.3f}"
              f"  ({shares})", flush=True)

    def snapshot(self, model: Any, steps: int) -> None:
        """A policy file of the learner now, joining the league."""
        folder = (self.checkpoint or self.args.out.parent) / "snapshots"
        path = folder / f"step-{steps}.pt"
        save_policy(model, path, self.args)
        self.league.add_snapshot(str(path))
        if self.venv is not None:
            self.venv.env_method("set_snapshots", self.league.snapshots)

    def save(self, model: Any, steps: int) -> None:
        assert self.checkpoint is not None
        self.checkpoint.mkdir(parents=True, exist_ok=True)
        model.save(self.checkpoint / "model.zip")
        state = {"steps": steps, "games": self.games,
                 "seconds": self.seconds + time.monotonic() - self.started,
                 "snapshots": self.league.snapshots, "rows": self.rows,
                 "next": [self.next_row, self.next_snapshot, self.next_checkpoint]}
        (self.checkpoint / "state.json").write_text(json.dumps(state, indent=1))

    def load(self) -> int:
        assert self.checkpoint is not None
        state = json.loads((self.checkpoint / "state.json").read_text())
        self.games, self.seconds = state["games"], state["seconds"]
        self.league.snapshots = list(state["snapshots"])
        self.rows = state["rows"]
        self.next_row, self.next_snapshot, self.next_checkpoint = state["next"]
        return int(state["steps"])


def save_policy(model: Any, path: Path, args: argparse.Namespace) -> None:
    """The policy network's weights and the facts the `rl:` bot needs, nothing else."""
    state = model.policy.state_dict()
    layers = [(state[f"mlp_extractor.policy_net.{2 * i}.weight"],
               state[f"mlp_extractor.policy_net.{2 * i}.bias"]) for i in range(len(NET))]
    layers.append((state["action_net.weight"], state["action_net.bias"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({
        "format": POLICY_FORMAT, "version": POLICY_VERSION, "max_rounds": args.max_rounds,
        "business_limit": args.business_limit, "offers_per_turn": args.offers_per_turn,
        "layers": [(w.detach().clone(), b.detach().clone()) for w, b in layers],
    }, path)


def load_policy(model: Any, path: Path, args: argparse.Namespace) -> None:
    """A policy file's weights into the model's policy network (`--start`): the file must be
    one `save_policy` wrote for the same network and the same action windows; a policy of an
    earlier observation layout (a prefix of this one) gets zero weights for the rest."""
    saved = torch.load(path, weights_only=True)  # tensors and numbers only: no code runs
    if saved.get("format") != POLICY_FORMAT or saved.get("version") != POLICY_VERSION:
        raise SystemExit(f"{path}: not a passgo policy file of version {POLICY_VERSION}")
    wanted = {"max_rounds": args.max_rounds, "business_limit": args.business_limit,
              "offers_per_turn": args.offers_per_turn}
    differ = [f"{k} {saved.get(k)} (not {v})" for k, v in wanted.items() if saved.get(k) != v]
    if differ:
        raise SystemExit(f"{path}: trained with other settings: {', '.join(differ)}")
    names = [f"mlp_extractor.policy_net.{2 * i}" for i in range(len(NET))] + ["action_net"]
    state = model.policy.state_dict()
    if len(saved["layers"]) != len(names):
        raise SystemExit(f"{path}: {len(saved['layers'])} layers, not {len(names)}")
    for k, (name, (weight, bias)) in enumerate(zip(names, saved["layers"], strict=True)):
        if k == 0 and weight.shape[1] in PREFIXES:
            weight = torch.cat([weight, weight.new_zeros(weight.shape[0],
                                                         SIZE - weight.shape[1])], dim=1)
        if state[f"{name}.weight"].shape != weight.shape:
            raise SystemExit(f"{path}: layer {name} is {tuple(weight.shape)}, not "
                             f"{tuple(state[f'{name}.weight'].shape)}")
        state[f"{name}.weight"] = weight
        state[f"{name}.bias"] = bias
    model.policy.load_state_dict(state)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponents", default="random",
                        help="the league: specs with weights after @, and self "
                             "(default: random)")
    parser.add_argument("--seats", type=int, default=1, help="opponents per game")
    parser.add_argument("--steps", type=int, default=10_000_000)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--envs", type=int, default=2, help="worker processes (1: in process)")
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--shaping", type=float, default=1.0,
                        help="worth-share shaping (docs/rl.md)")
    parser.add_argument("--business-limit", type=int, default=BUSINESS_LIMIT,
                        help="business actions in a row (docs/rl.md: windows)")
    parser.add_argument("--offers-per-turn", type=int, default=OFFERS_PER_TURN)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("policies/heads-up.pt"))
    parser.add_argument("--curve", type=Path, help="write the learning curve here (CSV)")
    parser.add_argument("--start", type=Path,
                        help="begin from this policy file's weights (save_policy's format)")
    parser.add_argument("--imitate", help="first imitate this bot (e.g. strategic)")
    parser.add_argument("--imitate-games", type=int, default=60)
    parser.add_argument("--imitate-against", default="strategic,basic,random")
    parser.add_argument("--imitate-epochs", type=int, default=4)
    parser.add_argument("--snapshot-every", type=int, default=50_000,
                        help="steps between the learner's snapshots (0: none)")
    parser.add_argument("--league-window", type=int, default=5)
    parser.add_argument("--checkpoint", type=Path, help="save the whole training here")
    parser.add_argument("--checkpoint-every", type=int, default=50_000)
    parser.add_argument("--resume", type=Path, help="go on from this checkpoint folder")
    args = parser.parse_args(argv)
    if args.resume is not None:
        saved = args.resume / "args.json"
        if not saved.is_file():
            parser.error(f"{args.resume}: no checkpoint there (no args.json)")
        budget = {k: getattr(args, k) for k in ("steps", "minutes", "envs")}
        args = argparse.Namespace(**{**json.loads(saved.read_text()), **budget})
        for key in ("out", "curve", "start", "checkpoint"):
            value = getattr(args, key)
            setattr(args, key, Path(value) if value else None)
        args.checkpoint, args.resume = args.checkpoint or Path(saved.parent), Path(saved.parent)
    for spec, _ in parse(args.opponents):
        problem = spec != "self" and spec_problem(spec)
        if problem:
            parser.error(f"--opponents: {problem}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    torch.set_num_threads(1)
    league = League(parse(args.opponents), seats=args.seats, window=args.league_window)
    run = Run(args, league)
    steps_done = 0
    if args.resume is not None:
        steps_done = run.load()
    elif args.checkpoint is not None:
        args.checkpoint.mkdir(parents=True, exist_ok=True)
        keep = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}
        (args.checkpoint / "args.json").write_text(json.dumps(keep, indent=1))
    n_steps = max(64, min(512, args.steps // args.envs))
    builders = [make_env(league, args.max_rounds, args.shaping, args.business_limit,
                         args.offers_per_turn, args.seed + 1000 * i)
                for i in range(args.envs)]
    venv = SubprocVecEnv(builders) if args.envs > 1 else DummyVecEnv(builders)
    venv = VecMonitor(venv)
    venv.seed(args.seed + steps_done)
    run.venv = venv
    if args.resume is None:
        run.every = run.next_row = max(1024, n_steps * args.envs)
    if league.snapshots:
        venv.env_method("set_snapshots", league.snapshots)
    if args.resume is not None:
        model = MaskablePPO.load(args.resume / "model.zip", env=venv, device="cpu")
    else:
        model = MaskablePPO("MlpPolicy", venv, n_steps=n_steps, batch_size=256, n_epochs=4,
                            learning_rate=args.learning_rate, gamma=0.999,
                            ent_coef=args.ent_coef, seed=args.seed,
                            policy_kwargs={"net_arch": {"pi": NET, "vf": NET}}, verbose=0)
        if args.start:
            load_policy(model, args.start, args)
        if args.imitate:
            began = time.monotonic()
            data = collect(args.imitate, [s.strip() for s in args.imitate_against.split(",")],
                           args.imitate_games, max_rounds=args.max_rounds,
                           business_limit=args.business_limit,
                           offers_per_turn=args.offers_per_turn, seed=args.seed)
            right = clone(model, data, args.imitate_epochs, seed=args.seed)
            print(f"imitated {args.imitate}: {len(data.actions)} decisions of {data.games} "
                  f"games ({data.skipped} not in the table), agreement {right:.3f}, "
                  f"{time.monotonic() - began:.0f} s", flush=True)
    # A logger of no outputs: the learning curve is `--curve`'s, and SB3's own would make an
    # empty SB3-<date> folder in the temporary directory on every run.
    model.set_logger(Logger(folder=None, output_formats=[]))
    budget = 60 * args.minutes
    progress = Progress(run, time.monotonic() + budget)
    started = time.monotonic()
    model.learn(total_timesteps=max(1, args.steps - steps_done), callback=progress,
                reset_num_timesteps=args.resume is None)
    took = time.monotonic() - started
    save_policy(model, args.out, args)
    if args.checkpoint is not None:
        run.save(model, model.num_timesteps)
    print(f"trained {model.num_timesteps} steps ({run.games} games) in {took:.0f} s; "
          f"policy saved to {args.out}")
    if args.curve:
        args.curve.parent.mkdir(parents=True, exist_ok=True)
        keys = sorted({k for r in run.rows for k in r},
                      key=lambda k: (k not in ("steps", "games", "win_share_last_200"), k))
        keys = ["steps", "games", "win_share_last_200", *[k for k in keys if k.startswith("vs_")]]
        with args.curve.open("w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=keys)
            writer.writeheader()
            writer.writerows(run.rows)
    venv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
