"""Seeds for simulated games, all derived from one master seed.

A seed depends only on the master seed and on what it is for (game 17, the bot of entry 2 in
game 17, landing chunk 3), never on which worker plays the game or when: a job gives the same
results with one worker, sixteen or a cluster. Hashing the parts, rather than drawing a
sequence from one PRNG, lets any worker seed any game without generating the ones before it.
"""

from __future__ import annotations

import hashlib


def derive_seed(master: int, *parts: int | str) -> int:
    """A 63-bit seed for the thing named by `parts`, from the master seed."""
    text = ":".join(str(part) for part in (master, *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
