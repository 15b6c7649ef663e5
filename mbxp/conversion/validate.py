"""Prove a conversion: for every row, an oracle completion must pass, a wrong completion of the
right type must fail with verdict `failed`, and every Python canonical solution must pass."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from ..runners.assemble import assemble
from ..runners.base import Job, Outcome
from ..runners.engine import judge
from .emitters import get_emitter
from .ir import Problem
from .oracle import oracle_results, wrong_results

EXPECTED = {"oracle": "passed", "wrong": "failed", "canonical": "passed"}


def checks_for(p: Problem, row: dict) -> list[dict]:
    """The validation completions of one row: [{kind, completion, program}]."""
    emitter = get_emitter(row["language"])
    out = [{"kind": "oracle", "completion": emitter.oracle(p, oracle_results(p))}]
    wrong = wrong_results(p)
    if wrong is not None:
        out.append({"kind": "wrong", "completion": emitter.oracle(p, wrong)})
    if row["language"] == "python" and p.canonical_solution:
        out.append({"kind": "canonical", "completion": p.canonical_solution})
    for check in out:
        if check["kind"] == "canonical" and p.dataset != "humaneval":
            # MBPP and MathQA solutions are whole programs, not bodies
            body = p.canonical_solution if p.dataset == "mbpp" else mathqa_function(p.canonical_solution)
            check["program"] = row["header"] + body.rstrip() + "\n" + row["test"]
        else:
            check["program"] = assemble(row, check["completion"])
    return out


def mathqa_function(code: str) -> str:
    from .mathqa import executable_code
    body = "\n".join("    " + ln for ln in executable_code(code).splitlines())
    return f"def problem():\n{body}\n    return answer\n"


@dataclass
class Report:
    verdicts: dict = field(default_factory=lambda: defaultdict(Counter))   # config -> Counter
    misses: list = field(default_factory=list)                             # (task_id, kind, verdict, stderr)

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


def validate(items: Iterable[tuple[str, Problem, dict]], *, workers: int = 2, timeout: float = 20.0,
             sandbox: str = "auto", progress: bool = True) -> Report:
    """items: (config, problem, row). Runs every check and compares with the expected verdict."""
    report = Report()
    jobs = []
    for config, p, row in items:
        report.verdicts[config]["rows"] += 1
        for check in checks_for(p, row):
            jobs.append(Job(f"{row['task_id']}#{check['kind']}", row["language"], check["program"],
                            extra={"config": config, "kind": check["kind"]}))
    results = judge(jobs, workers=workers, timeout=timeout, sandbox=sandbox)
    if progress:
        from tqdm import tqdm
        results = tqdm(results, total=len(jobs), desc="validate", unit="prog")
    for job, outcome in results:
        record(report, job, outcome)
    return report


def record(report: Report, job: Job, outcome: Outcome) -> None:
    config, kind = job.extra["config"], job.extra["kind"]
    if outcome.verdict == EXPECTED[kind]:
        report.verdicts[config][f"{kind}_ok"] += 1
    else:
        report.verdicts[config]["misses"] += 1
        report.misses.append((job.key, kind, outcome.verdict, outcome.stderr[-600:]))
