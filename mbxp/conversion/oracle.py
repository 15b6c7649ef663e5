"""Values for the validation completions: the recorded results (the oracle must pass) and a
perturbed copy whose first result differs by more than any tolerance (must fail)."""
from __future__ import annotations

import copy
from typing import Any

from .ir import Problem, Record, Type


def default(t: Type) -> Any:
    if t.kind == "record":
        raise ValueError("a record has no default value without its schema")
    return {"bool": False, "int": 0, "long": 0, "bigint": 0, "float": 0.0, "str": "",
            "list": [], "set": set(), "dict": {}, "any": 0}.get(
        t.kind, tuple(default(a) for a in t.args) if t.kind == "tuple" else
        default(t.elem) if t.kind == "optional" else None)


def perturb(value: Any, t: Type) -> Any:
    """A value of type t that no comparison of mbxp considers equal to `value`."""
    k = t.kind
    if k == "optional":
        return default(t.elem) if value is None else None
    if k == "any":
        from .types import finish, infer
        return perturb(value, finish(infer(value)))
    if isinstance(value, bool):
        return not value
    if isinstance(value, int) and k in ("int", "long", "bigint"):
        return value + 1 if value < 2**31 - 2 or k != "int" else value - 1
    if isinstance(value, (int, float)) and k == "float":
        return float(value) + max(1.0, abs(value))
    if isinstance(value, str):
        return value + "x"
    if k == "list":
        return value[:-1] if value else [default(t.elem)]
    if k == "set":
        return set(sorted(value, key=repr)[:-1]) if value else {default(t.elem)}   # same in every build
    if k == "tuple":
        if not value:
            raise ValueError("the empty tuple is the only value of its type")
        return tuple(perturb(v, a) if i == 0 else v for i, (v, a) in enumerate(zip(value, t.args)))
    if k == "dict":
        if value:
            out = dict(value)
            out.pop(next(iter(out)))
            return out
        return {default(t.args[0]): default(t.args[1])}
    if k == "record" and isinstance(value, Record):
        for name, v, ft in ((f.name, value.fields[f.name], f.type) for f in value.schema):
            try:
                return value.replace(**{name: perturb(v, ft)})   # the first field that can differ
            except ValueError:
                continue
    raise ValueError(f"cannot perturb {value!r} of {t}")


def oracle_results(p: Problem) -> list[Any]:
    return [copy.deepcopy(c.expected) for c in p.tests]


def wrong_results(p: Problem) -> list[Any] | None:
    """None when no different value of the return type exists (a function returning only None)."""
    if p.returns.kind == "none":
        return None
    results = oracle_results(p)
    try:
        results[0] = perturb(results[0], p.returns)
    except ValueError:
        return None
    return results
