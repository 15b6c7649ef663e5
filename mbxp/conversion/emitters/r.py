"""R: `snake_name <- function(a, b) {` with `#` comment docs, as MultiPL-E writes R prompts.

Value mapping: numbers are plain numerics (R integers are 32-bit; doubles are exact to 2^53: the
one problem with larger 64-bit values, HumanEval/114, only passes them through, and R reads the
literal on both sides as the same double), str -> character, bool -> logical, None -> NULL.
Integers beyond 64 bits (MBPP 67, 539) are bigz numbers of the gmp package (Debian r-cran-gmp):
such a problem's prompt starts with library(gmp) and names bigz with an example; every value of
a bigint-typed position is as.bigz(...), a vector of them as.bigz(c(...)). A result is compared
exactly: a bigz, or a number that is exactly that integer.
A list or tuple of scalars is an atomic vector `c(...)` (empty: `numeric(0)`...), anything else a
`list(...)` (NULL would vanish from c()); a set is rendered like a list; a dict is a named list
(names are strings, so keys must be str or int). A tuple key (MBPP 237, 698, 758, 779) becomes the
name made of its items joined by commas, (1, 3) -> "1,3" (what paste(t, collapse = ",") gives);
the prompt says so after the description, with an example. Such keys must map one-to-one (items
ints below 1e5, which R prints without an exponent, or comma-free strings), else the problem is
dropped.

Records (class instances): an S3 object, the usual R record: the header defines a constructor
`Node <- function(data, left, right) structure(list(data = data, left = left, right = right),
class = "Node")` after a comment giving each field's type; a missing child is NULL (list() keeps
it, node$left reads it). Values are `Node(1, NULL, NULL)`. A record compares field by field
(`x[["data"]]`, so any named list with those fields matches). Python's complex (the record
Complex) is R's own complex type, `complex(real = 0.0, imaginary = 1.0)`, compared by Re and Im
with tolerance (a plain number counts as imaginary part 0, as in Python). A record named like a
function the test uses is dropped.

R has no fixed convention for sequences (c() or list()), so the check is lenient about that
representation but strict about content: it is type-directed by a descriptor built from the
expected value (ints exact, floats with tolerance, sets and dicts order-free, NULL for None).
"""
from __future__ import annotations

import re
from typing import Any

from ..ir import BIGINT, COMPLEX, Problem, Record, Type
from ..types import finish, infer
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, float_repr, leaves

RESERVED = frozenset("if else repeat while function for next break TRUE FALSE NULL Inf NaN NA "
                     "NA_integer_ NA_real_ NA_complex_ NA_character_ in".split())
SCALARS = ("bool", "int", "long", "bigint", "float", "str")
# Functions the test program calls: a record constructor of that name would replace them.
USED = frozenset("""c list length names structure is.null is.list is.atomic is.numeric is.character
is.logical is.complex is.nan is.na is.finite is.infinite inherits as.list as.bigz abs max round
Re Im setequal anyDuplicated seq_along rep exists cat paste substr deparse stderr quit isTRUE
complex numeric logical character""".split())
INT64 = 2**63

EQUAL = r'''
mbxp_items <- function(x) if (is.null(x)) list() else as.list(x)

mbxp_scalar <- function(x, test) is.atomic(x) && length(x) == 1 && test(x) && !is.na(x)

# x: the value returned; y: the expected value; d: a descriptor of y (k = kind; e = one
# descriptor for every item or a = one per item; names of a dict live in y).
mbxp_eq <- function(x, y, d) {
  k <- d$k
  if (k == "null") return(is.null(x))
  if (k == "bool") return(mbxp_scalar(x, is.logical) && x == y)
  # R has one number type: an integral value is compared exactly, others like Python floats
  if (k == "int" && !(mbxp_scalar(x, is.numeric) && x != round(x))) return(mbxp_scalar(x, is.numeric) && x == y)
  if (k == "str") return(mbxp_scalar(x, is.character) && x == y)
  # a big integer (gmp's bigz), or a number that is exactly that integer
  if (k == "bigint") {
    if (!inherits(x, "bigz")) {
      if (!mbxp_scalar(x, is.numeric) || !is.finite(x) || x != round(x)) return(FALSE)
      x <- as.bigz(x)
    }
    return(length(x) == 1 && !is.na(x) && isTRUE(x == y))
  }
  if (k == "complex") {
    if (!is.atomic(x) || length(x) != 1 || !(is.complex(x) || is.numeric(x))) return(FALSE)
    return(mbxp_eq(Re(x), Re(y), list(k = "float")) && mbxp_eq(Im(x), Im(y), list(k = "float")))
  }
  # a record: every field of the descriptor's f, read with [[ (exact names; NULL when absent)
  if (k == "rec") {
    if (!is.list(x)) return(FALSE)
    for (f in names(d$f)) if (!mbxp_eq(x[[f]], y[[f]], d$f[[f]])) return(FALSE)
    return(TRUE)
  }
  if (k == "float" || k == "int") {
    if (!is.atomic(x) || length(x) != 1 || !is.numeric(x)) return(FALSE)
    if (is.nan(y)) return(is.nan(x))
    if (is.na(x)) return(FALSE)
    if (x == y) return(TRUE)
    if (is.infinite(x) || is.infinite(y)) return(FALSE)
    return(abs(x - y) <= max(REL * max(abs(x), abs(y)), ABS))
  }
  if (!(is.null(x) || is.atomic(x) || is.list(x))) return(FALSE)
  xs <- mbxp_items(x)
  ys <- mbxp_items(y)
  if (length(xs) != length(ys)) return(FALSE)
  de <- function(j) if (is.null(d$a)) d$e else d$a[[j]]
  if (k == "seq") {
    for (j in seq_along(ys)) if (!mbxp_eq(xs[[j]], ys[[j]], de(j))) return(FALSE)
    return(TRUE)
  }
  if (k == "dict") {
    nx <- names(xs)
    if (length(ys) && (is.null(nx) || !setequal(nx, names(ys)) || anyDuplicated(nx))) return(FALSE)
    for (j in seq_along(ys)) if (!mbxp_eq(xs[[names(ys)[j]]], ys[[j]], de(j))) return(FALSE)
    return(TRUE)
  }
  # k == "bag": a multiset; every expected item takes a distinct equal returned item
  used <- rep(FALSE, length(xs))
  for (j in seq_along(ys)) {
    hit <- FALSE
    for (i in seq_along(xs)) {
      if (!used[i] && mbxp_eq(xs[[i]], ys[[j]], de(j))) {
        used[i] <- TRUE
        hit <- TRUE
        break
      }
    }
    if (!hit) return(FALSE)
  }
  TRUE
}

mbxp_check <- function(index, got, expected, d) {
  if (!isTRUE(mbxp_eq(got, expected, d))) {
    shown <- paste(substr(paste(deparse(got), collapse = " "), 1, 200), collapse = "")
    cat("FAIL_MARKER: test", index, "got", shown, "\n", file = stderr())
    quit(save = "no", status = FAIL_EXIT)
  }
}
'''


class REmitter(Emitter):
    language = "r"
    naming = "snake"
    reserved = RESERVED
    none_word = "NULL"
    list_word = "vector"

    def name(self, python_name: str) -> str:
        ident = python_name.lstrip("_") or "x"   # R names cannot start with "_"
        return self.escape(ident)

    def describe(self, p: Problem) -> str:
        return re.sub(r"\b([Aa]) R\b", r"\1n R", super().describe(p))

    # ---- what R cannot hold ----------------------------------------------------------------
    records = True

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in USED or name in RESERVED or name == self.function_name(p) or name.startswith("mbxp"):
                return f"a record named {name} would replace an R function the program uses"
        for case in p.tests + p.examples:
            for value, t in [*zip(case.args, [prm.type for prm in p.params]), (case.expected, p.returns)]:
                reason = self.problem_with(value, t)
                if reason:
                    return reason
        return None

    def problem_with(self, value: Any, t: Type) -> str | None:
        if t.kind == "any":
            t = finish(infer(value))
        if value is None:
            return None
        if isinstance(value, bool):
            return None
        if isinstance(value, Record):
            return next((r for _, v, ft in self.record_fields(value) if (r := self.problem_with(v, ft))), None)
        if isinstance(value, str) and "\0" in value:
            return "a string with a NUL character, which R strings cannot hold"
        if isinstance(value, dict):
            keys = [key_text(k) if isinstance(k, (tuple, list)) else k for k in value]
            if any(isinstance(k, bool) or not isinstance(k, (str, int)) for k in keys):
                return "a dict with keys other than str, int or a tuple of those: R named lists are keyed by strings"
            if "" in keys or len({str(k) for k in keys}) != len(keys):
                return "dict keys that are not distinct non-empty names in R"
            return next((r for v in value.values() if (r := self.problem_with(v, self.sub(t, 1)))), None)
        if isinstance(value, (list, tuple, set, frozenset)):
            for i, v in enumerate(value):
                r = self.problem_with(v, self.sub(t, i))
                if r:
                    return r
        return None

    @staticmethod
    def sub(t: Type, i: int) -> Type:
        """The type of item i of a value of type t."""
        if t.kind == "optional":
            t = t.elem
        if t.kind == "tuple":
            return t.args[i] if i < len(t.args) else Type("any")
        if t.kind == "dict":
            return t.args[1]
        return t.args[0] if t.args else Type("any")

    # ---- literals --------------------------------------------------------------------------
    def resolve(self, value: Any, t: Type) -> Type:
        """The concrete type of a value: `any` inferred from it, optional unwrapped."""
        if value is not None and t.kind == "any":
            return finish(infer(value))
        if value is not None and t.kind == "optional":
            return self.resolve(value, t.elem)
        return t

    def literal(self, value: Any, t: Type) -> str:
        t = self.resolve(value, t)
        if t.kind == "dict" and isinstance(value, dict) and any(isinstance(k, (tuple, list)) for k in value):
            return self.lit_dict([(self.lit_str(key_text(k)) if isinstance(k, (tuple, list))
                                   else self.literal(k, t.args[0]), self.literal(v, t.args[1]))
                                  for k, v in value.items()], t)
        if value is None or t.kind not in ("list", "set", "tuple"):
            return super().literal(value, t)
        items = sorted_items(value) if t.kind == "set" else list(value)
        types = [self.resolve(v, self.sub(t, i)) for i, v in enumerate(items)]
        rendered = [self.literal(v, a) for v, a in zip(items, types)]
        kinds = {"numeric" if a.kind in ("int", "long", "float") else a.kind
                 for v, a in zip(items, types) if v is not None}
        if not items:
            elem = t.elem.kind if t.kind != "tuple" and t.args else "tuple"
            return {"bool": "logical(0)", "str": "character(0)", "int": "numeric(0)", "long": "numeric(0)",
                    "float": "numeric(0)"}.get(elem, "list()")
        if None not in items and kinds == {"bigint"}:
            return "as.bigz(c(" + ", ".join(f'"{v}"' for v in items) + "))"
        if None not in items and len(kinds) == 1 and kinds <= {"numeric", "str", "bool"}:
            return "c(" + ", ".join(rendered) + ")"
        return "list(" + ", ".join(rendered) + ")"

    def lit_bool(self, v: bool) -> str:
        return "TRUE" if v else "FALSE"

    def lit_int(self, v: int, t: Type) -> str:
        if t.kind == "bigint" or not -INT64 <= v < INT64:
            return f"as.bigz({v})" if abs(v) < 2**53 else f'as.bigz("{v}")'
        return str(v)

    def lit_float(self, v: float) -> str:
        if v != v:
            return "NaN"
        if v in (float("inf"), float("-inf")):
            return "Inf" if v > 0 else "-Inf"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        out = []
        for ch in v:
            if ch in '"\\':
                out.append("\\" + ch)
            elif ch in "\n\t\r":
                out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}[ch])
            elif ord(ch) < 32 or ord(ch) == 127:
                out.append(f"\\x{ord(ch):02x}")
            elif 0xD800 <= ord(ch) < 0xE000:
                out.append(f"\\u{{{ord(ch):04x}}}")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'

    def lit_none(self, t: Type) -> str:
        return "NULL"

    def lit_record(self, value: Record, t: Type) -> str:
        if value.name == COMPLEX:
            return (f"complex(real = {self.lit_float(float(value.fields['real']))}, "
                    f"imaginary = {self.lit_float(float(value.fields['imag']))})")
        return f"{value.name}({', '.join(self.literal(v, ft) for _, v, ft in self.record_fields(value))})"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        return "list(" + ", ".join(f"{k if k.startswith(chr(34)) else chr(34) + k + chr(34)} = {v}"
                                   for k, v in items) + ")"

    def describe_value(self, value: Any, t: Type) -> str:
        """The R descriptor (see mbxp_eq) of an expected value of type t."""
        t = self.resolve(value, t)
        if value is None:
            return 'list(k = "null")'
        if t.kind in SCALARS:
            return f'list(k = "{ {"long": "int"}.get(t.kind, t.kind)}")'
        if isinstance(value, Record):
            if value.name == COMPLEX:
                return 'list(k = "complex")'
            return 'list(k = "rec", f = list(' + ", ".join(
                f"{self.field_name(n)} = {self.describe_value(v, ft)}" for n, v, ft in self.record_fields(value)) + "))"
        if t.kind == "dict":
            return self.items_descriptor("dict", [self.describe_value(v, t.args[1]) for v in value.values()])
        items = sorted_items(value) if t.kind == "set" else list(value)
        parts = [self.describe_value(v, self.sub(t, i)) for i, v in enumerate(items)]
        return self.items_descriptor("bag" if t.kind == "set" else "seq", parts)

    @staticmethod
    def items_descriptor(kind: str, parts: list[str]) -> str:
        if len(set(parts)) <= 1:
            return f'list(k = "{kind}", e = {parts[0] if parts else "NULL"})'
        return f'list(k = "{kind}", a = list({", ".join(parts)}))'

    # ---- the four texts --------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        gmp = "library(gmp, warn.conflicts = FALSE)\n" if big_value(p) is not None else ""
        return gmp + "".join(self.record_class(p, name) for name in self.record_order(p) if name != COMPLEX)

    def record_class(self, p: Problem, name: str) -> str:
        fields = [self.field_name(f.name) for f in p.records[name]]
        types = ", ".join(f"{n} ({type_words(f.type)})" for n, f in zip(fields, p.records[name]))
        return (f'# A {name} is a list of class "{name}" with the fields {types}.\n'
                f"{name} <- function({', '.join(fields)}) {{\n"
                f"  structure(list({', '.join(f'{n} = {n}' for n in fields)}), class = \"{name}\")\n}}\n\n")

    def prompt(self, p: Problem) -> str:
        lines = [self.describe(p)]
        key = next((k for c in p.examples + p.tests for v in [*c.args, c.expected]
                    if (k := compound_key(v)) is not None), None)
        if key is not None:
            lines.append(f"A dictionary is a named list; a tuple key is the name made of its items joined by "
                         f"commas: {self.literal(list(key), Type('list', (Type('any'),)))} is {self.lit_str(key_text(key))}.")
        big = big_value(p)
        if big is not None:
            lines.append(f"Integers that may not fit in 64 bits are big integers of the gmp package, like "
                         f"{self.lit_int(big, BIGINT)}.")
        for call, result in self.examples(p):
            lines += [f">>> {call}", result]
        params = ", ".join(self.name(prm.name) for prm in p.params)
        return (self.header(p) + comment_lines("\n".join(lines), "# ") + "\n"
                + f"{self.function_name(p)} <- function({params}) {{\n")

    def test(self, p: Problem) -> str:
        helper = (EQUAL.replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
                  .replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT)))
        checks = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            desc = self.describe_value(case.expected, p.returns)
            if p.compare == "unordered":
                desc = re.sub(r'^list\(k = "seq"', 'list(k = "bag"', desc)
            checks.append(f"mbxp_check({i}, {self.function_name(p)}({args}),\n"
                          f"           {self.literal(case.expected, p.returns)},\n           {desc})\n")
        return "\n" + helper + "\n" + "".join(checks) + f'cat("{PASS_MARKER}\\n")\n'

    def oracle(self, p: Problem, results: list[Any]) -> str:
        items = ",\n    ".join(self.literal(r, p.returns) for r in results)
        return ("  mbxp_calls <<- if (exists(\"mbxp_calls\")) mbxp_calls + 1 else 1\n"
                f"  list(\n    {items}\n  )[[mbxp_calls]]\n}}\n")


def type_words(t: Type) -> str:
    """How a record's declaration comment names a field's type."""
    if t.kind == "optional":
        return type_words(t.elem) + " or NULL"
    if t.kind == "record":
        return "a complex number" if t.name == COMPLEX else f"a {t.name}"
    return {"bool": "a logical", "int": "an integer", "long": "an integer", "bigint": "a bigz",
            "float": "a number", "str": "a string", "dict": "a named list"}.get(t.kind, "a vector or list")


def big_value(p: Problem) -> int | None:
    """The first integer beyond 64 bits in p's examples or tests (such problems load gmp)."""
    return next((v for c in p.examples + p.tests for v in leaves([*c.args, c.expected], lambda v: (
        isinstance(v, int) and not isinstance(v, bool) and not -INT64 <= v < INT64))), None)


def key_text(key: Any) -> str | None:
    """The name a tuple key gets: its items joined by commas, (1, 3) -> "1,3", what
    paste(t, collapse = ",") gives. None when that is not one-to-one or R would print an item
    differently (nested items, bools, floats, strings holding a comma, ints R writes as 1e+05)."""
    if all(isinstance(x, int) and not isinstance(x, bool) and abs(x) < 10**5
           or isinstance(x, str) and "," not in x for x in key):
        return ",".join(map(str, key))
    return None


def compound_key(value: Any) -> Any:
    """The first tuple key of a dict anywhere in value, or None."""
    if isinstance(value, dict):
        own = [k for k in value if isinstance(k, (tuple, list))]
        return own[0] if own else next((c for v in value.values() if (c := compound_key(v)) is not None), None)
    if isinstance(value, (list, tuple, set, frozenset)):
        return next((c for v in value if (c := compound_key(v)) is not None), None)
    return None


def sorted_items(values) -> list:
    from .base import sort_key_values
    return sort_key_values(values)


EMITTER = REmitter()
