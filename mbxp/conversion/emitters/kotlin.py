"""Kotlin 2 (MBKP): a top-level function with a KDoc, tested by a top-level `main`.

Types: Int, Long, BigInteger, Double, String, Boolean, List/Set/Map, T? for optional. A tuple of
two or three elements is a Pair/Triple, a longer one a List of the elements' unified type. `any`
is `Any`, or `Any?` when some test value at such a position is None (and `none` is `Any?`).
Test literals build mutable collections with explicit type arguments (mutableListOf<Int>(...)),
so empty ones type-check and a solution may modify its arguments; the KDoc shows listOf(...).
Oracle: Kotlin functions have no static locals, so the call counter is a JVM system property.
Records: each is a `data class` in the header (before the KDoc, so the test and a whole-function
answer see it) with a `val` per attribute (not `var`: a solution's `if (n.left != null)` may then
smart-cast; an optional field is nullable, so `Node.left: Node?` refers to its own class) and the
primary constructor over all fields in order; literals are `Node(1, null, null)`. `mbxpEq` gets
one clause per record that compares field by field (floats with tolerance), since a data class's
own equals is exact.
The helpers say `kotlin.Pair`, so a record named Pair is fine unless the problem also has a
2-tuple; a record named like another type the program uses is dropped.
"""
from __future__ import annotations

import copy
from typing import Any

from ..ir import Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, c_string, float_repr
from .java import tuple_elem

KEYWORDS = frozenset("""as break class continue do else false for fun if in interface is null object
package return super this throw true try typealias typeof val var when while main""".split())

IMPORTS = "import kotlin.math.*\nimport java.util.*\nimport java.math.BigInteger\n"

# Types the solution, the test or the helpers name: a record class must not shadow them.
SHADOWING = frozenset("""Any Int Long Double Float Boolean Char String Number Short Byte Unit Nothing
Math System List Map Set Triple Array BooleanArray IntArray Iterable Collection Comparator Exception
IllegalStateException StringBuilder Regex BigInteger MainKt""".split())

SCALAR = {"bool": "Boolean", "int": "Int", "long": "Long", "bigint": "BigInteger", "float": "Double",
          "str": "String"}

HELPERS = '''
fun mbxpClose(a: Double, b: Double): Boolean {
    if (a == b) return true
    if (a.isInfinite() || b.isInfinite() || a.isNaN() || b.isNaN()) return false
    return Math.abs(a - b) <= Math.max(REL * Math.max(Math.abs(a), Math.abs(b)), ABS)
}

fun mbxpIntegral(o: Any) = o is Int || o is Long || o is Short || o is Byte || o is BigInteger

fun mbxpEq(a: Any?, b: Any?): Boolean {
    if (a == null || b == null) return a == null && b == null
    if (a is Number && b is Number) {
        if (mbxpIntegral(a) && mbxpIntegral(b)) return BigInteger(a.toString()) == BigInteger(b.toString())
        return mbxpClose(a.toDouble(), b.toDouble())
    }
    if (a is kotlin.Pair<*, *> && b is kotlin.Pair<*, *>) return mbxpEq(a.first, b.first) && mbxpEq(a.second, b.second)
    if (a is Triple<*, *, *> && b is Triple<*, *, *>)
        return mbxpEq(a.first, b.first) && mbxpEq(a.second, b.second) && mbxpEq(a.third, b.third)
    if (a is List<*> && b is List<*>) return a.size == b.size && a.indices.all { mbxpEq(a[it], b[it]) }
    if (a is Set<*> && b is Set<*>) return a.size == b.size && a.all { x -> b.contains(x) || b.any { mbxpEq(x, it) } }
    if (a is Map<*, *> && b is Map<*, *>) {
        if (a.size != b.size) return false
        return a.entries.all { e ->
            val key = if (b.containsKey(e.key)) e.key else b.keys.firstOrNull { mbxpEq(e.key, it) }
            b.containsKey(key) && mbxpEq(e.value, b[key])
        }
    }
RECORD_EQ    return a == b
}

fun mbxpSameMultiset(a: Any?, b: Any?): Boolean {
    if (a !is List<*> || b !is List<*>) return mbxpEq(a, b)
    if (a.size != b.size) return false
    val used = BooleanArray(b.size)
    for (x in a) {
        val i = b.indices.firstOrNull { !used[it] && mbxpEq(x, b[it]) } ?: return false
        used[i] = true
    }
    return true
}

fun mbxpCheck(i: Int, got: Any?, expected: Any?) {
    if (!(if (UNORDERED) mbxpSameMultiset(got, expected) else mbxpEq(got, expected))) {
        System.err.println("FAIL_MARKER: test " + i + " got " + got.toString().take(200))
        kotlin.system.exitProcess(FAIL_EXIT)
    }
}
'''


class KotlinEmitter(Emitter):
    language = "kotlin"
    naming = "camel"
    reserved = KEYWORDS
    none_word = "null"
    display = False        # literals for the KDoc rather than for the test
    any_ = "Any"           # what `any` is called in the problem at hand: see bound()
    records = True

    def unsupported(self, p: Problem) -> str | None:
        arities = {len(t.args) for t in problem_types(p) if t.kind == "tuple"}
        for name in p.records:
            if (name in SHADOWING or name in KEYWORDS or name == self.function_name(p)
                    or (name == "Pair" and 2 in arities)):
                return f"a record class named {name} would shadow a Kotlin type"
        return None

    def bound(self, p: Problem) -> "KotlinEmitter":
        """A copy of this emitter that names `any` as problem p needs."""
        e = copy.copy(self)
        e.any_ = self.any_name(p)
        return e

    # ---- names and types -----------------------------------------------------------------------
    def param_names(self, p: Problem) -> list[str]:
        names: list[str] = []
        for prm in p.params:
            n = self.name(prm.name)
            names.append(n + str(len(names)) if n in names else n)
        return names

    def type(self, t: Type, any_: str | None = None) -> str:
        any_ = any_ or self.any_
        k = t.kind
        if k in SCALAR:
            return SCALAR[k]
        if k == "any":
            return any_
        if k == "none":
            return "Any?"
        if k == "optional":
            inner = self.type(t.elem, any_)
            return inner if inner.endswith("?") else inner + "?"
        if k == "list":
            return f"List<{self.type(t.elem, any_)}>"
        if k == "set":
            return f"Set<{self.type(t.elem, any_)}>"
        if k == "dict":
            return f"Map<{self.type(t.args[0], any_)}, {self.type(t.args[1], any_)}>"
        if k == "tuple":
            if len(t.args) in (2, 3):
                return f"{'Pair' if len(t.args) == 2 else 'Triple'}<{', '.join(self.type(a, any_) for a in t.args)}>"
            return f"List<{self.type(tuple_elem(t), any_)}>"
        if k == "record":
            return str(t.name)
        raise ValueError(f"kotlin: no type for {t}")

    def any_name(self, p: Problem) -> str:
        cases = p.tests + p.examples
        values = [(v, prm.type) for c in cases for v, prm in zip(c.args, p.params)]
        values += [(c.expected, p.returns) for c in cases]
        return "Any?" if any(null_at_any(v, t) for v, t in values) else "Any"

    def signature(self, p: Problem) -> str:
        params = ", ".join(f"{n}: {self.type(prm.type)}" for prm, n in zip(p.params, self.param_names(p)))
        return f"fun {self.function_name(p)}({params}): {self.type(p.returns)}"

    # ---- literals ------------------------------------------------------------------------------
    def literal(self, value: Any, t: Type) -> str:
        if t.kind == "tuple" and value is not None:
            if len(t.args) in (2, 3):
                name = "Pair" if len(t.args) == 2 else "Triple"
                targs = "" if self.display else f"<{', '.join(self.type(a) for a in t.args)}>"
                return f"{name}{targs}({', '.join(self.literal(v, a) for v, a in zip(value, t.args))})"
            u = tuple_elem(t)
            return self.lit_list([self.literal(v, u) for v in value], Type("list", (u,)))
        return super().literal(value, t)

    def lit_int(self, v: int, t: Type) -> str:
        if t.kind == "bigint" or not -2**63 <= v < 2**63:
            return f'BigInteger("{v}")'
        if t.kind == "long" or not -2**31 <= v < 2**31:
            return "(-9223372036854775807L - 1L)" if v == -2**63 else f"{v}L"
        return "(-2147483647 - 1)" if v == -2**31 else str(v)

    def lit_float(self, v: float) -> str:
        if v != v:
            return "Double.NaN"
        if v in (float("inf"), float("-inf")):
            return "Double.POSITIVE_INFINITY" if v > 0 else "Double.NEGATIVE_INFINITY"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        return c_string(v).replace("$", "\\$")

    def lit_record(self, value: Record, t: Type) -> str:
        return f"{value.name}({', '.join(self.literal(v, ft) for _, v, ft in self.record_fields(value))})"

    def _targs(self, t: Type) -> str:
        return f"<{', '.join(self.type(a) for a in t.args)}>"

    def lit_list(self, items: list[str], t: Type) -> str:
        if self.display:
            return f"listOf{'' if items else self._targs(t)}({', '.join(items)})"
        return f"mutableListOf{self._targs(t)}({', '.join(items)})"

    def lit_set(self, items: list[str], t: Type) -> str:
        if self.display:
            return f"setOf{'' if items else self._targs(t)}({', '.join(items)})"
        return f"mutableSetOf{self._targs(t)}({', '.join(items)})"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        pairs = ", ".join(f"{k} to {v}" for k, v in items)
        if self.display:
            return f"mapOf{'' if items else self._targs(t)}({pairs})"
        return f"mutableMapOf{self._targs(t)}({pairs})"

    # ---- the four texts ------------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        return IMPORTS + "\n" + "".join(self.record_class(p, name) + "\n" for name in self.record_order(p))

    def record_class(self, p: Problem, name: str) -> str:
        fields = ", ".join(f"val {self.field_name(f.name)}: {self.type(f.type)}" for f in p.records[name])
        # a data class needs at least one property
        return f"data class {name}({fields})\n" if fields else f"class {name}\n"

    def record_eq(self, p: Problem) -> str:
        out = ""
        for name, fields in p.records.items():
            names = [self.field_name(f.name) for f in fields]
            same = " && ".join(f"mbxpEq(a.{n}, b.{n})" for n in names) or "true"
            out += f"    if (a is {name} && b is {name}) return {same}\n"
        return out

    def prompt(self, p: Problem) -> str:
        return self.bound(p)._prompt(p)

    def _prompt(self, p: Problem) -> str:
        examples = KotlinDisplay().bound(p).examples(p)
        lines = self.describe(p).splitlines()
        for call, result in examples:
            lines += [f"> {call}", result]
        doc = "\n".join((" * " + doc_safe(ln)).rstrip() for ln in lines)
        return f"{self.header(p)}/**\n{doc}\n */\n{self.signature(p)} {{\n"

    def test(self, p: Problem) -> str:
        return self.bound(p)._test(p)

    def _test(self, p: Problem) -> str:
        fn = self.function_name(p)
        calls = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            calls.append(f"    mbxpCheck({i}, {fn}({args}), {self.literal(case.expected, p.returns)})")
        helpers = (HELPERS.replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
                   .replace("UNORDERED", "true" if p.compare == "unordered" else "false")
                   .replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT))
                   .replace("RECORD_EQ", self.record_eq(p)))  # last: record names are free text
        return (helpers + "\nfun main() {\n" + "\n".join(calls)
                + f'\n    println("{PASS_MARKER}")\n}}\n')

    def oracle(self, p: Problem, results: list[Any]) -> str:
        return self.bound(p)._oracle(p, results)

    def _oracle(self, p: Problem, results: list[Any]) -> str:
        cases = "".join(f"        {i} -> {self.literal(r, p.returns)}\n" for i, r in enumerate(results))
        return ('    val mbxpCall = (System.getProperty("mbxp.oracle.calls") ?: "0").toInt()\n'
                '    System.setProperty("mbxp.oracle.calls", (mbxpCall + 1).toString())\n'
                "    return when (mbxpCall) {\n" + cases +
                '        else -> throw IllegalStateException("mbxp oracle: too many calls")\n'
                "    }\n}\n")


class KotlinDisplay(KotlinEmitter):
    display = True


def null_at_any(value: Any, t: Type) -> bool:
    """Is None found where the Kotlin type is `any` (so it must be `Any?`)?"""
    k = t.kind
    if k in ("any", "none"):
        return value is None
    if value is None:
        return False
    if k == "optional":
        return null_at_any(value, t.elem)
    if k in ("list", "set"):
        return any(null_at_any(v, t.elem) for v in value)
    if k == "dict":
        return any(null_at_any(a, t.args[0]) or null_at_any(b, t.args[1]) for a, b in value.items())
    if k == "tuple":
        types = t.args if len(t.args) in (2, 3) else [tuple_elem(t)] * len(value)
        return any(null_at_any(v, a) for v, a in zip(value, types))
    if k == "record":
        return any(null_at_any(value.fields[f.name], f.type) for f in value.schema)
    return False


def problem_types(p: Problem) -> list[Type]:
    """Every type (and nested type) of the problem's parameters, result and record fields."""
    out: list[Type] = []

    def walk(t: Type) -> None:
        out.append(t)
        for a in t.args:
            walk(a)
    for t in [prm.type for prm in p.params] + [p.returns] + [f.type for fs in p.records.values() for f in fs]:
        walk(t)
    return out


def doc_safe(line: str) -> str:
    """KDoc comments nest: neither */ nor /* may appear inside."""
    return line.replace("*/", "*&#47;").replace("/*", "/&#42;")


EMITTER = KotlinEmitter()
