"""Build every config: sources -> Problem IR -> rows, written as a Hub-layout parquet folder."""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Iterator

from .ir import Dropped, Problem
from .problems import load_problems
from .rows import config_name, make_row

DATASETS = ["mbpp", "humaneval", "mathqa"]


@cache
def problems(dataset: str, src: str | None) -> tuple[list[Problem], list[Dropped]]:
    kept, dropped = [], []
    for item in load_problems(dataset, Path(src) if src else None):
        (dropped if isinstance(item, Dropped) else kept).append(item)
    return kept, dropped


def iter_rows(src: str | None, languages: list[str], datasets: list[str] = DATASETS,
              limit: int | None = None) -> Iterator[tuple[str, Problem | None, dict | Dropped]]:
    """(config, problem, row or Dropped) for every problem in every language; dropped-before-
    conversion problems come with problem None."""
    for dataset in datasets:
        kept, dropped = problems(dataset, src)
        for language in languages:
            config = config_name(dataset, language)
            for d in dropped[:limit]:
                yield config, None, Dropped(d.task_id, language, d.reason)
            for p in kept[:limit]:
                yield config, p, make_row(p, language)
