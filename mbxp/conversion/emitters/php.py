"""PHP 8.2: lists, tuples, sets and dicts are all PHP arrays; None is null.

Comparison is strict and driven by a descriptor of the return type (never PHP's loose ==, under
which "1" == 1 and null == [] hold): lists and tuples must be list arrays in order, dicts compare
by key in any order, sets as multisets of their values (array_unique keeps keys, so set keys are
ignored). As in the Python harness, an int result may come back as a close float (floor(), pow()
and round() return floats in PHP) and a float result as an int.

PHP array keys are int or string, so a dict keyed by tuples (MBPP 237, 698, 758, 779) is an
array keyed by the tuple's items joined by commas, (1, 3) -> "1,3" (what implode(",", $t) gives);
the prompt says so in a line after the description, with an example. The encoding must be
one-to-one for the recorded values (items are ints or comma-free strings), else the problem is
dropped.

Integers beyond 64 bits (MBPP 67, 539) are GMP numbers (the gmp extension, Debian php-gmp):
every value of a bigint-typed position is written gmp_init(...), and the prompt names GMP with an
example. A GMP result is compared exactly with gmp_cmp; an int, or a float that is exactly the
integer (pow() overflows to float), of the same value also counts.

Records: each is a class in the header whose constructor promotes typed properties
(`public function __construct(public int $data, public ?Node $left = null, ...) {}`), so the
declaration shows the fields' types; a self-reference is a nullable class type, and trailing
optional fields default to null. Literals are `new Node(1, null, null)`. The descriptor
["r", "Node"] checks `instanceof Node` and each property against the record's field descriptors
(mbxp_record_fields); an int or float also counts for a `Complex` with imag 0, as in Python.
A record named like a PHP keyword or built-in class is dropped.

Dropped: dicts whose keys are not int, string or such a tuple (float keys, nested tuple keys).
"""
from __future__ import annotations

from typing import Any

from ..ir import BIGINT, Problem, Record, Type
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, float_repr, leaves

INT64 = 2**63

KEYWORDS = frozenset("""abstract and array as break callable case catch class clone const continue
declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile eval
exit die extends final finally fn for foreach function global goto if implements include
include_once instanceof insteadof interface isset list match namespace new or print private
protected public readonly require require_once return static switch throw trait try unset use var
while xor yield int float bool string true false null void iterable object mixed never self parent
enum""".split())
# PHP function names are case-insensitive and may not redeclare a built-in: the built-ins that
# camelCased entry points of the sources hit, plus common one-word ones.
BUILTINS = frozenset("""checkdate count extract sort strlen max min abs range shuffle compact end
key next reset current round floor ceil pow sqrt exp log sin cos tan rsort usort ksort asort arsort
krsort implode explode join trim ord chr strrev date time hash md5 sha1 ucfirst lcfirst ucwords
fmod intdiv gettype levenshtein soundex metaphone hypot deg2rad rad2deg pi decbin bindec dechex
hexdec octdec decoct base_convert is_numeric array_sum""".split())
# Built-in classes (compared lower-cased, as PHP does) that a record class may not redeclare.
CLASSES = frozenset("""stdclass closure generator exception error throwable typeerror valueerror
arithmeticerror divisionbyzeroerror arrayobject arrayiterator iterator iteratoraggregate traversable
countable arrayaccess stringable jsonserializable datetime datetimeimmutable dateinterval splstack
splqueue splheap splminheap splmaxheap splpriorityqueue splfixedarray splobjectstorage
spldoublylinkedlist weakmap weakreference gmp random""".split())

EQUAL = r"""
function mbxp_close($a, $b): bool {
    if (!(is_int($a) || is_float($a)) || !(is_int($b) || is_float($b))) return false;
    if ($a == $b) return true;
    return abs($a - $b) <= max(REL * max(abs($a), abs($b)), ABS);
}
function mbxp_match_all(array $got, array $exp, callable $eq): bool {
    if (count($got) !== count($exp)) return false;
    $used = [];
    foreach ($exp as $e) {
        $found = false;
        foreach ($got as $j => $g) {
            if (!isset($used[$j]) && $eq($g, $e)) { $used[$j] = true; $found = true; break; }
        }
        if (!$found) return false;
    }
    return true;
}
function mbxp_eq($got, $exp, $t): bool {
    if ($t === "x") return $got === $exp;
    if ($t === "b") return mbxp_big($got, $exp);
    if ($t === "i") return is_int($got) ? $got === $exp : (is_float($got) && mbxp_close($got, $exp));
    if ($t === "f") return mbxp_close($got, $exp);
    if ($t === "n") return $got === null;
    if ($t === "a") return mbxp_any($got, $exp);
    $k = $t[0];
RECORD_EQ    if ($k === "o") return $exp === null ? $got === null : mbxp_eq($got, $exp, $t[1]);
    if (!is_array($got) || count($got) !== count($exp)) return false;
    if ($k === "s") return mbxp_match_all(array_values($got), $exp, fn($g, $e) => mbxp_eq($g, $e, $t[1]));
    if ($k === "d") {
        foreach ($exp as $key => $e) {
            if (!array_key_exists($key, $got) || !mbxp_eq($got[$key], $e, $t[1])) return false;
        }
        return true;
    }
    if (!array_is_list($got)) return false;
    if ($k === "u") return mbxp_match_all($got, $exp, fn($g, $e) => mbxp_eq($g, $e, $t[1]));
    foreach ($exp as $i => $e) {
        if (!mbxp_eq($got[$i], $e, $k === "t" ? $t[1][$i] : $t[1])) return false;
    }
    return true;
}
// A big integer is a GMP number; an int or an exactly integral float of the same value also counts.
function mbxp_big($got, $exp): bool {
    if (is_float($got)) {
        if (!is_finite($got) || $got != floor($got)) return false;
        $got = sprintf("%.0f", $got);
    } elseif (!is_int($got) && !($got instanceof GMP)) return false;
    return gmp_cmp($got, $exp) === 0;
}
function mbxp_any($got, $exp): bool {
    if (is_int($exp)) return mbxp_eq($got, $exp, "i");
    if ($exp instanceof GMP) return mbxp_big($got, $exp);
RECORD_ANY    if (is_float($exp)) return mbxp_close($got, $exp);
    if (!is_array($exp)) return $got === $exp;
    if (!is_array($got) || count($got) !== count($exp)) return false;
    if (array_is_list($exp) && !array_is_list($got)) return false;
    foreach ($exp as $key => $e) {
        if (!array_key_exists($key, $got) || !mbxp_any($got[$key], $e)) return false;
    }
    return true;
}
RECORD_FN
function mbxp_check(int $i, $got, $exp, $t): void {
    if (!mbxp_eq($got, $exp, $t)) {
        fwrite(STDERR, "FAIL_MARKER: test $i got " . substr(var_export($got, true), 0, 200) . "\n");
        exit(FAIL_EXIT);
    }
}
"""

# Only for problems with records (inserted at RECORD_EQ / RECORD_ANY / RECORD_FN in EQUAL).
RECORD_EQ = '    if ($k === "r") return mbxp_record($got, $exp, $t[1]);\n'
RECORD_ANY = '    if (is_object($exp)) return mbxp_record($got, $exp, get_class($exp));\n'
RECORD_FN = r"""function mbxp_record($got, $exp, string $name): bool {
    if ($name === "Complex" && (is_int($got) || is_float($got))) $got = new Complex($got, 0.0);
    if (!($got instanceof $name)) return false;
    foreach (mbxp_record_fields($name) as [$f, $t]) {
        if (!mbxp_eq($got->$f, $exp->$f, $t)) return false;
    }
    return true;
}
function mbxp_record_fields(string $name): array {
    return match ($name) {
RECORDS
    };
}"""


def key_text(key: Any) -> str | None:
    """The PHP array key a tuple key is written as: its items joined by commas, (1, 3) -> "1,3",
    what implode(",", $t) gives. None when that is not one-to-one (nested items, bools, floats,
    strings holding a comma)."""
    if not isinstance(key, (tuple, list)):
        return None
    if all(isinstance(x, int) and not isinstance(x, bool) or isinstance(x, str) and "," not in x for x in key):
        return ",".join(map(str, key))
    return None


def _compound_key(value: Any) -> Any:
    """The first tuple key of a dict anywhere in value, or None."""
    if isinstance(value, dict):
        own = [k for k in value if isinstance(k, (tuple, list))]
        return own[0] if own else next((c for v in value.values() if (c := _compound_key(v)) is not None), None)
    if isinstance(value, (list, tuple, set, frozenset)):
        return next((c for v in value if (c := _compound_key(v)) is not None), None)
    return None


def _bad_values(value: Any) -> str | None:
    if isinstance(value, dict):
        texts = [key_text(k) if isinstance(k, (tuple, list)) else k for k in value]
        if any(isinstance(k, bool) or not isinstance(k, (int, str)) for k in texts):
            return "dict keys that are not int, string or a tuple of those (PHP array keys)"
        if len({str(k) for k in texts}) != len(texts):
            return "dict keys that collide once tuple keys are written as strings"
        items = list(value.values())
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    else:
        return None
    return next((r for v in items if (r := _bad_values(v))), None)


class PhpEmitter(Emitter):
    language = "php"
    records = True
    naming = "camel"
    none_word = "null"
    list_word = "array"

    def function_name(self, p: Problem) -> str:
        name = super().function_name(p)
        return name + "_" if name.lower() in KEYWORDS | BUILTINS else name

    def escape(self, ident: str) -> str:
        return ident + "_" if ident in ("this", "GLOBALS") else ident

    def unsupported(self, p: Problem) -> str | None:
        for name in p.records:
            if name.lower() in KEYWORDS | CLASSES:
                return f"a record class named {name} would clash with a PHP keyword or built-in class"
        types = [prm.type for prm in p.params] + [p.returns] + [f.type for fs in p.records.values() for f in fs]
        if any(_dict_key_kinds(t) - {"int", "long", "str", "any", "tuple", "list"} for t in types):
            return "dict keys that are not int, string or a tuple of those (PHP array keys)"
        return next((r for c in p.tests for v in [*c.args, c.expected] if (r := _bad_values(v))), None)

    # ---- literals ----------------------------------------------------------------------------------
    def literal(self, value: Any, t: Type) -> str:
        if t.kind == "dict" and isinstance(value, dict) and _compound_key(value) is not None:
            return self.lit_dict([(self.lit_str(key_text(k)) if isinstance(k, (tuple, list))
                                   else self.literal(k, t.args[0]), self.literal(v, t.args[1]))
                                  for k, v in value.items()], t)
        return super().literal(value, t)

    def lit_int(self, v: int, t: Type) -> str:
        if not -INT64 <= v < INT64:
            return f'gmp_init("{v}")'
        if t.kind == "bigint":
            return f"gmp_init({v})"
        return "PHP_INT_MIN" if v == -INT64 else str(v)

    def lit_float(self, v: float) -> str:
        if v != v:
            return "NAN"
        if v in (float("inf"), float("-inf")):
            return "INF" if v > 0 else "-INF"
        return float_repr(v)

    def lit_str(self, v: str) -> str:
        out = []
        for ch in v:
            if ch in '"\\$':
                out.append("\\" + ch)
            elif ch in "\n\t\r":
                out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}[ch])
            elif ord(ch) < 32 or ord(ch) == 127:
                out.append(f"\\x{ord(ch):02x}")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'

    def lit_dict(self, items: list[tuple[str, str]], t: Type) -> str:
        return "[" + ", ".join(f"{k} => {v}" for k, v in items) + "]"

    def lit_record(self, value: Record, t: Type) -> str:
        return f"new {value.name}({', '.join(self.literal(v, ft) for _, v, ft in self.record_fields(value))})"

    # ---- records -----------------------------------------------------------------------------------
    def php_type(self, t: Type) -> str:
        """The declared type of a record property."""
        k = t.kind
        simple = {"int": "int", "long": "int", "bigint": "GMP|int", "float": "float", "str": "string",
                  "bool": "bool", "none": "null", "any": "mixed", "record": t.name}
        if k in simple:
            return str(simple[k])
        if k == "optional":
            inner = self.php_type(t.elem)
            return inner if inner in ("mixed", "null") else inner + "|null" if "|" in inner else "?" + inner
        return "array"

    def record_class(self, p: Problem, name: str) -> str:
        fields = p.records[name]
        props = "".join(f"        public {self.php_type(f.type)} ${self.field_name(f.name)}"
                        f"{' = null' if i >= optional_tail(fields) else ''},\n" for i, f in enumerate(fields))
        return f"class {name} {{\n    public function __construct(\n{props}    ) {{}}\n}}\n"

    def field_name(self, python_name: str) -> str:
        return python_name   # property names are case-sensitive and never clash with keywords

    def record_table(self, p: Problem) -> str:
        """The match arms of mbxp_record_fields: each record's [property, descriptor] pairs."""
        return ",\n".join(f'        "{name}" => [' + ", ".join(
            f'["{self.field_name(f.name)}", {self.descriptor(f.type)}]' for f in fs) + "]"
            for name, fs in p.records.items())

    # ---- comparison descriptor ---------------------------------------------------------------------
    def descriptor(self, t: Type) -> str:
        k = t.kind
        simple = {"int": '"i"', "long": '"i"', "bigint": '"b"', "float": '"f"', "str": '"x"', "bool": '"x"', "none": '"n"',
                  "any": '"a"'}
        if k in simple:
            return simple[k]
        if k in ("optional", "list", "set"):
            return f'["{ {"optional": "o", "list": "l", "set": "s"}[k]}", {self.descriptor(t.elem)}]'
        if k == "tuple":
            return f'["t", [{", ".join(self.descriptor(a) for a in t.args)}]]'
        if k == "dict":
            return f'["d", {self.descriptor(t.args[1])}]'
        if k == "record":
            return f'["r", "{t.name}"]'
        raise ValueError(f"php: no descriptor for {t}")

    def result_descriptor(self, p: Problem) -> str:
        t = p.returns
        if p.compare == "unordered" and t.kind in ("list", "tuple"):
            return f'["u", {self.descriptor(t.elem) if t.kind == "list" else chr(34) + "a" + chr(34)}]'
        return self.descriptor(t)

    # ---- texts -------------------------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        return "<?php\n" + "".join(self.record_class(p, name) + "\n" for name in self.record_order(p))

    def prompt(self, p: Problem) -> str:
        lines = self.describe(p).splitlines()
        key = next((k for c in p.examples + p.tests for v in [*c.args, c.expected]
                    if (k := _compound_key(v)) is not None), None)
        if key is not None:
            lines.append(f"Tuple keys are strings of their items joined by commas: the key "
                         f"{self.literal(list(key), Type('list', (Type('any'),)))} is {self.lit_str(key_text(key))}.")
        big = next((v for c in p.examples + p.tests for v in leaves([*c.args, c.expected], _is_big)), None)
        if big is not None:
            lines.append(f"Integers that may not fit in 64 bits are GMP numbers, like {self.lit_int(big, BIGINT)}.")
        for call, result in self.examples(p):
            lines += [f"> {call}", result]
        doc = "\n".join((" * " + ln).rstrip() for ln in lines).replace("*/", "*\\/")
        params = ", ".join("$" + self.name(prm.name) for prm in p.params)
        return f"{self.header(p)}/**\n{doc}\n */\nfunction {self.function_name(p)}({params}) {{\n"

    def test(self, p: Problem) -> str:
        fn = self.function_name(p)
        checks = []
        for i, case in enumerate(p.tests):
            args = ", ".join(self.literal(v, prm.type) for v, prm in zip(case.args, p.params))
            checks.append(f"mbxp_check({i}, {fn}({args}), {self.literal(case.expected, p.returns)}, $mbxpType);")
        equal = (EQUAL.replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
                 .replace("FAIL_MARKER", FAIL_MARKER).replace("FAIL_EXIT", str(FAIL_EXIT)))
        # Records last, so a field's name is never taken for a placeholder.
        equal = (equal.replace("RECORD_EQ", RECORD_EQ if p.records else "")
                 .replace("RECORD_ANY", RECORD_ANY if p.records else "")
                 .replace("RECORD_FN\n", RECORD_FN.replace("RECORDS", self.record_table(p)) + "\n" if p.records else ""))
        return (f"\n{equal}\n$mbxpType = {self.result_descriptor(p)};\n" + "\n".join(checks)
                + f'\necho "{PASS_MARKER}\\n";\n')

    def oracle(self, p: Problem, results: list[Any]) -> str:
        items = ",\n        ".join(self.literal(r, p.returns) for r in results)
        return ("    static $mbxpCalls = 0;\n    $mbxpCalls++;\n"
                f"    $mbxpResults = [\n        {items},\n    ];\n"
                "    return $mbxpResults[$mbxpCalls - 1];\n}\n")


def optional_tail(fields) -> int:
    """The index from which every field is optional: those default to null, so `new Node(5)` is a leaf."""
    i = len(fields)
    while i > 0 and fields[i - 1].type.kind in ("optional", "none"):
        i -= 1
    return i


def _is_big(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and not -INT64 <= v < INT64


def _dict_key_kinds(t: Type) -> set[str]:
    own = {t.args[0].kind} if t.kind == "dict" else set()
    return own.union(*(_dict_key_kinds(a) for a in t.args))


EMITTER = PhpEmitter()
