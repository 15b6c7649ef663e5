"""`mbxp evaluate`: judge a samples file against a built dataset and report pass@k per config.

Results are appended to a JSONL file as they arrive; a run killed at any point and started again
skips what is done and loses nothing.
"""
from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from .runners.assemble import assemble
from .runners.base import VERDICTS, Job
from .runners.engine import Cache, judge
from .runners.passk import mean_pass_at_k

GATE_MESSAGE = """
################################################################################
                                  !!!WARNING!!!
################################################################################
The "mbxp" harness executes untrusted model-generated code. It runs every program
in a sandbox (bubblewrap namespaces, no network, cgroup and rlimit limits), but
no sandbox is perfect. Make sure you understand the risk before going further.

Once you have read this disclaimer, set the environment variable
HF_ALLOW_CODE_EVAL="1" or pass --allow-code-execution. In Python:
>>> import os
>>> os.environ["HF_ALLOW_CODE_EVAL"] = "1"
################################################################################
"""


class InputError(ValueError):
    """Bad samples: nothing has run."""


def execution_allowed(flag: bool = False) -> bool:
    return flag or os.environ.get("HF_ALLOW_CODE_EVAL") == "1"


@dataclass
class Sample:
    task_id: str
    completion_id: int
    completion: str
    row: dict


def read_samples(path: str | Path, tasks: dict[str, dict]) -> list[Sample]:
    """Parse and check every line before anything runs; errors name the line."""
    samples, seen = [], Counter()
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                raise InputError(f"{path}:{lineno}: malformed JSON: {e.msg}") from None
            if not isinstance(obj, dict):
                raise InputError(f"{path}:{lineno}: expected a JSON object")
            for key in ("task_id", "completion"):
                if key not in obj:
                    raise InputError(f"{path}:{lineno}: missing field {key!r}")
            if not isinstance(obj["completion"], str):
                raise InputError(f"{path}:{lineno}: 'completion' must be a string")
            tid = obj["task_id"]
            if tid not in tasks:
                raise InputError(f"{path}:{lineno}: unknown task_id {tid!r} (not in the dataset)")
            lang = obj.get("language")
            if lang is not None and lang != tasks[tid]["language"]:
                raise InputError(f"{path}:{lineno}: language {lang!r} does not match task {tid} "
                                 f"({tasks[tid]['language']})")
            samples.append(Sample(tid, seen[tid], obj["completion"], tasks[tid]))
            seen[tid] += 1
    if not samples:
        raise InputError(f"{path}: no samples")
    return samples


def read_done(out: Path) -> dict[tuple[str, int], dict]:
    """Results already written; a torn last line (killed mid-write) is cut off."""
    done = {}
    if not out.exists():
        return done
    data = out.read_bytes()
    keep = data[:data.rfind(b"\n") + 1]
    if len(keep) != len(data):
        with open(out, "r+b") as f:
            f.truncate(len(keep))
    for line in keep.decode("utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            done[(r["task_id"], r["completion_id"])] = r
    return done


def result_row(sample: Sample, outcome) -> dict:
    return {"task_id": sample.task_id, "language": sample.row["language"], "config": sample.row["config"],
            "completion_id": sample.completion_id, "verdict": outcome.verdict, "passed": outcome.passed,
            "exit_code": outcome.exit_code, "compile_seconds": round(outcome.compile_seconds, 4),
            "run_seconds": round(outcome.run_seconds, 4), "stderr": outcome.stderr, "sandbox": outcome.sandbox}


def summarize(results: list[dict], ks: list[int]) -> dict:
    """Per config: pass@k (k <= samples per problem) and the count of each verdict."""
    by_config: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    verdicts: dict[str, Counter] = defaultdict(Counter)
    for r in results:
        by_config[r["config"]][r["task_id"]].append(r["passed"])
        verdicts[r["config"]][r["verdict"]] += 1
    summary = {}
    for config, tasks in sorted(by_config.items()):
        counts = [(len(v), sum(v)) for v in tasks.values()]
        summary[config] = {"problems": len(tasks), "samples": sum(n for n, _ in counts),
                           **mean_pass_at_k(counts, ks),
                           "verdicts": {v: verdicts[config][v] for v in VERDICTS if verdicts[config][v]}}
    return summary


def summary_table(summary: dict, ks: list[int]) -> str:
    cols = [f"pass@{k}" for k in ks]
    head = f"{'config':<22} {'problems':>8} {'samples':>8} " + " ".join(f"{c:>9}" for c in cols) + "  verdicts"
    lines = [head, "-" * len(head)]
    for config, s in summary.items():
        vals = " ".join(f"{s[c] * 100:>8.2f}%" if c in s else f"{'-':>9}" for c in cols)
        verdicts = ", ".join(f"{k} {v}" for k, v in s["verdicts"].items())
        lines.append(f"{config:<22} {s['problems']:>8} {s['samples']:>8} {vals}  {verdicts}")
    return "\n".join(lines)


def evaluate(samples_path: str | Path, dataset: str | Path, *, ks: list[int] = (1, 10, 100),
             timeout: float = 10.0, workers: int = 2, out: str | Path | None = None,
             sandbox: str = "auto", cache_dir: str | None = None, progress: bool = True,
             allow_code_execution: bool = False) -> dict:
    """Judge every sample; returns the summary (also written next to the results)."""
    from .data import read_tasks
    tasks = read_tasks(dataset)
    samples = read_samples(samples_path, tasks)
    if not execution_allowed(allow_code_execution):
        raise PermissionError(GATE_MESSAGE)
    out = Path(out) if out else Path(str(samples_path).removesuffix(".jsonl") + "_results.jsonl")
    done = read_done(out)
    todo = [s for s in samples if (s.task_id, s.completion_id) not in done]
    jobs = [Job(f"{s.task_id}#{s.completion_id}", s.row["language"], assemble(s.row, s.completion),
                extra={"sample": s}) for s in todo]
    results = judge(jobs, workers=workers, timeout=timeout, sandbox=sandbox, cache=Cache(cache_dir))
    if progress:
        from tqdm import tqdm
        results = tqdm(results, total=len(jobs), initial=0, desc="evaluate", unit="sample")
    with open(out, "a", encoding="utf-8") as f:
        for job, outcome in results:
            row = result_row(job.extra["sample"], outcome)
            done[(row["task_id"], row["completion_id"])] = row
            f.write(json.dumps(row) + "\n")
            f.flush()
    wanted = {(s.task_id, s.completion_id) for s in samples}
    summary = summarize([r for key, r in done.items() if key in wanted], list(ks))
    Path(str(out).removesuffix(".jsonl") + "_summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary
