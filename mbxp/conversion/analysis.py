"""Python analysis: run each problem's reference against its tests and record every call.

Inputs are deep-copied before the call (solutions mutate them); the expected value is what the
reference returned, since the test passed with it. The comparison kind is read off the assert.

Instances of classes defined by the problem's own code, and complex numbers, become `Record`s
(see ir.py); `record_schema` unifies each class's field types over every instance in the tests.
"""
from __future__ import annotations

import ast
import copy
import inspect
import math
import re
import signal
import warnings
from contextlib import contextmanager
from typing import Any, Callable

from .ir import COMPLEX, Param, Record, TestCase, Type
from .types import finish, infer, unify_all

RECORDER = "__mbxp_record"
# The module name the references run under (problems.py): classes they define carry it.
MODULE = "__mbxp__"


def parse(src: str, mode: str = "exec") -> ast.AST:
    """ast.parse without the sources' invalid-escape warnings (they are the benchmark's, not ours)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(src, mode=mode)


class Unsupported(Exception):
    """The problem cannot be turned into value-level tests; the message says why."""


@contextmanager
def time_limit(seconds: int):
    def handler(signum, frame):
        raise Unsupported(f"reference took longer than {seconds}s")
    old = signal.signal(signal.SIGALRM, handler)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def plain(value: Any, _active: frozenset = frozenset()) -> Any:
    """Counter, defaultdict and OrderedDict become dict: their values, not their class, are the
    result. Instances of the problem's own classes and complex numbers become Records."""
    if isinstance(value, dict):
        return {plain(k, _active): plain(v, _active) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v, _active) for v in value]
    if isinstance(value, tuple):  # namedtuples too
        return tuple(plain(v, _active) for v in value)
    if isinstance(value, (set, frozenset)):
        return {plain(v, _active) for v in value}
    if isinstance(value, complex):
        return Record(COMPLEX, {"real": value.real, "imag": value.imag})
    if type(value).__module__ == MODULE and isinstance(getattr(value, "__dict__", None), dict):
        if id(value) in _active:
            raise Unsupported(f"a {type(value).__name__} object contains itself")
        if type(value).__name__ == COMPLEX:  # the name stands for Python's complex in every emitter
            raise Unsupported(f"a class named {COMPLEX} (the record name of Python's complex numbers)")
        inner = _active | {id(value)}
        return Record(type(value).__name__, {k: plain(v, inner) for k, v in vars(value).items()})
    return value


def records_in(value: Any):
    """Every Record inside a value, outer ones first."""
    if isinstance(value, Record):
        yield value
        value = list(value.fields.values())
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from records_in(v)


def record_schema(calls: list[TestCase]) -> dict[str, list[Param]]:
    """Each record's fields, typed over all its instances in the tests; sets every Record's schema."""
    instances: dict[str, list[Record]] = {}
    for c in calls:
        for r in records_in([c.args, c.expected]):
            instances.setdefault(r.name, []).append(r)
    schema: dict[str, list[Param]] = {}
    for name, rs in instances.items():
        fields = list(rs[0].fields)
        if any(list(r.fields) != fields for r in rs):
            raise Unsupported(f"instances of {name} have different attributes")
        try:
            schema[name] = [Param(f, finish(unify_all(infer(r.fields[f]) for r in rs))) for f in fields]
        except TypeError as e:
            raise Unsupported(f"a test value has no counterpart outside Python: {e}") from None
        for r in rs:
            r.schema = tuple(schema[name])
    return schema


class Recorder:
    def __init__(self):
        self.calls: list[TestCase] = []

    def __call__(self, fn: Callable, *args):
        before = copy.deepcopy(list(args))
        result = fn(*args)
        self.calls.append(TestCase(plain(before), plain(copy.deepcopy(result))))
        return result


class _WrapCalls(ast.NodeTransformer):
    """f(a, b) -> __mbxp_record(f, a, b), only for calls written in the test itself."""

    def __init__(self, name: str):
        self.name = name

    def visit_Call(self, node: ast.Call):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == self.name:
            if node.keywords:
                raise Unsupported("keyword arguments in a test call")
            return ast.Call(ast.Name(RECORDER, ast.Load()), [node.func, *node.args], [])
        return node


def comparison(assert_src: str, name: str) -> tuple[str, float | None]:
    """('exact' | 'unordered', abs_tol or None) for one assert statement."""
    tree = parse(assert_src.strip())
    tol = None
    unordered = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            inner = [a for a in node.args if isinstance(a, ast.Call) and isinstance(a.func, ast.Name)
                     and a.func.id in (name, "candidate")]
            if node.func.id in ("set", "sorted", "frozenset", "Counter") and inner:
                unordered = True
            if node.func.id == "round" and inner and len(node.args) == 2 and isinstance(node.args[1], ast.Constant):
                tol = 0.6 * 10 ** -node.args[1].value
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "isclose":
            for kw in node.keywords:
                if kw.arg in ("rel_tol", "abs_tol") and isinstance(kw.value, ast.Constant):
                    tol = max(tol or 0, kw.value.value)
    return ("unordered" if unordered else "exact"), tol


def signature(fn: Callable, name: str) -> list[str]:
    params = inspect.signature(fn).parameters.values()
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        raise Unsupported(f"{name} takes *args or **kwargs")
    return [p.name for p in params]


def typed(names: list[str], calls: list[TestCase], entry: str) -> tuple[list[Param], Type]:
    if not calls:
        raise Unsupported("no test calls the entry point")
    arity = {len(c.args) for c in calls}
    if len(arity) != 1 or arity.pop() != len(names):
        raise Unsupported("tests call the function with a varying number of arguments (defaults)")
    try:
        params = [Param(n, finish(unify_all(infer(c.args[i]) for c in calls))) for i, n in enumerate(names)]
        returns = finish(unify_all(infer(c.expected) for c in calls))
    except TypeError as e:
        raise Unsupported(f"a test value has no counterpart outside Python: {e}") from None
    return params, returns


def _float_values_ok(v: Any) -> bool:
    if isinstance(v, float):
        return math.isfinite(v)
    if isinstance(v, (list, tuple, set, frozenset)):
        return all(_float_values_ok(x) for x in v)
    if isinstance(v, dict):
        return all(_float_values_ok(x) for x in v.keys()) and all(_float_values_ok(x) for x in v.values())
    if isinstance(v, Record):
        return all(_float_values_ok(x) for x in v.fields.values())
    return True


def check_values(calls: list[TestCase]) -> None:
    for c in calls:
        if not (_float_values_ok(c.args) and _float_values_ok(c.expected)):
            raise Unsupported("NaN or infinity in a test value")


def entry_point_of(code: str, tests: list[str]) -> str:
    defined = [n.name for n in parse(code).body if isinstance(n, ast.FunctionDef)]
    called = [n.func.id for t in tests for n in ast.walk(parse(t.strip()))
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in defined]
    if not called:
        raise Unsupported("the tests call no function defined by the reference")
    return max(set(called), key=called.count)


def normalize(code: str) -> str:
    return code.replace("\r\n", "\n").replace("\r", "\n").expandtabs(4) if "\t" in code and " " in code \
        else code.replace("\r\n", "\n").replace("\r", "\n")


def imports_of(code: str) -> list[str]:
    return [line.strip() for line in code.splitlines() if re.match(r"\s*(import|from)\s+\w", line)
            and not line.startswith((" ", "\t"))]
