import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from mbxp.data import read_tasks
from mbxp.evaluate import InputError, evaluate, read_samples


def write(path, rows):
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


def samples_for(dataset, per_task=3):
    """Per task: the canonical solution (passes), a wrong body (fails), a syntax error."""
    rows = []
    for tid, row in sorted(read_tasks(dataset).items()):
        if row["language"] != "python" or row["dataset"] != "mbpp":
            continue
        good = "```python\n" + row["canonical_solution"] + "\n```"
        rows += [{"task_id": tid, "completion": good}, {"task_id": tid, "completion": "    return None\n"},
                 {"task_id": tid, "completion": "    return (\n"}][:per_task]
    return rows


@pytest.mark.parametrize("line,message", [
    ('{"task_id": "MBPP/11", "completion": ', ":1: malformed JSON"),
    ('{"task_id": "MBPP/99999", "completion": "x"}', ":1: unknown task_id"),
    ('{"completion": "x"}', ":1: missing field 'task_id'"),
    ('{"task_id": "MBPP/11", "completion": "x", "language": "java"}', ":1: language 'java' does not match"),
])
def test_bad_input_is_rejected_with_the_line(tmp_path, python_dataset, line, message):
    path = write(tmp_path / "s.jsonl", [line])
    with pytest.raises(InputError, match=message):
        read_samples(path, read_tasks(python_dataset))


def test_gate_refuses_and_nothing_runs(tmp_path, python_dataset, monkeypatch):
    monkeypatch.delenv("HF_ALLOW_CODE_EVAL", raising=False)
    path = write(tmp_path / "s.jsonl", samples_for(python_dataset, 1)[:2])
    with pytest.raises(PermissionError, match="HF_ALLOW_CODE_EVAL"):
        evaluate(path, python_dataset, progress=False)
    assert not (tmp_path / "s_results.jsonl").exists()


def test_verdicts_and_pass_at_k(tmp_path, python_dataset):
    path = write(tmp_path / "s.jsonl", samples_for(python_dataset))
    summary = evaluate(path, python_dataset, ks=[1, 3], progress=False, allow_code_execution=True)
    s = summary["mbpp"]
    assert s["verdicts"] == {"passed": 12, "failed": 12, "compile_error": 12}
    assert s["pass@1"] == pytest.approx(1 / 3) and s["pass@3"] == pytest.approx(1.0)
    rows = [json.loads(x) for x in (tmp_path / "s_results.jsonl").read_text().splitlines()]
    assert {r["completion_id"] for r in rows} == {0, 1, 2}
    assert all({"task_id", "language", "verdict", "passed", "exit_code", "stderr"} <= r.keys() for r in rows)
    assert json.loads((tmp_path / "s_results_summary.json").read_text()) == summary


def test_resume_skips_done_and_repairs_a_torn_line(tmp_path, python_dataset):
    path = write(tmp_path / "s.jsonl", samples_for(python_dataset))
    full = evaluate(path, python_dataset, ks=[1], progress=False, allow_code_execution=True,
                    out=tmp_path / "full.jsonl")
    lines = (tmp_path / "full.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "part.jsonl").write_text("".join(lines[:10]) + lines[10][:25])  # killed mid-write
    resumed = evaluate(path, python_dataset, ks=[1], progress=False, allow_code_execution=True,
                       out=tmp_path / "part.jsonl")
    assert resumed == full
    assert len((tmp_path / "part.jsonl").read_text().splitlines()) == len(lines)


@pytest.mark.slow
def test_sigkill_halfway_then_restart_gives_the_same_totals(tmp_path, python_dataset):
    rows = samples_for(python_dataset) * 10      # 360 samples (duplicates hit the cache)
    for i, r in enumerate(rows):
        r["completion"] += f"\n# variant {i}\n" if not r["completion"].startswith("```") else ""
    path = write(tmp_path / "s.jsonl", rows)
    env = {**os.environ, "HF_ALLOW_CODE_EVAL": "1"}
    cmd = [sys.executable, "-m", "mbxp.cli", "evaluate", str(path), "--dataset", str(python_dataset),
           "--k", "1,10", "--out", str(tmp_path / "r.jsonl")]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.time() + 120
    while time.time() < deadline:
        out = tmp_path / "r.jsonl"
        if out.exists() and len(out.read_bytes().splitlines()) >= len(rows) // 2:
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    done = len((tmp_path / "r.jsonl").read_bytes().splitlines())
    assert 0 < done < len(rows)
    killed_roots = [r.parent for r in Path(tempfile.gettempdir()).glob("mbxp-run-*/owner")
                    if r.read_text().split() == [str(proc.pid)]]
    assert killed_roots  # the kill left its run directory behind: the next judge removes it
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    assert not any(r.exists() for r in killed_roots)
    resumed = json.loads((tmp_path / "r_summary.json").read_text())
    subprocess.run(cmd[:-1] + [str(tmp_path / "u.jsonl")], env=env, check=True, capture_output=True)
    uninterrupted = json.loads((tmp_path / "u_summary.json").read_text())
    assert resumed == uninterrupted
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == len(rows)
