"""pass@k, the unbiased estimator of Chen et al. (2021)."""
from __future__ import annotations

import numpy as np


def pass_at_k(n: int, c: int, k: int) -> float:
    """Probability that at least one of k samples drawn from n (c correct) passes.

    1 - C(n-c, k) / C(n, k), computed as a product to avoid huge binomials."""
    if k > n:
        raise ValueError(f"pass@{k} needs at least {k} samples per problem, got {n}")
    if n - c < k:
        return 1.0
    return float(1.0 - np.prod(1.0 - k / np.arange(n - c + 1, n + 1)))


def mean_pass_at_k(counts: list[tuple[int, int]], ks: list[int]) -> dict[str, float]:
    """{'pass@k': mean over problems} for each k that every problem has enough samples for."""
    out = {}
    if not counts:
        return out
    smallest = min(n for n, _ in counts)
    for k in ks:
        if k <= smallest:
            out[f"pass@{k}"] = float(np.mean([pass_at_k(n, c, k) for n, c in counts]))
    return out
