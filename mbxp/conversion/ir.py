"""The Problem IR: what the Python analysis learns about a problem, and all an emitter reads.

Values in test cases stay Python values (int, float, str, bool, None, list, tuple, dict, set);
`Type` says how to render them, so `1` in a float position is rendered as `1.0`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Scalar kinds, in the order they generalise: bool is not widened to int (Python's True == 1 is
# not something the other languages share).
INT32 = 2**31
INT64 = 2**63


@dataclass(frozen=True)
class Type:
    """kind is one of: bool int long bigint float str none any list tuple dict set optional.

    int fits 32 bits, long 64 bits, bigint is larger. `any` is the top type (object / interface{}).
    list, set, optional take one arg; dict two (key, value); tuple one per element.
    """

    kind: str
    args: tuple["Type", ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return f"{self.kind}[{', '.join(map(str, self.args))}]"

    @property
    def elem(self) -> "Type":
        return self.args[0]

    def contains(self, kind: str) -> bool:
        return self.kind == kind or any(a.contains(kind) for a in self.args)


BOOL, INT, LONG, BIGINT, FLOAT, STR, NONE, ANY = (Type(k) for k in
                                                  "bool int long bigint float str none any".split())


@dataclass(frozen=True)
class Param:
    name: str   # Python name; emitters restyle it
    type: Type


@dataclass
class TestCase:
    args: list[Any]   # deep-copied before the reference ran
    expected: Any     # what the reference returned


@dataclass
class Problem:
    task_id: str              # source id: "MBPP/11", "HumanEval/0", "MathQA/0"
    dataset: str              # mbpp | humaneval | mathqa
    number: int               # the source's number, used for the target task ids
    entry_point: str          # Python function name
    params: list[Param]
    returns: Type
    description: str          # the problem statement in Python wording; emitters reword it
    tests: list[TestCase]
    examples: list[TestCase]  # shown in the doc comment (a prefix of tests for MBPP)
    compare: str = "exact"    # exact | unordered (top-level list compared as a multiset)
    rel_tol: float = 1e-6     # every float anywhere in a result is compared with tolerance
    abs_tol: float = 1e-9
    split: str = "test"
    canonical_solution: str | None = None   # Python only
    python_prompt: str | None = None        # the Python config's prompt
    python_test: str | None = None          # the Python config's test program
    meta: dict = field(default_factory=dict)


@dataclass
class Dropped:
    task_id: str
    language: str             # "*" when dropped before any emitter saw it
    reason: str
