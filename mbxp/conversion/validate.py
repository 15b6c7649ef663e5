"""Prove a conversion: for every row, an oracle completion must pass, a wrong completion of the
right type must fail with verdict `failed`, and every Python canonical solution must pass.

The completions are made at build time (they need the recorded values) and stored beside the
rows in `_validation/`, so a built folder can be validated on its own.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from ..runners.assemble import assemble
from ..runners.base import Job, Outcome
from ..runners.engine import judge

EXPECTED = {"oracle": "passed", "wrong": "failed", "canonical": "passed"}


@dataclass
class Report:
    verdicts: dict = field(default_factory=lambda: defaultdict(Counter))   # config -> Counter
    misses: list = field(default_factory=list)                             # (key, kind, verdict, stderr)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.misses

    def table(self) -> str:
        head = f"{'config':<20} {'rows':>6} {'oracle ok':>10} {'wrong ok':>9} {'canon ok':>9} {'misses':>7}"
        lines = [head, "-" * len(head)]
        for config in sorted(self.verdicts):
            c = self.verdicts[config]
            lines.append(f"{config:<20} {c['rows']:>6} {c['oracle_ok']:>10} {c['wrong_ok']:>9} "
                         f"{c['canonical_ok']:>9} {c['misses']:>7}")
        return "\n".join(lines)


def jobs_for(config: str, row: dict, checks: Iterable[dict]) -> list[Job]:
    out = []
    for check in checks:
        program = check["program"] or assemble(row, check["completion"])
        out.append(Job(f"{row['task_id']}#{check['kind']}", row["language"], program,
                       extra={"config": config, "kind": check["kind"]}))
    return out


def validate_jobs(jobs: list[Job], rows_per_config: Counter, *, workers: int = 2, timeout: float = 20.0,
                  sandbox: str = "auto", progress: bool = True) -> Report:
    import time
    report = Report()
    for config, n in rows_per_config.items():
        report.verdicts[config]["rows"] += n
    start = time.monotonic()
    results = judge(jobs, workers=workers, timeout=timeout, sandbox=sandbox)
    if progress:
        from tqdm import tqdm
        results = tqdm(results, total=len(jobs), desc="validate", unit="prog")
    for job, outcome in results:
        record(report, job, outcome)
    report.seconds = time.monotonic() - start
    return report


def validate_dataset(folder, configs: list[str] | None = None, languages: list[str] | None = None,
                     limit: int | None = None, **kw) -> Report:
    """Validate a built folder (every config, or those given)."""
    from ..data import configs_in, read_checks, read_config
    jobs, counts = [], Counter()
    for config in configs or configs_in(folder):
        rows = read_config(folder, config)[:limit]
        if languages and rows and rows[0]["language"] not in languages:
            continue
        by_task = defaultdict(list)
        for check in read_checks(folder, config):
            by_task[check["task_id"]].append(check)
        for row in rows:
            counts[config] += 1
            jobs += jobs_for(config, row, by_task[row["task_id"]])
    return validate_jobs(jobs, counts, **kw)


def validate(items, **kw) -> Report:
    """Validate (config, problem, row) items straight from the converter (no folder needed)."""
    from .build import checks
    jobs, counts = [], Counter()
    for config, p, row in items:
        counts[config] += 1
        jobs += jobs_for(config, row, checks(p, row))
    return validate_jobs(jobs, counts, **kw)


def record(report: Report, job: Job, outcome: Outcome) -> None:
    config, kind = job.extra["config"], job.extra["kind"]
    if outcome.verdict == EXPECTED[kind]:
        report.verdicts[config][f"{kind}_ok"] += 1
    else:
        report.verdicts[config]["misses"] += 1
        report.misses.append((job.key, kind, outcome.verdict, outcome.stderr[-600:]))
