"""Acceptance check: `mbxp evaluate` killed with SIGKILL halfway and restarted gives the same totals
as an uninterrupted run.

    python scripts/kill-resume-check.py --dataset /tmp/mbxp --n 2000
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from mbxp.data import read_tasks  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--config", default="mbpp")
    a = ap.parse_args()
    tasks = [r for r in read_tasks(a.dataset, [a.config]).values()]
    rows = []
    while len(rows) < a.n:
        for r in tasks:
            i = len(rows)
            body = ["```python\n" + (r["canonical_solution"] or "") + f"\n# {i}\n```",
                    f"    return None  # {i}\n", f"    return (  # {i}\n"][i % 3]
            rows.append({"task_id": r["task_id"], "completion": body})
            if len(rows) == a.n:
                break
    work = Path(tempfile.mkdtemp(prefix="mbxp-resume-"))
    samples = work / "samples.jsonl"
    samples.write_text("".join(json.dumps(r) + "\n" for r in rows))
    env = {**os.environ, "HF_ALLOW_CODE_EVAL": "1"}
    base = [sys.executable, "-m", "mbxp.cli", "evaluate", str(samples), "--dataset", a.dataset, "--k", "1,10"]
    killed = work / "killed.jsonl"
    proc = subprocess.Popen(base + ["--out", str(killed)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    while not killed.exists() or len(killed.read_bytes().splitlines()) < a.n // 2:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    at_kill = len(killed.read_bytes().splitlines())
    t = time.monotonic()
    subprocess.run(base + ["--out", str(killed)], env=env, check=True, capture_output=True)
    resume_s = time.monotonic() - t
    t = time.monotonic()
    subprocess.run(base + ["--out", str(work / "full.jsonl")], env=env, check=True, capture_output=True)
    full_s = time.monotonic() - t
    resumed = json.loads((work / "killed_summary.json").read_text())
    full = json.loads((work / "full_summary.json").read_text())
    lines = len(killed.read_text().splitlines())
    print(f"samples {a.n}; killed with SIGKILL after {at_kill} results; resumed run {resume_s:.0f}s, "
          f"uninterrupted run {full_s:.0f}s; result lines after resume {lines}")
    print("resumed:      ", json.dumps(resumed))
    print("uninterrupted:", json.dumps(full))
    ok = resumed == full and lines == a.n
    print("totals equal" if ok else "TOTALS DIFFER")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
