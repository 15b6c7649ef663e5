"""Problem IR -> dataset rows, one per (problem, language)."""
from __future__ import annotations

from ..languages import LANGUAGES
from .emitters import get_emitter
from .ir import Dropped, Problem

DATASET_PREFIX = {"mbpp": None, "humaneval": "HumanEval", "mathqa": "MathQA"}


def config_name(dataset: str, language: str) -> str:
    return LANGUAGES[language].config if dataset == "mbpp" else f"{dataset}-{language}"


def task_id(p: Problem, language: str) -> str:
    if p.dataset == "mbpp":
        return f"{LANGUAGES[language].task_prefix}/{p.number}"
    return f"{DATASET_PREFIX[p.dataset]}_{language}/{p.number}"


def make_row(p: Problem, language: str) -> dict | Dropped:
    from ..runners.specs import get_runner
    emitter = get_emitter(language)
    if p.records and not emitter.records:
        return Dropped(p.task_id, language,
                       f"class instances (records) are not supported by the {language} emitter yet")
    if language != "python" and any(t.contains("pytype") for t in [*(prm.type for prm in p.params), p.returns]):
        return Dropped(p.task_id, language, "a Python type object (int, str, ...) as a test value: "
                       "no counterpart outside Python")
    reason = emitter.unsupported(p)
    if reason:
        return Dropped(p.task_id, language, reason)
    try:
        prompt, test, header = emitter.prompt(p), emitter.test(p), emitter.header(p)
    except (ValueError, TypeError, KeyError) as e:
        return Dropped(p.task_id, language, f"emitter error: {e}")
    return {
        "task_id": task_id(p, language),
        "language": language,
        "prompt": prompt,
        "test": test,
        "entry_point": emitter.function_name(p),
        "description": emitter.describe(p),
        "canonical_solution": p.canonical_solution if language == "python" else None,
        "stop_tokens": list(get_runner(language).stop_tokens),
        "header": header,
        "source_task_id": p.task_id,
        "source_split": p.split,
        "dataset": p.dataset,
    }
