"""Train a passgo policy with sb3-contrib's MaskablePPO on CPU, and save it for `rl:PATH`.

    python examples/rl/train.py --minutes 30 --out policies/heads-up.pt
    python examples/rl/train.py --steps 4000 --out /tmp/smoke.pt        # a smoke run
    python examples/rl/train.py --opponents basic --start examples/rl/heads-up.pt --minutes 30

The learner plays `passgo/Monopoly-v0` against `--opponents` (default: one random bot, heads
up) in `--envs` worker processes. Training stops after `--steps` environment steps or
`--minutes`, whichever comes first. The policy file (`--out`) holds the policy network's
weights only (docs/rl.md: the `rl:` bot reads it without running code); `--curve` writes the
learning curve as CSV: steps, episodes, win share of the last 200 games. `--start` begins
from a saved policy's weights (a policy learned against easier opponents, say); the value
network, which the file does not hold, starts afresh. Needs the rl extra.
"""

from __future__ import annotations

import argparse
import csv
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
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecMonitor

import passgo.rl  # noqa: F401  (registers passgo/Monopoly-v0)
from passgo.agents.learned import POLICY_FORMAT, POLICY_VERSION
from passgo.rl.gym_env import ENV_ID
from passgo.rl.windows import BUSINESS_LIMIT, OFFERS_PER_TURN

NET = [128, 128]


def make_env(opponents: list[str], max_rounds: int, shaping: float, business_limit: int,
             offers_per_turn: int) -> Any:
    def build() -> Any:
        env = gymnasium.make(ENV_ID, opponents=opponents, max_rounds=max_rounds,
                             shaping=shaping, business_limit=business_limit,
                             offers_per_turn=offers_per_turn, disable_env_checker=True)
        return ActionMasker(env, lambda e: e.unwrapped.action_masks())
    return build


class Progress(BaseCallback):  # type: ignore[misc]
    """Records the learning curve and stops at the time budget."""

    def __init__(self, deadline: float, every: int) -> None:
        super().__init__()
        self.deadline = deadline
        self.every = every
        self.results: deque[float] = deque(maxlen=200)
        self.rows: list[tuple[int, int, float]] = []
        self.episodes = 0
        self.next_row = every

    def _on_step(self) -> bool:
        for info in self.locals["infos"]:
            episode = info.get("episode")
            if episode is not None:
                self.episodes += 1
                self.results.append(1.0 if episode["r"] > 0.5 else 0.0)
        if self.num_timesteps >= self.next_row and self.results:
            self.next_row += self.every
            share = float(np.mean(self.results))
            self.rows.append((self.num_timesteps, self.episodes, share))
            print(f"{self.num_timesteps:>9} steps  {self.episodes:>6} games  "
                  f"win share (last {len(self.results)}) {share:.3f}", flush=True)
        return time.monotonic() < self.deadline


def save_policy(model: Any, path: Path, max_rounds: int, business_limit: int,
                offers_per_turn: int) -> None:
    """The policy network's weights and the facts the `rl:` bot needs, nothing else."""
    state = model.policy.state_dict()
    layers = [(state[f"mlp_extractor.policy_net.{2 * i}.weight"],
               state[f"mlp_extractor.policy_net.{2 * i}.bias"]) for i in range(len(NET))]
    layers.append((state["action_net.weight"], state["action_net.bias"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({
        "format": POLICY_FORMAT, "version": POLICY_VERSION, "max_rounds": max_rounds,
        "business_limit": business_limit, "offers_per_turn": offers_per_turn,
        "layers": [(w.detach().clone(), b.detach().clone()) for w, b in layers],
    }, path)


def load_policy(model: Any, path: Path, max_rounds: int, business_limit: int,
                offers_per_turn: int) -> None:
    """A policy file's weights into the model's policy network (`--start`): the file must be
    one `save_policy` wrote for the same network and the same action windows."""
    saved = torch.load(path, weights_only=True)  # tensors and numbers only: no code runs
    if saved.get("format") != POLICY_FORMAT or saved.get("version") != POLICY_VERSION:
        raise SystemExit(f"{path}: not a passgo policy file of version {POLICY_VERSION}")
    wanted = {"max_rounds": max_rounds, "business_limit": business_limit,
              "offers_per_turn": offers_per_turn}
    differ = [f"{k} {saved.get(k)} (not {v})" for k, v in wanted.items() if saved.get(k) != v]
    if differ:
        raise SystemExit(f"{path}: trained with other settings: {', '.join(differ)}")
    names = [f"mlp_extractor.policy_net.{2 * i}" for i in range(len(NET))] + ["action_net"]
    state = model.policy.state_dict()
    if len(saved["layers"]) != len(names):
        raise SystemExit(f"{path}: {len(saved['layers'])} layers, not {len(names)}")
    for name, (weight, bias) in zip(names, saved["layers"], strict=True):
        if state[f"{name}.weight"].shape != weight.shape:
            raise SystemExit(f"{path}: layer {name} is {tuple(weight.shape)}, not "
                             f"{tuple(state[f'{name}.weight'].shape)}")
        state[f"{name}.weight"] = weight
        state[f"{name}.bias"] = bias
    model.policy.load_state_dict(state)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponents", default="random",
                        help="comma-separated bot specs (default: random, heads up)")
    parser.add_argument("--steps", type=int, default=10_000_000)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--envs", type=int, default=2, help="worker processes (1: in process)")
    parser.add_argument("--max-rounds", type=int, default=200)
    parser.add_argument("--shaping", type=float, default=1.0,
                        help="worth-share shaping (docs/rl.md)")
    parser.add_argument("--business-limit", type=int, default=BUSINESS_LIMIT,
                        help="business actions in a row (docs/rl.md: windows)")
    parser.add_argument("--offers-per-turn", type=int, default=OFFERS_PER_TURN)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("policies/heads-up.pt"))
    parser.add_argument("--curve", type=Path, help="write the learning curve here (CSV)")
    parser.add_argument("--start", type=Path,
                        help="begin from this policy file's weights (save_policy's format)")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    opponents = [s.strip() for s in args.opponents.split(",") if s.strip()]
    builders = [make_env(opponents, args.max_rounds, args.shaping, args.business_limit,
                         args.offers_per_turn)] * args.envs
    venv = SubprocVecEnv(builders) if args.envs > 1 else DummyVecEnv(builders)
    venv = VecMonitor(venv)
    venv.seed(args.seed)
    n_steps = max(64, min(512, args.steps // args.envs))
    model = MaskablePPO("MlpPolicy", venv, n_steps=n_steps, batch_size=256, n_epochs=4,
                        learning_rate=3e-4, gamma=0.999, ent_coef=0.01, seed=args.seed,
                        policy_kwargs={"net_arch": {"pi": NET, "vf": NET}}, verbose=0)
    if args.start:
        load_policy(model, args.start, args.max_rounds, args.business_limit,
                    args.offers_per_turn)
    progress = Progress(time.monotonic() + 60 * args.minutes, every=max(1000, n_steps * 4))
    started = time.monotonic()
    model.learn(total_timesteps=args.steps, callback=progress)
    took = time.monotonic() - started
    save_policy(model, args.out, args.max_rounds, args.business_limit, args.offers_per_turn)
    print(f"trained {model.num_timesteps} steps ({progress.episodes} games) in {took:.0f} s; "
          f"policy saved to {args.out}")
    if args.curve:
        args.curve.parent.mkdir(parents=True, exist_ok=True)
        with args.curve.open("w", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(["steps", "games", "win_share_last_200"])
            writer.writerows(progress.rows)
    venv.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
