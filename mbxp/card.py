"""The Hub dataset card (README.md with YAML `configs`) of a built folder."""
from __future__ import annotations

import json

from .data import PARQUET_NAME, ROW_FIELDS

CITATION = """@inproceedings{athiwaratkun2023multilingual,
  title={Multi-lingual Evaluation of Code Generation Models},
  author={Athiwaratkun, Ben and Gouda, Sanjay Krishna and Wang, Zijian and others},
  booktitle={The Eleventh International Conference on Learning Representations (ICLR)},
  year={2023}
}
@article{austin2021program,
  title={Program Synthesis with Large Language Models},
  author={Austin, Jacob and Odena, Augustus and Nye, Maxwell and others},
  journal={arXiv preprint arXiv:2108.07732}, year={2021}
}
@article{chen2021evaluating,
  title={Evaluating Large Language Models Trained on Code},
  author={Chen, Mark and Tworek, Jerry and Jun, Heewoo and others},
  journal={arXiv preprint arXiv:2107.03374}, year={2021}
}
@inproceedings{amini2019mathqa,
  title={MathQA: Towards Interpretable Math Word Problem Solving with Operation-Based Formalisms},
  author={Amini, Aida and Gabriel, Saadia and Lin, Peter and others},
  booktitle={NAACL}, year={2019}
}"""

DTYPES = {"string": "string"}


def _features() -> list[dict]:
    out = []
    for name, typ in ROW_FIELDS:
        if str(typ).startswith("list"):
            out.append({"name": name, "sequence": "string"})
        else:
            out.append({"name": name, "dtype": "string"})
    return out


def _yaml(report: dict) -> str:
    lines = ["---", "license:", "- apache-2.0", "- cc-by-4.0", "- mit", "language:", "- en",
             "task_categories:", "- text-generation", "tags:", "- code", "- code-generation", "- multilingual",
             "pretty_name: MBXP, Multilingual HumanEval and MathQA-X (mbxp)", "configs:"]
    for config in report:
        lines += [f"- config_name: {config}", "  data_files:", "  - split: test",
                  f"    path: {config}/{PARQUET_NAME}"]
    lines.append("dataset_info:")
    for config, r in report.items():
        lines += [f"- config_name: {config}", "  features:"]
        for f in _features():
            lines.append(f"  - name: {f['name']}")
            lines.append(f"    {'sequence' if 'sequence' in f else 'dtype'}: {f.get('sequence') or f['dtype']}")
        lines += ["  splits:", "  - name: test", f"    num_bytes: {r.get('num_bytes', 0)}",
                  f"    num_examples: {r['converted']}"]
    lines.append("---")
    return "\n".join(lines)


def dataset_card(report: dict, languages: dict) -> str:
    rows = "\n".join(f"| `{c}` | {languages[r['language']].display} | {r['dataset']} | {r['converted']} | {r['dropped']} |"
                     for c, r in report.items())
    drops = {}
    for c, r in report.items():
        for d in r["dropped_problems"]:
            drops.setdefault(d["reason"], set()).add(d["task_id"])
    drop_lines = "\n".join(f"- {reason}: {', '.join(sorted(ids))[:400]}" for reason, ids in sorted(drops.items()))
    return f"""{_yaml(report)}

# mbxp: MBXP, Multilingual HumanEval and MathQA-X

Execution-based code-generation benchmarks in many languages, converted from the Python
benchmarks MBPP (974 problems), HumanEval (164) and MathQA-Python (1883, built from MathQA's
`linear_formula`) by the rule-based converter of the MBXP paper (Athiwaratkun et al., ICLR 2023),
re-implemented and released as open source in the `mbxp` package.

Each row is a function-completion problem: `prompt` (imports, a doc comment with examples in the
target language, the signature) and `test` (a program that calls the function on every recorded
test case and compares deeply). The model writes the body after the prompt.

## Configs

| config | language | source | rows | dropped |
| --- | --- | --- | --- | --- |
{rows}

MBXP configs are named as in the paper (`mbjp` Java, `mbkp` Kotlin, ...); HumanEval and MathQA
configs are `humaneval-<language>` and `mathqa-<language>`. Task ids are unique across configs:
`MBKP/11`, `HumanEval_kotlin/0`, `MathQA_java/0`. `source_task_id` is the Python problem's id and
`source_split` MBPP's original split (prompt 1-10, test 11-510, validation 511-600, train 601-974).

## Fields

`task_id`, `language`, `prompt`, `test`, `entry_point` (the function's name in the target
language), `description` (reworded: "python function" becomes "Kotlin function", None becomes
null/nil), `canonical_solution` (Python rows only), `stop_tokens`, `header` (the prompt before the
doc comment: a chat-style answer holding the whole function goes after it), `source_task_id`,
`source_split`, `dataset`.

## How the conversion works

- Test cases are values recorded by running the Python reference: inputs are deep-copied before
  each call (solutions mutate them), the expected value is what the reference returned.
- Types are inferred from the test values: the most general type, recursively through containers
  (int + float -> float; mixed lists -> a list of the top type; None -> nullable; ints beyond 32
  bits -> 64-bit types; beyond 64 bits -> the language's big integer: BigInteger, big.Int, GMP,
  Zarith...). Tuples become the language's tuple where one fits, else a list. Mixed-type values
  use the language's top type, or a declared dynamic `Value` type where there is none (Rust, OCaml,
  Haskell). Dict keys that are tuples become comma-joined strings where keys must be strings (PHP,
  R, Lua; Perl joins with `$;`). Bash passes nested containers and strings with spaces as JSON.
- Class instances in the tests (MBPP's `Node` trees and `Pair`s) become records: a class, struct
  or data type declared in the prompt with a constructor over all fields; Python's `complex` is
  the language's complex type where it has one, else a declared `Complex` record.
- Comparisons keep Python's semantics: every float (also inside containers) is compared with a
  tolerance (rel 1e-6 / abs 1e-9; MathQA abs 1e-8), sets are unordered, and `set(f(x)) ==`
  / `sorted(f(x)) ==` asserts compare the result as a multiset.
- A failed check prints `MBXP_ASSERTION_FAILED` and exits with status 3; a crash exits otherwise,
  so failures and runtime errors are told apart. A passing program prints `MBXP_ALL_PASSED`.
- Every row is proven by `mbxp validate`: an oracle completion built from the recorded values
  passes, a wrong completion of the right type fails, and every Python canonical solution passes.

## Dropped problems

{drop_lines or "None."}

## How to evaluate

```python
from datasets import load_dataset
ds = load_dataset("mbxp", "mbkp", split="test")
# generate one or more completions per prompt, then:
#   HF_ALLOW_CODE_EVAL=1 mbxp evaluate samples.jsonl --dataset mbxp
# samples.jsonl rows: {{"task_id": "MBKP/11", "completion": "..."}}
```

or `evaluate.load("mbxp_exec")` with `references=[task_id, ...]`.

## Citation

```bibtex
{CITATION}
```
"""


def report_json(report: dict) -> str:
    return json.dumps(report, indent=1, sort_keys=True)
