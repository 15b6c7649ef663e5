"""Runs in flight per worker: the engine's programs per second with 1, 2 and 3 sandboxed runs per
worker, and the per-sample mode, on the same programs in one run.

    python benchmarks/runs_per_worker.py --dataset DIR [--languages ruby,php] [--n 240]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mbxp.runners import engine  # noqa: E402
from throughput import programs, timed  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dataset", required=True, help="a built folder (mbxp build)")
    ap.add_argument("--languages", default="python,javascript,php,ruby,perl,lua,bash,java")
    ap.add_argument("--n", type=int, default=240)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    for lang in a.languages.split(","):
        jobs = programs(Path(a.dataset), lang, a.n)
        timed(jobs[:4], True, a.workers, 20)  # untimed warm-up
        row = []
        for per_worker in (1, 2, 3):
            engine.RUNS_PER_WORKER = per_worker
            seconds, _ = timed(jobs, True, a.workers, 20)
            row.append(len(jobs) / seconds)
        seconds, _ = timed(jobs, False, a.workers, 20)
        single = len(jobs) / seconds
        print(f"{lang:<11} {len(jobs)} programs  runs/worker 1: {row[0]:6.1f}/s  2: {row[1]:6.1f}/s  "
              f"3: {row[2]:6.1f}/s  per-sample {single:6.1f}/s  ratio at 3: {row[2] / single:.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
