"""How good is the fairness check? Measured over simulated samples, not timed.

`python tests/bench/dice_power.py [--samples 1000] [--seed 14]` prints, for a fair d6 and for a
d6 whose six comes up 25% of the time (the other faces 15% each), how often `companion dice-check`
calls the die biased after 100, 300, 500 and 1,000 rolls. The figures go in docs/dice.md.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.fairness import check_counts

FACES = (1, 2, 3, 4, 5, 6)
FAIR = (1 / 6,) * 6
LOADED = (0.15, 0.15, 0.15, 0.15, 0.15, 0.25)
SIZES = (100, 300, 500, 1000)


def biased_share(weights: tuple[float, ...], rolls: int, samples: int, rng: random.Random) -> float:
    """The share of samples of `rolls` rolls that the check calls `looks biased`."""
    caught = 0
    for _ in range(samples):
        seen = Counter(rng.choices(FACES, weights, k=rolls))
        counts = tuple((str(face), seen[face]) for face in FACES)
        caught += check_counts("d6", counts).verdict == "looks biased"
    return caught / samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{args.samples:,} samples per cell, seed {args.seed}, biased when p < 0.01\n")
    print("| Rolls | Fair d6 called biased | Six at 25% caught |")
    print("| ---: | ---: | ---: |")
    for rolls in SIZES:
        fair = biased_share(FAIR, rolls, args.samples, rng)
        loaded = biased_share(LOADED, rolls, args.samples, rng)
        print(f"| {rolls:,} | {fair:.1%} | {loaded:.1%} |")


if __name__ == "__main__":
    main()
