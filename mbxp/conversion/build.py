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


def checks(p: Problem, row: dict) -> list[dict]:
    """The validation completions of one row, stored beside the dataset for `mbxp validate`."""
    from .emitters import get_emitter
    from .oracle import oracle_results, wrong_results
    emitter = get_emitter(row["language"])
    out = [{"task_id": row["task_id"], "kind": "oracle", "completion": emitter.oracle(p, oracle_results(p)),
            "program": None}]
    wrong = wrong_results(p)
    if wrong is not None:
        out.append({"task_id": row["task_id"], "kind": "wrong", "completion": emitter.oracle(p, wrong),
                    "program": None})
    if row["language"] == "python" and p.canonical_solution:
        if p.dataset == "humaneval":
            program = row["prompt"] + p.canonical_solution + row["test"]
        else:  # MBPP and MathQA solutions are whole programs, not bodies
            body = p.canonical_solution if p.dataset == "mbpp" else _mathqa_function(p.canonical_solution)
            program = row["header"] + body.rstrip() + "\n" + row["test"]
        out.append({"task_id": row["task_id"], "kind": "canonical", "completion": None, "program": program})
    return out


def _mathqa_function(code: str) -> str:
    from .mathqa import executable_code
    body = "\n".join("    " + ln if ln.strip() else "" for ln in executable_code(code).splitlines())
    return f"def problem():\n{body}\n    return answer\n"


def _emit_language(args: tuple) -> tuple[str, dict[str, tuple[list, list, list]]]:
    """All configs of one language (run in a worker process)."""
    src, language, datasets, limit = args
    out: dict[str, tuple[list, list, list]] = {}
    for config, p, row in iter_rows(src, [language], datasets, limit):
        rows, chks, dropped = out.setdefault(config, ([], [], []))
        if isinstance(row, Dropped):
            dropped.append({"task_id": row.task_id, "reason": row.reason})
        else:
            rows.append(row)
            chks.extend(checks(p, row))
    return language, out


def build(out: str | Path, src: str | None, languages: list[str], datasets: list[str] = DATASETS,
          limit: int | None = None, workers: int = 2, progress: bool = True) -> dict:
    """Write every config to `out`; returns the conversion report."""
    import json
    import multiprocessing as mp

    from .. import card
    from ..data import write_config
    from ..languages import LANGUAGES
    out = Path(out)
    if (out / f"{out.name}.py").exists():
        raise FileExistsError(f"{out}/{out.name}.py would make datasets treat the folder as a script")
    for dataset in datasets:   # analyse once, before forking, so workers share the result
        problems(dataset, src)
    report: dict[str, dict] = {}
    jobs = [(src, lang, datasets, limit) for lang in languages]
    ctx = mp.get_context("fork")
    with ctx.Pool(max(1, workers)) as pool:
        results = pool.imap_unordered(_emit_language, jobs)
        if progress:
            from tqdm import tqdm
            results = tqdm(results, total=len(jobs), desc="build", unit="lang")
        for language, configs in results:
            for config, (rows, chks, dropped) in configs.items():
                nbytes = write_config(out, config, rows, chks)
                report[config] = {"num_bytes": nbytes, "language": language, "dataset": config.split("-")[0] if "-" in config else "mbpp",
                                  "converted": len(rows), "dropped": len(dropped), "dropped_problems": dropped}
    report = dict(sorted(report.items()))
    (out / "conversion_report.json").write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    (out / "README.md").write_text(card.dataset_card(report, LANGUAGES))
    return report


def report_table(report: dict) -> str:
    head = f"{'config':<22} {'converted':>9} {'dropped':>8}"
    lines = [head, "-" * len(head)]
    lines += [f"{c:<22} {r['converted']:>9} {r['dropped']:>8}" for c, r in report.items()]
    return "\n".join(lines)
