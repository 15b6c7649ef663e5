"""The metric Space folder for `mbxp_exec`, and uploads to the Hub."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SPACE_README = """---
title: mbxp_exec
emoji: 🧪
colorFrom: indigo
colorTo: green
sdk: gradio
sdk_version: 4.44.1
app_file: app.py
pinned: false
tags:
- evaluate
- metric
description: >-
  Execution-based pass@k in 20+ programming languages (MBXP, Multilingual HumanEval, MathQA-X),
  sandboxed, with a verdict per sample.
---

# Metric Card for mbxp_exec

`mbxp_exec` is a drop-in for `code_eval` that speaks every language of mbxp: Python, Java,
JavaScript, TypeScript, Go, C#, PHP, Ruby, Kotlin, C++, Perl, Scala, Swift and more. Each program
runs in a bubblewrap sandbox (no network, memory and process limits) and gets a verdict: passed,
failed, compile_error, runtime_error, timeout, memory_limit or toolchain_missing.

## How to use

```python
import os, evaluate
os.environ["HF_ALLOW_CODE_EVAL"] = "1"   # you accept running model-written code
mbxp_exec = evaluate.load("mbxp_exec")
# task ids of a built mbxp dataset folder (`mbxp build --out mbxp`):
pass_at_k, results = mbxp_exec.compute(references=["MBKP/11"], predictions=[["...completion..."]],
                                       k=[1], dataset="mbxp")
# or code_eval style, whole programs plus test programs, with a language:
pass_at_k, results = mbxp_exec.compute(references=["assert add(2, 3) == 5"],
                                       predictions=[["def add(a, b): return a + b"]], k=[1], language="python")
```

Arguments: `predictions` (list of candidate lists), `references` (task ids or test programs), `k`
(default [1, 10, 100]; only k <= candidates per problem are reported), `num_workers`, `timeout`,
`language`, `dataset`, `sandbox`.

Output: `pass_at_k` (`{"pass@1": ...}`, the unbiased estimator of Chen et al. 2021) and `results`
(per problem, `(completion_id, {task_id, completion_id, passed, result, verdict, exit_code, stderr})`).

The toolchains come from `scripts/install-toolchains` of the mbxp repository; a language without
its toolchain gets the verdict `toolchain_missing`, never a silent pass.

## Citation

```bibtex
@inproceedings{athiwaratkun2023multilingual,
  title={Multi-lingual Evaluation of Code Generation Models},
  author={Athiwaratkun, Ben and Gouda, Sanjay Krishna and Wang, Zijian and others},
  booktitle={ICLR}, year={2023}
}
```
"""

APP = """import evaluate
from evaluate.utils import launch_gradio_widget

module = evaluate.load("mbxp_exec")
launch_gradio_widget(module)
"""

REQUIREMENTS = """mbxp
evaluate>=0.4
datasets
gradio
"""


def export_space(out: str | Path) -> Path:
    out = Path(out)
    (out / "mbxp_exec").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(REPO / "mbxp_metric.py", out / "mbxp_exec" / "mbxp_exec.py")
    (out / "app.py").write_text(APP)
    (out / "README.md").write_text(SPACE_README)
    (out / "requirements.txt").write_text(REQUIREMENTS)
    return out


def push(folder: str | Path, repo_id: str, repo_type: str = "dataset") -> int:
    """Upload a built dataset folder or a Space folder; one clear line on failure."""
    from huggingface_hub import HfApi
    folder = Path(folder)
    if not folder.is_dir():
        print(f"mbxp push: {folder} is not a folder", file=sys.stderr)
        return 2
    try:
        api = HfApi()
        api.create_repo(repo_id, repo_type=repo_type, exist_ok=True,
                        **({"space_sdk": "gradio"} if repo_type == "space" else {}))
        api.upload_folder(folder_path=str(folder), repo_id=repo_id, repo_type=repo_type,
                          ignore_patterns=[".cache/*", "*.lock"])
    except Exception as e:  # noqa: BLE001 - offline, auth, network: all end in one line
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        print(f"mbxp push: could not upload {folder} to {repo_id} ({type(e).__name__}): {first}", file=sys.stderr)
        return 1
    print(f"uploaded {folder} to https://huggingface.co/{'spaces/' if repo_type == 'space' else 'datasets/'}{repo_id}")
    return 0
