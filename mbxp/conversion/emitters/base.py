"""The interface every language emitter fills in (one module per language in this package).

An emitter turns a `Problem` into the four texts a dataset row needs:
- `prompt(p)`: imports, a doc comment with examples, and the signature, ending where the model
  starts writing the body (after `{`, `:`, `do`, `=`...).
- `test(p)`: the text appended after prompt + completion. It calls the function on every recorded
  test case, compares deeply (floats with p.rel_tol/p.abs_tol, p.compare == "unordered" as a
  multiset), and on the first mismatch prints FAIL_MARKER to stderr and exits with FAIL_EXIT, so a
  failed assertion is told apart from a crash. After the last check it prints PASS_MARKER to
  stdout and exits 0. It also closes anything the prompt opened (e.g. the
  Java class) and holds the program's entry point.
- `oracle(p, results)`: a completion in the "continues the prompt" style, including the function's
  closing token, that returns results[i] on the i-th call (a call counter) or by matching the
  inputs. Validation uses it with the recorded results (must pass) and with perturbed ones (must
  fail).
- `header(p)`: the prefix of the prompt before the doc comment and signature; a chat-style answer
  holding the whole function is placed after it.

Records (class instances, see ir.py): a problem with `p.records` reaches only emitters with
`records = True` (rows.make_row drops it for the others). Such an emitter declares the record
classes in its header (`record_order` gives dependencies first), renders values with `lit_record`
(`record_fields` gives each field's name, value and type) and compares them deeply.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import Any, Callable

from ...languages import LANGUAGES, Language
from ..ir import Problem, Record, Type

FAIL_EXIT = 3
FAIL_MARKER = "MBXP_ASSERTION_FAILED"
# Printed to stdout by every test program after its last check: a completion that exits early with
# status 0 (sys.exit(0), System.exit(0)...) must not pass.
PASS_MARKER = "MBXP_ALL_PASSED"


class Emitter(ABC):
    language: str                      # key of mbxp.languages.LANGUAGES
    naming: str = "camel"              # camel | snake | pascal | kebab, for functions and params
    reserved: frozenset[str] = frozenset()
    none_word: str = "null"            # how "None" is said in descriptions
    list_word: str | None = None       # e.g. "array" or "vector"; None keeps "list"
    records: bool = False              # implements records (class instances); see the docstring

    @property
    def lang(self) -> Language:
        return LANGUAGES[self.language]

    # ---- what a language must say about itself -------------------------------------------------
    def unsupported(self, p: Problem) -> str | None:
        """A reason this language cannot express the problem, or None. Dropped problems are listed
        with the reason in the conversion report."""
        return None

    @abstractmethod
    def prompt(self, p: Problem) -> str: ...

    @abstractmethod
    def test(self, p: Problem) -> str: ...

    @abstractmethod
    def oracle(self, p: Problem, results: list[Any]) -> str: ...

    @abstractmethod
    def header(self, p: Problem) -> str: ...

    # ---- shared helpers ------------------------------------------------------------------------
    def name(self, python_name: str) -> str:
        """Restyle a Python identifier and escape reserved words."""
        parts = [w for w in python_name.split("_") if w] or [python_name]
        if self.naming == "camel":
            out = parts[0][:1].lower() + parts[0][1:] + "".join(w[:1].upper() + w[1:] for w in parts[1:])
        elif self.naming == "pascal":
            out = "".join(w[:1].upper() + w[1:] for w in parts)
        elif self.naming == "kebab":
            out = "-".join(parts)
        else:
            out = python_name
        if python_name.startswith("_") and self.naming == "snake":
            out = python_name
        return self.escape(out)

    def escape(self, ident: str) -> str:
        return ident + "_" if ident in self.reserved else ident

    def function_name(self, p: Problem) -> str:
        return self.name(p.entry_point)

    def describe(self, p: Problem) -> str:
        """The description in this language's words: 'python function' -> 'Kotlin function',
        None -> null/nil, list -> array where the language says so."""
        text = p.description.strip()
        display = self.lang.display
        text = re.sub(r"\bpython(3)?\b", display, text, flags=re.IGNORECASE)
        text = re.sub(r"\bNone\b", self.none_word, text)
        if self.list_word:
            text = re.sub(r"\blist(s?)\b", lambda m: self.list_word + m.group(1), text)
        return text

    def examples(self, p: Problem) -> list[tuple[str, str]]:
        """(call, result) pairs rendered in this language, for the doc comment."""
        out = []
        for case in p.examples:
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            out.append((f"{self.function_name(p)}({args})", self.literal(case.expected, p.returns)))
        return out

    def literal(self, value: Any, t: Type) -> str:
        """Render a Python value as a literal of type t. Languages override the lit_* pieces."""
        k = t.kind
        if value is None:
            return self.lit_none(t)
        if k == "optional":
            return self.lit_some(value, t.elem)
        if k == "any":
            from ..types import infer, finish
            return self.lit_any(value, finish(infer(value)))
        if k == "bool":
            return self.lit_bool(value)
        if k in ("int", "long", "bigint"):
            return self.lit_int(int(value), t)
        if k == "float":
            return self.lit_float(float(value))
        if k == "str":
            return self.lit_str(value)
        if k == "list":
            return self.lit_list([self.literal(v, t.elem) for v in value], t)
        if k == "set":
            return self.lit_set([self.literal(v, t.elem) for v in sort_key_values(value)], t)
        if k == "tuple":
            return self.lit_tuple([self.literal(v, a) for v, a in zip(value, t.args)], t)
        if k == "dict":
            return self.lit_dict([(self.literal(a, t.args[0]), self.literal(b, t.args[1]))
                                  for a, b in value.items()], t)
        if k == "record":
            return self.lit_record(value, t)
        if k == "pytype" and self.language == "python":
            return value.__name__
        raise ValueError(f"{self.language}: cannot render {value!r} as {t}")

    # Defaults fit C-like languages; override what differs.
    def lit_bool(self, v: bool) -> str:
        return "true" if v else "false"

    def lit_int(self, v: int, t: Type) -> str:
        return str(v)

    def lit_float(self, v: float) -> str:
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        return c_string(v)

    def lit_none(self, t: Type) -> str:
        return "null"

    def lit_some(self, v: Any, t: Type) -> str:
        return self.literal(v, t)

    def lit_any(self, v: Any, t: Type) -> str:
        return self.literal(v, t)

    def lit_list(self, items: list[str], t: Type) -> str:
        return "[" + ", ".join(items) + "]"

    def lit_set(self, items: list[str], t: Type) -> str:
        return self.lit_list(items, Type("list", t.args))

    def lit_tuple(self, items: list[str], t: Type) -> str:
        return self.lit_list(items, Type("list", (t.args[0],) if t.args else ()))

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"

    def lit_record(self, value: Record, t: Type) -> str:
        """A record value, e.g. `new Node(1, null, null)`: render the fields with
        `self.literal(v, ft) for _, v, ft in self.record_fields(value)`."""
        raise ValueError(f"{self.language}: records are not supported")

    # ---- records ---------------------------------------------------------------------------------
    def field_name(self, python_name: str) -> str:
        """A record field's name in this language (restyled like parameters)."""
        return self.name(python_name)

    def record_fields(self, value: Record) -> list[tuple[str, Any, Type]]:
        """(Python field name, value, field type) for each field of a record value, in order."""
        return [(f.name, value.fields[f.name], f.type) for f in value.schema]

    def record_order(self, p: Problem) -> list[str]:
        """The problem's record names, each after the records its fields use (declaration order
        for languages that need it; recursive references are left to the language)."""
        out: list[str] = []
        visiting: set[str] = set()

        def visit(name: str) -> None:
            if name in out or name in visiting:
                return
            visiting.add(name)
            for f in p.records[name]:
                for r in record_names(f.type):
                    visit(r)
            out.append(name)

        for name in p.records:
            visit(name)
        return out


def float_repr(v: float) -> str:
    """Shortest round-tripping float text that every language reads as a float literal."""
    if v != v or v in (float("inf"), float("-inf")):
        raise ValueError("nan/inf literals are language specific")
    r = repr(v)
    return r if any(c in r for c in ".e") else r + ".0"


def c_string(s: str, control: Callable[[int], str] = lambda o: f"\\u{o:04x}",
             escape: Callable[[int], bool] = lambda o: o < 32 or o == 127) -> str:
    """A double-quoted string with C-style escapes (\\" \\\\ \\n \\t \\r); every other code point
    for which `escape` holds is written with `control`, the part that differs between languages."""
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif escape(ord(ch)):
            out.append(control(ord(ch)))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def special_float(v: float, nan: str, inf: str, neg_inf: str) -> str:
    """float_repr, with the language's spelling of NaN and the infinities."""
    if v != v:
        return nan
    if v in (float("inf"), float("-inf")):
        return inf if v > 0 else neg_inf
    return float_repr(v)


def record_names(t: Type) -> list[str]:
    """The names of the records a type mentions."""
    own = [t.name] if t.kind == "record" and t.name else []
    return own + [n for a in t.args for n in record_names(a)]


def cyclic_records(p: Problem) -> set[str]:
    """The records that can reach themselves through their fields (a tree's Node)."""
    edges = {n: {r for f in fs for r in record_names(f.type)} for n, fs in p.records.items()}
    out = set()
    for start in edges:
        seen, todo = set(), list(edges[start])
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                todo += edges.get(n, ())
        if start in seen:
            out.add(start)
    return out


def leaves(values, keep: Callable[[Any], bool]) -> list:
    """Every scalar inside nested lists, tuples, sets, dicts (keys too) and records for which
    keep(v) holds."""
    out: list = []
    for v in values:
        if isinstance(v, (list, tuple, set, frozenset)):
            out += leaves(v, keep)
        elif isinstance(v, dict):
            out += leaves(list(v.keys()) + list(v.values()), keep)
        elif isinstance(v, Record):
            out += leaves(list(v.fields.values()), keep)
        elif keep(v):
            out.append(v)
    return out


def sort_key_values(values) -> list:
    """Sets have no order; render them sorted so two builds are byte-identical."""
    try:
        return sorted(values)
    except TypeError:
        return sorted(values, key=repr)


def comment_lines(text: str, prefix: str) -> str:
    """Prefix each line of text (used for doc comments)."""
    return "\n".join((prefix + line).rstrip() for line in text.splitlines())


def tuple_keys(p: Problem) -> list:
    """Every compound dict key in the test values (their static type may be `any`)."""
    out: list = []

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            out.extend(k for k in v if isinstance(k, (tuple, frozenset)))
            v = list(v.values())
        if isinstance(v, (list, tuple, set, frozenset)):
            for x in v:
                walk(x)
    for case in p.tests:
        for v in [*case.args, case.expected]:
            walk(v)
    return out
