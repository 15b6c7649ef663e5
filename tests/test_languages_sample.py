"""Every language on a representative sample of the real benchmarks: the oracle completion passes
and the wrong one fails, through the real toolchain and sandbox. The whole-dataset run is
`mbxp build` + `mbxp validate` (a command, not a test)."""
from functools import cache

import pytest

from mbxp.conversion.build import problems
from mbxp.conversion.ir import Problem
from mbxp.conversion.rows import config_name, make_row
from mbxp.conversion.validate import validate
from mbxp.languages import implemented

FEATURES = ["float", "long", "bigint", "str", "bool", "list", "tuple", "dict", "set", "optional", "any"]


@cache
def sample(src: str) -> list[Problem]:
    """Per type feature the first two MBPP problems that use it, plus the unordered ones, the first
    three HumanEval problems and a few that use `any`, and three MathQA problems."""
    mbpp, _ = problems("mbpp", src)
    chosen: dict[str, Problem] = {}
    for feature in FEATURES:
        hits = [p for p in mbpp if any(t.contains(feature) for t in [p.returns, *(x.type for x in p.params)])]
        chosen.update((p.task_id, p) for p in hits[:2])
    chosen.update((p.task_id, p) for p in [p for p in mbpp if p.compare == "unordered"][:2])
    he, _ = problems("humaneval", src)
    chosen.update((p.task_id, p) for p in he[:3] + [p for p in he if p.returns.contains("any")][:2])
    mq, _ = problems("mathqa", src)
    chosen.update((p.task_id, p) for p in mq[:3])
    return list(chosen.values())


@pytest.mark.slow
@pytest.mark.parametrize("language", implemented())
def test_representative_sample(language, source_dir):
    items, dropped = [], []
    for p in sample(str(source_dir)):
        row = make_row(p, language)
        if isinstance(row, dict):
            items.append((config_name(p.dataset, language), p, row))
        else:
            dropped.append((row.task_id, row.reason))
    # Only values a language has no type for may be dropped (ints beyond 64 bits; mixed-type values
    # in languages without a top type), and always with a reason.
    hard = {p.task_id for p in sample(str(source_dir))
            if any(t.contains("bigint") or t.contains("any") for t in [p.returns, *(x.type for x in p.params)])}
    assert all(reason and task_id in hard for task_id, reason in dropped), dropped
    report = validate(items, workers=2, timeout=30, progress=False)
    assert report.ok, report.misses[:5]
