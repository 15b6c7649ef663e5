"""The Problem IR: what the Python analysis learns about a problem, and all an emitter reads.

Values in test cases stay Python values (int, float, str, bool, None, list, tuple, dict, set,
and `Record` for an instance of a class); `Type` says how to render them, so `1` in a float
position is rendered as `1.0`.

Records: an instance of a class defined by the problem's code (MBPP's `Node`, `Pair`) becomes a
`Record` with the instance's attributes in `__dict__` order; Python's `complex` becomes the record
`Complex` with float fields `real` and `imag`. Its type is `Type("record", name=...)`, and the
class's fields with their types unified over every instance in the tests are in
`Problem.records` (also reachable from each value as `Record.schema`, so a literal can be
rendered without the problem). A recursive field refers to its record by name (`left:
optional[record[Node]]`), so types stay finite.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

# Scalar kinds, in the order they generalise: bool is not widened to int (Python's True == 1 is
# not something the other languages share).
INT32 = 2**31
INT64 = 2**63


@dataclass(frozen=True)
class Type:
    """kind is one of: bool int long bigint float str none any list tuple dict set optional record
    pytype (a Python builtin type object such as `int`: only the Python config can express it).

    int fits 32 bits, long 64 bits, bigint is larger. `any` is the top type (object / interface{}).
    list, set, optional take one arg; dict two (key, value); tuple one per element; record none,
    but a `name` (its fields are in Problem.records[name]).
    """

    kind: str
    args: tuple["Type", ...] = ()
    name: str | None = None

    def __str__(self) -> str:
        if self.kind == "record":
            return f"record[{self.name}]"
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

COMPLEX = "Complex"   # the record standing for Python's complex: fields real, imag (floats)


@dataclass(frozen=True)
class Param:
    name: str   # Python name; emitters restyle it
    type: Type


class Record:
    """An instance of a class: its name and its fields (attribute name -> value, in order).
    Equal to another Record with the same name and fields; `schema` is not part of the value."""

    __slots__ = ("name", "fields", "schema")

    def __init__(self, name: str, fields: dict[str, Any], schema: tuple[Param, ...] = ()):
        self.name = name
        self.fields = fields
        self.schema = schema   # the class's fields with their types, set by the analysis

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self.name == other.name and \
            list(self.fields.items()) == list(other.fields.items())

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.fields.items())))

    def __repr__(self) -> str:
        return f"{self.name}({', '.join(f'{k}={v!r}' for k, v in self.fields.items())})"

    def __deepcopy__(self, memo: dict) -> "Record":
        return Record(self.name, copy.deepcopy(self.fields, memo), self.schema)

    def replace(self, **fields: Any) -> "Record":
        return Record(self.name, {**self.fields, **fields}, self.schema)


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
    # record name -> its fields, in first-seen order (see the module docstring); empty for most
    records: dict[str, list[Param]] = field(default_factory=dict)


@dataclass
class Dropped:
    task_id: str
    language: str             # "*" when dropped before any emitter saw it
    reason: str
