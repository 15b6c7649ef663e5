"""One scheduler over all jobs: batches per language, worker threads across languages, a cache.

A batch of one language is compiled by one task (one compiler call, or one by one); each of its
programs then runs as its own task, in its own sandbox. Identical programs run once.

Runs are oversubscribed: `workers` compiles, but up to RUNS_PER_WORKER x `workers` sandboxed
processes at once. A sandboxed run waits on the kernel (namespaces, mounts, teardown) for about a
quarter of its wall time: measured on 2 cores, `python -c pass` in the sandbox with 2 at a time
kept the machine 73% busy (57 runs/s), with 4 at a time 87% (74 runs/s). Benchmark programs
(240 per language, 2 workers, one run) with 1, 2 and 3 runs per worker: Ruby 57/77/82 per s,
PHP 47/64/69, Lua 104/115/137, Java 20/22/22. Timeouts are wall time,
so a program that timed out while more than `workers` processes ran is run again with at most
`workers` running beside it: its verdict is the one an uncrowded machine gives.
"""
from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import queue
import shutil
import tempfile
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Iterable, Iterator

from .base import Job, Outcome
from .sandbox import sandbox_mode
from .specs import get_runner

STDERR_EXCERPT = 2000
RUNS_PER_WORKER = 3


class Slots:
    """Process slots. A compile or a run takes one (a CPU-bound run `weight` of them); the re-check
    of a crowded timeout takes enough that at most `calm` processes run, itself included, and is
    served before new runs.
    `crowded(since)` says whether more than `calm` slots were taken at any time after `since`."""

    def __init__(self, total: int, calm: int):
        self.total, self.calm, self.free = total, calm, total
        self.cv = threading.Condition()
        self.heavy_waiting = 0
        self.over_since: float | None = None  # more than `calm` taken since then
        self.over_until = float("-inf")      # last time that stopped

    @contextlib.contextmanager
    def hold(self, recheck: bool = False, weight: int = 1):
        n = self.total - self.calm + 1 if recheck else weight
        with self.cv:
            self.heavy_waiting += recheck
            while self.free < n or (not recheck and self.heavy_waiting):
                self.cv.wait()
            self.heavy_waiting -= recheck
            self.free -= n
            if self.total - self.free > self.calm and self.over_since is None:
                self.over_since = time.monotonic()
        try:
            yield
        finally:
            with self.cv:
                self.free += n
                if self.total - self.free <= self.calm and self.over_since is not None:
                    self.over_since, self.over_until = None, time.monotonic()
                self.cv.notify_all()

    def crowded(self, since: float) -> bool:
        with self.cv:
            return self.over_since is not None or self.over_until >= since


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


class Stage:
    """The two kinds of task: compile a batch, then run each of its programs on its own."""

    def __init__(self, timeout: float, sandbox: str, root: Path, batching: bool):
        self.timeout, self.sandbox, self.root, self.batching = timeout, sandbox, root, batching
        self.mode = sandbox_mode() if sandbox != "none" else "none"

    def compile(self, jobs: list[Job]) -> tuple[list[tuple[Job, Outcome]], list[Job]]:
        """Compile a batch: outcomes for the programs that are already judged, and the ones to run."""
        runner = get_runner(jobs[0].language)
        if not runner.available():
            return [(job, Outcome("toolchain_missing", stderr=f"no {runner.language} toolchain: run "
                                  f"`scripts/install-toolchains --only {runner.language}`", sandbox=self.mode))
                    for job in jobs], []
        for job in jobs:
            job.workdir = Path(tempfile.mkdtemp(prefix=f"{job.language}-", dir=self.root))
        try:
            (runner.compile_batch if self.batching else runner.compile_per_sample)(jobs, self.sandbox)
        except BaseException:
            for job in jobs:
                shutil.rmtree(job.workdir, ignore_errors=True)
            raise
        done, to_run = [], []
        for job in jobs:
            cr = job.compile_result
            if runner.compile_failed(cr):
                verdict = "timeout" if cr.timed_out else "compile_error"
                done.append((job, Outcome(verdict, cr.exit_code, job.compile_seconds, 0.0,
                                          excerpt(cr.stderr or cr.stdout), sandbox=cr.sandbox)))
                shutil.rmtree(job.workdir, ignore_errors=True)
            else:
                to_run.append(job)
        return done, to_run

    def run(self, job: Job) -> Outcome:
        """Run a compiled job; its workdir stays until `done` (a timeout may be checked again)."""
        runner = get_runner(job.language)
        try:
            res = (runner.run_job if self.batching else runner.run_per_sample)(job, self.timeout, self.sandbox)
        except BaseException:
            self.done(job)
            raise
        verdict = runner.classify(res, False) if job.extra.get("foreign") else runner.classify(res)
        return Outcome(verdict, res.exit_code, job.compile_seconds, res.duration, excerpt(res.stderr),
                       res.stdout[-500:], res.sandbox)

    @staticmethod
    def done(job: Job) -> None:
        shutil.rmtree(job.workdir, ignore_errors=True)


def excerpt(text: str) -> str:
    text = text or ""
    return text if len(text) <= STDERR_EXCERPT else text[:STDERR_EXCERPT // 2] + "\n...\n" + text[-STDERR_EXCERPT // 2:]


def batches(jobs: list[Job], batching: bool = True, workers: int = 1) -> list[list[Job]]:
    """Batches of one language each, interleaved across languages so every compiler stays busy.
    A language with few programs gets smaller batches, so that every worker has one."""
    by_lang: dict[str, list[Job]] = {}
    for job in jobs:
        by_lang.setdefault(job.language, []).append(job)
    queues = []
    for lang, items in by_lang.items():
        size = max(1, min(get_runner(lang).batch_size, -(-len(items) // max(1, workers)))) if batching else 1
        queues.append([items[i:i + size] for i in range(0, len(items), size)])
    out = []
    while any(queues):
        for q in queues:
            if q:
                out.append(q.pop(0))
    return out


def sweep_stale_roots() -> None:
    """Remove the run directories of judges whose process is gone (killed, so its `finally`
    never ran): each root names its owner's pid."""
    for root in Path(tempfile.gettempdir()).glob("mbxp-run-*"):
        try:
            os.kill(int((root / "owner").read_text().split()[0]), 0)
        except ProcessLookupError:
            shutil.rmtree(root, ignore_errors=True)
        except (OSError, ValueError, IndexError):  # no owner file, not ours to judge, or alive
            pass


_swept = False


def judge(jobs: Iterable[Job], *, workers: int = 2, timeout: float = 10.0, sandbox: str = "auto",
          cache: Cache | None = None, batching: bool = True) -> Iterator[tuple[Job, Outcome]]:
    """Judge every job; yields (job, outcome) as results arrive, in no particular order.

    Workers take tasks from one priority queue: runs of compiled programs before compiles of new
    batches, so results flow early and few compiled programs wait on disk. At most `workers`
    compiles and RUNS_PER_WORKER x `workers` processes in all run at once (see the module doc).
    batching=False is the per-sample mode of earlier harnesses (a plain compiler call per
    program, `workers` processes at a time, no cache, duplicates run again); the throughput
    benchmark compares the two."""
    cache = cache if cache is not None else Cache()
    pending: dict[str, list[Job]] = {}
    for i, job in enumerate(jobs):
        key = Cache.key(job) if batching else f"{i}"
        hit = cache.get(key) if batching else None
        if hit is not None:
            yield job, hit
        else:
            pending.setdefault(key, []).append(job)
    if not pending:
        return
    unique = [dups[0] for dups in pending.values()]
    keys = {id(dups[0]): key for key, dups in pending.items()}
    limits = {lang: threading.Semaphore(get_runner(lang).concurrency or workers)
              for lang in {j.language for j in unique}}
    global _swept
    if not _swept:
        _swept = True
        sweep_stale_roots()
    root = Path(tempfile.mkdtemp(prefix="mbxp-run-"))
    root.chmod(0o711)  # the sandbox's unprivileged uid must reach the workdirs inside
    (root / "owner").write_text(f"{os.getpid()}\n")
    stage = Stage(timeout, sandbox, root, batching)
    tasks: queue.PriorityQueue = queue.PriorityQueue()
    results: queue.Queue = queue.Queue()
    order = itertools.count()
    for batch in batches(unique, batching, workers):
        tasks.put((1, next(order), batch))
    workers = max(1, workers)
    per_worker = RUNS_PER_WORKER if batching else 1
    slots = Slots(workers * per_worker, workers)
    # a run that keeps a core busy from start to end gains nothing from oversubscription
    weights = {lang: per_worker if get_runner(lang).cpu_bound_runs else 1 for lang in limits}
    compiles = threading.Semaphore(workers)

    def worker() -> None:
        while True:
            priority, _, item = tasks.get()
            if item is None:  # the end: see finally below
                return
            try:
                if priority < 1:
                    recheck = priority < 0
                    with slots.hold(recheck, weights[item.language]):
                        start = time.monotonic()
                        outcome = stage.run(item)
                    if outcome.verdict == "timeout" and not recheck and slots.crowded(start):
                        tasks.put((-1, next(order), item))
                        continue
                    stage.done(item)
                    results.put([(item, outcome)])
                else:
                    with limits[item[0].language], compiles, slots.hold():
                        done, to_run = stage.compile(item)
                    for job in to_run:
                        tasks.put((0, next(order), job))
                    results.put(done)
            except BaseException as e:  # surfaced in the caller's thread
                results.put(e)

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(slots.total)]
    for t in threads:
        t.start()
    try:
        remaining = len(unique)
        while remaining:
            got = results.get()
            if isinstance(got, BaseException):
                raise got
            for job, outcome in got:
                remaining -= 1
                key = Cache.key(job) if batching else keys[id(job)]
                if batching:
                    cache.put(key, outcome)
                for dup in pending[key]:
                    yield dup, outcome
    finally:
        for _ in threads:  # first in the queue: each worker stops after its current task
            tasks.put((-99, next(order), None))
        for t in threads:
            t.join()
        for lang in limits:
            get_runner(lang).close()
        shutil.rmtree(root, ignore_errors=True)
