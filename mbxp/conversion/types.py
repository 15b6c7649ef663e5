"""Type inference from test values (paper, appendix O.2): the most general type, recursively."""
from __future__ import annotations

from typing import Any, Iterable

from .ir import ANY, BIGINT, BOOL, FLOAT, INT, INT32, INT64, LONG, NONE, STR, Record, Type

_NUMERIC = ["int", "long", "bigint", "float"]
PYTYPE = Type("pytype")


def infer(value: Any) -> Type:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        if -INT32 <= value < INT32:
            return INT
        return LONG if -INT64 <= value < INT64 else BIGINT
    if isinstance(value, float):
        return FLOAT
    if isinstance(value, str):
        return STR
    if isinstance(value, list):
        return Type("list", (unify_all(map(infer, value)),))
    if isinstance(value, tuple):
        return Type("tuple", tuple(infer(v) for v in value))
    if isinstance(value, (set, frozenset)):
        return Type("set", (unify_all(map(infer, value)),))
    if isinstance(value, dict):
        return Type("dict", (unify_all(map(infer, value.keys())), unify_all(map(infer, value.values()))))
    if isinstance(value, Record):
        return Type("record", name=value.name)   # its fields' types are the problem's schema
    if isinstance(value, type) and value.__module__ == "builtins":
        return PYTYPE  # int, str...: only the Python config can pass one (MBPP/533)
    raise TypeError(f"unsupported value of type {type(value).__name__}")


def unify_all(types: Iterable[Type]) -> Type:
    """The most general of several types; `none` for no types at all (an empty container)."""
    result = NONE_EMPTY
    for t in types:
        result = unify(result, t)
    return result


# An empty container's element type: unifies with anything to that thing, unlike None.
NONE_EMPTY = Type("empty")


def unify(a: Type, b: Type) -> Type:
    if a == b:
        return a
    if a.kind == "empty":
        return b
    if b.kind == "empty":
        return a
    if a.kind == "none" or b.kind == "none":
        other = b if a.kind == "none" else a
        return other if other.kind in ("optional", "any") else Type("optional", (other,))
    if a.kind == "optional" or b.kind == "optional":
        inner = unify(_strip(a), _strip(b))
        return inner if inner.kind == "any" else Type("optional", (inner,))
    if a.kind in _NUMERIC and b.kind in _NUMERIC:
        return Type(max(a.kind, b.kind, key=_NUMERIC.index))
    if a.kind == b.kind and a.kind in ("list", "set", "dict"):
        args = tuple(unify(x, y) for x, y in zip(a.args, b.args))
        return Type(a.kind, args)
    if a.kind == "tuple" and b.kind == "tuple":
        if len(a.args) == len(b.args):
            return Type("tuple", tuple(unify(x, y) for x, y in zip(a.args, b.args)))
        return Type("list", (unify_all(a.args + b.args),))  # tuples of varying length act as lists
    if {a.kind, b.kind} == {"tuple", "list"}:
        return Type("list", (unify_all((a if a.kind == "list" else Type("x", ())).args +
                                       (b if b.kind == "list" else Type("x", ())).args +
                                       (a.args if a.kind == "tuple" else ()) +
                                       (b.args if b.kind == "tuple" else ())),))
    return ANY


def _strip(t: Type) -> Type:
    return t.elem if t.kind == "optional" else t


def finish(t: Type) -> Type:
    """Replace element types never seen (only empty containers) by `any`... except that an empty
    list of unknown elements is most useful as a list of int, the common case in MBPP."""
    if t.kind == "empty":
        return INT
    return Type(t.kind, tuple(finish(a) for a in t.args)) if t.args else t


def homogeneous_tuple(t: Type) -> bool:
    return t.kind == "tuple" and len(set(t.args)) == 1


__all__ = ["infer", "unify", "unify_all", "finish", "homogeneous_tuple",
           "BOOL", "INT", "LONG", "BIGINT", "FLOAT", "STR", "NONE", "ANY"]
