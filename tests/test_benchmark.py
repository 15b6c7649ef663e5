"""The throughput benchmark's --quick mode runs end to end and agrees with itself (no timing claims)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parent.parent


def test_quick_benchmark_prints_identical_verdicts(tmp_path, source_dir):
    from mbxp.conversion.build import build
    out = tmp_path / "mbxp"
    build(out, str(source_dir), ["python", "cpp"], ["mbpp"], limit=12, workers=1, progress=False)
    res = subprocess.run([sys.executable, str(REPO / "benchmarks" / "throughput.py"), "--quick", "--json",
                          "--dataset", str(out), "--languages", "python,cpp"],
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    got = json.loads(res.stdout.strip().splitlines()[-1])
    assert set(got) == {"python", "cpp"}
    for lang, row in got.items():
        assert row["verdicts_identical"] is True, (lang, row)
        assert row["programs"] == 6 and row["engine_pps"] > 0 and row["per_sample_pps"] > 0
