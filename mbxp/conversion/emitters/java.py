"""Java 17 (MBJP): a static method in a class named after the function, tested from `class Main`.

Types: int/long/double/boolean at the top level, boxed inside generics; bigint is BigInteger;
`any` (and `none`) is Object. Java has no tuples, so a tuple is a List of its elements' unified
type (List<Integer> for (int, int), List<Object> for (str, int)), as MBXP's Java prompts do.
Test literals use small helpers in Main (L, S, M, E) that build mutable ArrayList, HashSet and
LinkedHashMap, so a solution may modify its arguments as the Python one may; the doc comment
shows plain Java (Arrays.asList, Set.of, Map.of).
Oracle: a local class with a static call counter (allowed since Java 16).
Records: each is a top-level class before the function's class (in the header, so the test's
`class Main` and a whole-function answer see it) with one field per attribute (primitive unless
optional) and a constructor over all fields in order; literals are `new Node(1, null, null)`;
`eq` compares two instances of a record class field by field (reflection), floats with tolerance.
A record named like a java.lang/java.util type the solution may use is dropped.
"""
from __future__ import annotations

import re
from typing import Any

from ..ir import Problem, Record, Type
from ..types import unify_all
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, c_string, float_repr

KEYWORDS = frozenset("""abstract assert boolean break byte case catch char class const continue default
do double else enum extends final finally float for goto if implements import instanceof int
interface long native new package private protected public return short static strictfp super
switch synchronized this throw throws transient try void volatile while true false null var yield
record sealed permits""".split())

# Class names that would shadow a type the solution or the test relies on.
SHADOWING = frozenset("""Main Object String Math Integer Long Double Float Boolean Character Byte Short
Number System List Map Set Arrays Collections Collectors Stream IntStream BigInteger BigDecimal
ArrayList HashMap HashSet Iterator Optional Objects StringBuilder Exception Entry Comparator
Function Pair Scanner Random""".split())

IMPORTS = ("import java.io.*;\nimport java.lang.*;\nimport java.util.*;\nimport java.math.*;\n"
           "import java.util.stream.*;\nimport java.util.function.*;\n")

PRIMITIVE = {"bool": "boolean", "int": "int", "long": "long", "float": "double"}
BOXED = {"bool": "Boolean", "int": "Integer", "long": "Long", "float": "Double", "bigint": "BigInteger",
         "str": "String", "none": "Object", "any": "Object"}

HELPERS = r'''
    // L(null) passes a null array, not one null element
    @SafeVarargs static <T> List<T> L(T... xs) { return new ArrayList<>(xs == null ? Collections.singletonList(null) : Arrays.asList(xs)); }
    @SafeVarargs static <T> Set<T> S(T... xs) { return new HashSet<>(L(xs)); }
    static <K, V> Map.Entry<K, V> E(K k, V v) { return new AbstractMap.SimpleEntry<>(k, v); }
    @SafeVarargs static <K, V> Map<K, V> M(Map.Entry<K, V>... es) {
        Map<K, V> m = new LinkedHashMap<>();
        for (Map.Entry<K, V> e : es) m.put(e.getKey(), e.getValue());
        return m;
    }

    static boolean close(double a, double b) {
        if (a == b) return true;
        if (Double.isInfinite(a) || Double.isInfinite(b) || Double.isNaN(a) || Double.isNaN(b)) return false;
        return Math.abs(a - b) <= Math.max(REL * Math.max(Math.abs(a), Math.abs(b)), ABS);
    }

    static boolean integral(Object o) {
        return o instanceof Integer || o instanceof Long || o instanceof Short || o instanceof Byte || o instanceof BigInteger;
    }

    static boolean eq(Object a, Object b) {
        if (a == null || b == null) return a == b;
RECORD_EQ        if (a instanceof Number && b instanceof Number) {
            if (integral(a) && integral(b)) return new BigInteger(a.toString()).equals(new BigInteger(b.toString()));
            return close(((Number) a).doubleValue(), ((Number) b).doubleValue());
        }
        if (a instanceof List && b instanceof List) {
            List<?> x = (List<?>) a, y = (List<?>) b;
            if (x.size() != y.size()) return false;
            for (int i = 0; i < x.size(); i++) if (!eq(x.get(i), y.get(i))) return false;
            return true;
        }
        if (a instanceof Set && b instanceof Set) {
            Set<?> x = (Set<?>) a, y = (Set<?>) b;
            if (x.size() != y.size()) return false;
            for (Object e : x) if (!y.contains(e) && y.stream().noneMatch(f -> eq(e, f))) return false;
            return true;
        }
        if (a instanceof Map && b instanceof Map) {
            Map<?, ?> x = (Map<?, ?>) a, y = (Map<?, ?>) b;
            if (x.size() != y.size()) return false;
            for (Map.Entry<?, ?> e : x.entrySet()) {
                Object key = y.containsKey(e.getKey()) ? e.getKey()
                        : y.keySet().stream().filter(k -> eq(e.getKey(), k)).findFirst().orElse(null);
                if (!y.containsKey(key) || !eq(e.getValue(), y.get(key))) return false;
            }
            return true;
        }
        return a.equals(b);
    }

    static boolean sameMultiset(Object a, Object b) {
        if (!(a instanceof List && b instanceof List)) return eq(a, b);
        List<?> x = (List<?>) a, y = (List<?>) b;
        if (x.size() != y.size()) return false;
        boolean[] used = new boolean[y.size()];
        outer:
        for (Object e : x) {
            for (int i = 0; i < y.size(); i++) {
                if (!used[i] && eq(e, y.get(i))) { used[i] = true; continue outer; }
            }
            return false;
        }
        return true;
    }

    static void check(int i, Object got, Object expected) {
        if (!(UNORDERED ? sameMultiset(got, expected) : eq(got, expected))) {
            String shown = String.valueOf(got);
            System.err.println("FAIL_MARKER: test " + i + " got " + (shown.length() > 200 ? shown.substring(0, 200) : shown));
            System.exit(FAIL_EXIT);
        }
    }
'''


RECORD_EQ = '''        if (IS_RECORD && a.getClass() == b.getClass()) {
            try {
                for (java.lang.reflect.Field f : a.getClass().getDeclaredFields()) {
                    if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) continue;
                    f.setAccessible(true);
                    if (!eq(f.get(a), f.get(b))) return false;
                }
                return true;
            } catch (IllegalAccessException e) {
                throw new RuntimeException(e);
            }
        }
'''


class JavaEmitter(Emitter):
    language = "java"
    naming = "camel"
    reserved = KEYWORDS
    none_word = "null"
    records = True

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name in SHADOWING - {"Pair"} or name.lower() in KEYWORDS or name == self.class_name(p):
                return f"a record class named {name} would shadow a Java type"
        return None

    # ---- names and types -----------------------------------------------------------------------
    def class_name(self, p: Problem) -> str:
        parts = [w for w in p.entry_point.split("_") if w] or [p.entry_point]
        name = "".join(w[:1].upper() + w[1:] for w in parts)
        return name + "Fn" if name in SHADOWING or name.lower() in KEYWORDS else name

    def param_names(self, p: Problem) -> list[str]:
        names: list[str] = []
        for prm in p.params:
            n = self.name(prm.name)
            names.append(n + str(len(names)) if n in names else n)
        return names

    def type(self, t: Type, boxed: bool = False) -> str:
        k = t.kind
        if k in PRIMITIVE and not boxed:
            return PRIMITIVE[k]
        if k in BOXED:
            return BOXED[k]
        if k == "optional":
            return self.type(t.elem, boxed=True)
        if k == "list":
            return f"List<{self.type(t.elem, True)}>"
        if k == "set":
            return f"Set<{self.type(t.elem, True)}>"
        if k == "dict":
            return f"Map<{self.type(t.args[0], True)}, {self.type(t.args[1], True)}>"
        if k == "tuple":
            return f"List<{self.type(tuple_elem(t), True)}>"
        if k == "record":
            return str(t.name)
        raise ValueError(f"java: no type for {t}")

    def signature(self, p: Problem) -> str:
        params = ", ".join(f"{self.type(prm.type)} {n}" for prm, n in zip(p.params, self.param_names(p)))
        return f"public static {self.type(p.returns)} {self.function_name(p)}({params})"

    # ---- literals: `display` for the doc comment, else the test helpers -------------------------
    display = False

    def literal(self, value: Any, t: Type) -> str:
        if t.kind == "tuple" and value is not None:
            u = tuple_elem(t)
            return self.lit_list([self.literal(v, u) for v in value], Type("list", (u,)))
        return super().literal(value, t)

    def lit_int(self, v: int, t: Type) -> str:
        if t.kind == "bigint" or not -2**63 <= v < 2**63:
            return f'new BigInteger("{v}")'
        return f"{v}L" if t.kind == "long" else str(v)

    def lit_float(self, v: float) -> str:
        if v != v:
            return "Double.NaN"
        if v in (float("inf"), float("-inf")):
            return "Double.POSITIVE_INFINITY" if v > 0 else "Double.NEGATIVE_INFINITY"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        return c_string(v)

    def lit_list(self, items: list[str], t: Type) -> str:
        return f"{'Arrays.asList' if self.display else 'Main.L'}({', '.join(items)})"

    def lit_set(self, items: list[str], t: Type) -> str:
        return f"{'Set.of' if self.display else 'Main.S'}({', '.join(items)})"

    def lit_record(self, value: Record, t: Type) -> str:
        return f"new {value.name}({', '.join(self.literal(v, ft) for _, v, ft in self.record_fields(value))})"

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        if self.display:
            if len(items) <= 10:
                return f"Map.of({', '.join(f'{k}, {v}' for k, v in items)})"
            return f"Map.ofEntries({', '.join(f'Map.entry({k}, {v})' for k, v in items)})"
        return f"Main.M({', '.join(f'Main.E({k}, {v})' for k, v in items)})"

    # ---- the four texts ------------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        classes = "".join(self.record_class(p, name) + "\n" for name in self.record_order(p))
        return f"{IMPORTS}\n{classes}class {self.class_name(p)} {{\n"

    def record_class(self, p: Problem, name: str) -> str:
        fields = [(self.type(f.type), self.field_name(f.name)) for f in p.records[name]]
        decls = "".join(f"    {t} {n};\n" for t, n in fields)
        params = ", ".join(f"{t} {n}" for t, n in fields)
        body = "".join(f"        this.{n} = {n};\n" for _, n in fields)
        return f"class {name} {{\n{decls}\n    {name}({params}) {{\n{body}    }}\n}}\n"

    def prompt(self, p: Problem) -> str:
        examples = JavaDisplay().examples(p) if not self.display else self.examples(p)
        lines = self.describe(p).splitlines()
        for call, result in examples:
            lines += [f"> {call}", result]
        doc = "\n".join(("     * " + doc_safe(ln)).rstrip() for ln in lines)
        return f"{self.header(p)}    /**\n{doc}\n     */\n    {self.signature(p)} {{\n"

    def test(self, p: Problem) -> str:
        cls, fn = self.class_name(p), self.function_name(p)
        calls = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            calls.append(f"        check({i}, {cls}.{fn}({args}), {self.literal(case.expected, p.returns)});")
        is_record = " || ".join(f"a instanceof {name}" for name in p.records)
        helpers = (HELPERS.replace("RECORD_EQ", RECORD_EQ.replace("IS_RECORD", f"({is_record})") if p.records else "")
                   .replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
                   .replace("UNORDERED", "true" if p.compare == "unordered" else "false")
                   .replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT)))
        return ("}\n\nclass Main {" + helpers + "\n    public static void main(String[] args) {\n"
                + "\n".join(calls) + f'\n        System.out.println("{PASS_MARKER}");\n    }}\n}}\n')

    def oracle(self, p: Problem, results: list[Any]) -> str:
        cases = "".join(f"            case {i}: return {self.literal(r, p.returns)};\n"
                        for i, r in enumerate(results))
        return ("        class MbxpOracle { static int calls = 0; }\n"
                "        switch (MbxpOracle.calls++) {\n" + cases +
                '            default: throw new IllegalStateException("mbxp oracle: too many calls");\n'
                "        }\n    }\n")


def tuple_elem(t: Type) -> Type:
    """The element type of the List standing for a tuple: its elements' types unified."""
    u = unify_all(t.args) if t.args else Type("any")
    return Type("any") if u.kind in ("empty", "none") else u


def doc_safe(line: str) -> str:
    """A line that cannot end the doc comment early nor hold an invalid \\u escape."""
    line = line.replace("*/", "*&#47;")
    return re.sub(r"\\+(?=u)", lambda m: m.group(0) + ("\\" if len(m.group(0)) % 2 else ""), line)


class JavaDisplay(JavaEmitter):
    display = True


EMITTER = JavaEmitter()
