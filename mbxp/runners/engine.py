"""One scheduler over all jobs: batches per language, a thread pool across languages, a cache.

Each thread takes a batch of one language: it compiles the batch (one compiler call, or one by
one), then runs every program in its own sandbox. Identical programs run once.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import threading
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import asdict
from pathlib import Path
from typing import Iterable, Iterator

from .base import Job, Outcome
from .sandbox import sandbox_mode
from .specs import get_runner

STDERR_EXCERPT = 2000


class Cache:
    """Outcomes keyed by language, toolchain version and program text. In memory by default;
    on disk (opt-in) when given a directory."""

    def __init__(self, directory: str | Path | None = None):
        self.memory: dict[str, Outcome] = {}
        self.dir = Path(directory) if directory else None
        if self.dir:
            self.dir.mkdir(parents=True, exist_ok=True)
        self.lock = threading.Lock()

    @staticmethod
    def key(job: Job) -> str:
        version = get_runner(job.language).version()
        return hashlib.sha256(f"{job.language}\0{version}\0{job.source}".encode()).hexdigest()

    def get(self, key: str) -> Outcome | None:
        with self.lock:
            if key in self.memory:
                return self.memory[key]
        if self.dir and (self.dir / key[:2] / key).exists():
            return Outcome(**json.loads((self.dir / key[:2] / key).read_text()))
        return None

    def put(self, key: str, outcome: Outcome) -> None:
        if outcome.verdict in ("timeout", "memory_limit", "toolchain_missing"):
            return  # depend on load and limits, not only on the program
        with self.lock:
            self.memory[key] = outcome
        if self.dir:
            (self.dir / key[:2]).mkdir(exist_ok=True)
            (self.dir / key[:2] / key).write_text(json.dumps(asdict(outcome)))


def judge_batch(jobs: list[Job], timeout: float, sandbox: str, root: Path, batching: bool = True) -> list[Outcome]:
    runner = get_runner(jobs[0].language)
    mode = sandbox_mode() if sandbox != "none" else "none"
    if not runner.available():
        return [Outcome("toolchain_missing", stderr=f"no {runner.language} toolchain: run "
                        f"`scripts/install-toolchains --only {runner.language}`", sandbox=mode) for _ in jobs]
    for job in jobs:
        job.workdir = Path(tempfile.mkdtemp(prefix=f"{job.language}-", dir=root))
    try:
        (runner.compile_batch if batching else runner.compile_per_sample)(jobs, sandbox)
        outcomes = []
        for job in jobs:
            cr = job.compile_result
            if runner.compile_failed(cr):
                verdict = "timeout" if cr.timed_out else "compile_error"
                outcomes.append(Outcome(verdict, cr.exit_code, job.compile_seconds, 0.0,
                                        excerpt(cr.stderr or cr.stdout), sandbox=cr.sandbox))
                continue
            res = runner.run_job(job, timeout, sandbox)
            verdict = runner.classify(res, False) if job.extra.get("foreign") else runner.classify(res)
            outcomes.append(Outcome(verdict, res.exit_code, job.compile_seconds,
                                    res.duration, excerpt(res.stderr), res.stdout[-500:], res.sandbox))
        return outcomes
    finally:
        for job in jobs:
            shutil.rmtree(job.workdir, ignore_errors=True)


def excerpt(text: str) -> str:
    text = text or ""
    return text if len(text) <= STDERR_EXCERPT else text[:STDERR_EXCERPT // 2] + "\n...\n" + text[-STDERR_EXCERPT // 2:]


def batches(jobs: list[Job], batching: bool = True) -> list[list[Job]]:
    """Batches of one language each, interleaved across languages so every compiler stays busy."""
    by_lang: dict[str, list[Job]] = {}
    for job in jobs:
        by_lang.setdefault(job.language, []).append(job)
    queues = []
    for lang, items in by_lang.items():
        size = max(1, get_runner(lang).batch_size) if batching else 1
        queues.append([items[i:i + size] for i in range(0, len(items), size)])
    out = []
    while any(queues):
        for q in queues:
            if q:
                out.append(q.pop(0))
    return out


def judge(jobs: Iterable[Job], *, workers: int = 2, timeout: float = 10.0, sandbox: str = "auto",
          cache: Cache | None = None, batching: bool = True) -> Iterator[tuple[Job, Outcome]]:
    """Judge every job; yields (job, outcome) as results arrive, in no particular order.

    batching=False is the per-sample mode of earlier harnesses (one compiler call per program, no
    cache, duplicates run again); the throughput benchmark compares the two."""
    cache = cache if cache is not None else Cache()
    pending: dict[str, list[Job]] = {}
    for i, job in enumerate(jobs):
        key = Cache.key(job) if batching else f"{i}"
        hit = cache.get(key) if batching else None
        if hit is not None:
            yield job, hit
        else:
            pending.setdefault(key, []).append(job)
    unique = [dups[0] for dups in pending.values()]
    keys = {id(dups[0]): key for key, dups in pending.items()}
    limits = {lang: threading.Semaphore(get_runner(lang).concurrency or workers)
              for lang in {j.language for j in unique}}
    root = Path(tempfile.mkdtemp(prefix="mbxp-run-"))
    root.chmod(0o711)  # the sandbox's unprivileged uid must reach the workdirs inside

    def work(batch: list[Job]) -> list[Outcome]:
        with limits[batch[0].language]:
            return judge_batch(batch, timeout, sandbox, root, batching)

    try:
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            futures = {pool.submit(work, b): b for b in batches(unique, batching)}
            while futures:
                done, _ = wait(futures, return_when=FIRST_COMPLETED)
                for fut in done:
                    batch = futures.pop(fut)
                    for job, outcome in zip(batch, fut.result()):
                        key = Cache.key(job) if batching else keys[id(job)]
                        if batching:
                            cache.put(key, outcome)
                        for dup in pending[key]:
                            yield dup, outcome
    finally:
        shutil.rmtree(root, ignore_errors=True)
