"""Bash 5.2, encoded as MultiPL-E does: every argument is one string ("$1", "$2"...), the function
prints its result on stdout, and the test compares the captured text.

Plain encoding (stated in the doc comment for each parameter and the result):
- integers and floats as decimal text (floats in positional notation, so bc and awk read them),
  booleans `true`/`false`, None `None`, strings as they are;
- a list, tuple or set of scalars: its elements separated by spaces (sets sorted);
- a container of containers: one inner container per line, its elements separated by spaces;
- a dict: one `key,value` line per entry, the value encoded like an inner container.

JSON encoding: a problem whose values the plain encoding cannot express (deeper nesting, a dict
inside a container, strings that are empty or hold whitespace inside a container, a comma in a
dict entry) passes and prints every container- or any-typed value as JSON text instead (arrays
for lists, tuples and sets, objects for dicts with keys as strings, null for None), e.g.
`sort_marks '[["Social sciences", 82], ["Maths", 97]]'` printing `[["Maths", 97], ...]`; scalar
parameters and results stay plain. The doc comment says which values are JSON and that jq is
there to read and write them (jq must be installed next to bash). Plain stays the default so the
problems it expresses read as MultiPL-E's. Dropped: strings with a NUL byte (a Bash string cannot
hold one), JSON-mode values JSON cannot hold (non-finite floats, container dict keys).

Records (class instances, and Python's complex as the record Complex) have no plain encoding, so
they put a problem in JSON mode: a record is a JSON object keyed by its Python field names,
`{"data": 1, "left": null, "right": null}`, `{"real": 0.0, "imag": 1.0}`. The header (after the
shebang, before the doc comment) declares each one's keys and their JSON types; the doc comment
then names values by the record, e.g. "$1 is a JSON array of Pairs". A record compares as an
object does (same keys, each value equal). Dropped: a set inside a record (sorting it for an
order-free comparison would need a recursive jq filter for a recursive record).

Comparison: a scalar string, integer or boolean result must match exactly (after the trailing
newlines `$(...)` removes). Other plain results are compared token by token, ignoring runs of
blanks: numbers with tolerance where a float is involved (integers always exactly), dict lines in
any order, set elements in any order. JSON results are parsed by jq and compared structurally
(numbers with tolerance where a float is involved, sets and unordered results sorted first); text
that is not one JSON value fails. If the output is wrong and the function exited non-zero, that
is a runtime error, not a failed test.
"""
from __future__ import annotations

import decimal
import json
import math
from typing import Any

from ..ir import Problem, Record, Type
from ..types import finish, infer
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, comment_lines, sort_key_values

KEYWORDS = """if then else elif fi case esac for select while until do done in function time coproc
alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs
disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local
logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend
test times trap true type typeset ulimit umask unalias unset wait"""
# Commands a solution is likely to call: a function of the same name would shadow them.
COMMANDS = """awk basename bc cat chmod cmp comm convert cp cut date dc diff dirname du env expand
expr factor file find fmt fold grep head join last ls mkdir mktemp mv nl od paste perl printenv
python3 rev rm sed seq shuf sleep sort split stat sum tac tail tee touch tr truncate tsort uniq wc
xargs yes"""
RESERVED = frozenset((KEYWORDS + " " + COMMANDS).split())

SCALARS = ("bool", "int", "long", "bigint", "float", "str", "none")
CONTAINERS = (list, tuple, set, frozenset, dict)

# mawk-compatible: compare ENVIRON["MBXP_GOT"] with ENVIRON["MBXP_EXP"] under `mode` letters:
# F numbers with tolerance, L lines in any order, T tokens of a line in any order, C commas split.
AWK = r'''
function isnum(s) { return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
function isint(s) { return s ~ /^[-+]?[0-9]+$/ }
function absv(x) { return x < 0 ? -x : x }
function near(a, b,   m) {
  a += 0; b += 0
  if (a == b) return 1
  m = absv(a) > absv(b) ? absv(a) : absv(b)
  return absv(a - b) <= (rel * m > tol ? rel * m : tol)
}
function same(a, b) {
  if ((a "") == (b "")) return 1
  return index(mode, "F") && isnum(a) && isnum(b) && !(isint(a) && isint(b)) && near(a, b)
}
function sortarr(arr, n,   i, j, t) {
  for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j > 0 && arr[j] > t; j--) arr[j + 1] = arr[j]; arr[j + 1] = t }
}
function canon(text, out,   n, i, lines, toks, m, j, s) {
  n = split(text, lines, "\n")
  while (n > 0 && lines[n] ~ /^[ \t]*$/) n--
  for (i = 1; i <= n; i++) {
    s = lines[i]
    if (index(mode, "C")) gsub(/,/, " ", s)
    gsub(/^[ \t]+|[ \t]+$/, "", s)
    m = s == "" ? 0 : split(s, toks, /[ \t]+/)
    if (index(mode, "T")) sortarr(toks, m)
    s = ""
    for (j = 1; j <= m; j++) s = s (j > 1 ? " " : "") toks[j]
    out[i] = s
  }
  if (index(mode, "L")) sortarr(out, n)
  return n
}
BEGIN {
  n = canon(ENVIRON["MBXP_GOT"], ga)
  if (n != canon(ENVIRON["MBXP_EXP"], wa)) exit 1
  for (i = 1; i <= n; i++) {
    a = split(ga[i], g, " "); b = split(wa[i], e, " ")
    if (a != b) exit 1
    for (j = 1; j <= a; j++) if (!same(g[j], e[j])) exit 1
  }
  exit 0
}
'''

# jq 1.6: is $g (the output) structurally $e (expected) after `canon` (sorting sets), numbers
# within tolerance when $F.
JQ = r'''
def canon: CANON;
def near($a; $b): $a == $b or (($a - $b) | fabs) <= ([$rel * ([($a | fabs), ($b | fabs)] | max), $tol] | max);
def same($a; $b):
  ($a | type) as $t
  | if $t != ($b | type) then false
    elif $t == "number" then (if $F then near($a; $b) else $a == $b end)
    elif $t == "array" then ($a | length) == ($b | length) and all(range(0; $a | length); same($a[.]; $b[.]))
    elif $t == "object" then ($a | keys) == ($b | keys) and all($a | keys[]; same($a[.]; $b[.]))
    else $a == $b end;
same($g | canon; $e | canon)
'''

JSON_CHECK = '''
IFS= read -r -d '' MBXP_JQ <<'MBXP_JQ_END'
JQ_PROGRAM
MBXP_JQ_END
'''

CHECK = '''
IFS= read -r -d '' MBXP_AWK <<'MBXP_AWK_END'
AWK_PROGRAM
MBXP_AWK_END
JSON_CHECK
mbxp_check() {  # index, exit status, output, expected, mode ("exact", "json" or awk mode letters)
    if [[ $5 == exact ]]; then
        [[ "$3" == "$4" ]] && return 0
    elif [[ $5 == json ]]; then
        jq -ne --argjson g "$3" --argjson e "$4" --argjson rel REL --argjson tol ABS \\
            --argjson F FLOATS "$MBXP_JQ" >/dev/null 2>&1 && return 0
    else
        MBXP_GOT="$3" MBXP_EXP="$4" awk -v mode="$5" -v rel=REL -v tol=ABS "$MBXP_AWK" && return 0
    fi
    if [[ $2 != 0 ]]; then
        echo "the function exited with status $2 and printed ${3:0:200}" >&2
        exit 1
    fi
    echo "FAIL_MARKER: test $1 got ${3:0:200}" >&2
    exit FAIL_EXIT
}
'''


class Unencodable(ValueError):
    pass


class BashEmitter(Emitter):
    language = "bash"
    naming = "snake"
    reserved = RESERVED
    none_word = "None"
    records = True

    def unsupported(self, p: Problem) -> str | None:
        if any(f.type.contains("set") for fields in p.records.values() for f in fields):
            return "a set inside a record: its JSON array would be compared in order"
        if not self.json_mode(p):
            return None
        try:
            self.encode_all(p, True)
        except Unencodable as e:
            return str(e)
        return None

    def json_mode(self, p: Problem) -> bool:
        """Whether the problem needs JSON: the plain encoding cannot express one of its values."""
        try:
            self.encode_all(p, False)
        except Unencodable:
            return True
        return False

    def encode_all(self, p: Problem, json_mode: bool) -> None:
        for case in p.tests:
            for v, prm in zip(case.args, p.params):
                self.text(v, prm.type, json_mode)
            self.text(case.expected, p.returns, json_mode)

    # ---- encoding ----------------------------------------------------------------------------
    def text(self, v: Any, t: Type, json_mode: bool, strict: bool = True) -> str:
        """The text of a whole argument or output in the problem's encoding."""
        if json_mode and is_json_type(t):
            return json.dumps(self.jsonable(v, t), ensure_ascii=False)
        return self.encode(v, t, 0, strict)

    def jsonable(self, v: Any, t: Type) -> Any:
        if t.kind == "optional":
            t = t.elem if v is not None else t
        if v is None:
            return None
        if t.kind == "any":
            t = finish(infer(v))
        if isinstance(v, bool):
            return v
        if isinstance(v, int):
            return float(v) if t.kind == "float" else v
        if isinstance(v, float):
            if not math.isfinite(v):
                raise Unencodable("a non-finite float inside a container: JSON has none")
            return v
        if isinstance(v, str):
            if "\0" in v:
                raise Unencodable("a string with a NUL byte: Bash strings cannot hold one")
            return v
        if isinstance(v, Record):
            return {name: self.jsonable(x, ft) for name, x, ft in self.record_fields(v)}
        if isinstance(v, dict):
            kt, vt = t.args if t.kind == "dict" else (Type("any"), Type("any"))
            out = {}
            for k, x in v.items():
                if isinstance(k, CONTAINERS):
                    raise Unencodable("a dict with container keys: JSON object keys are strings")
                key = k if isinstance(k, str) else json.dumps(self.jsonable(k, kt))
                if key in out:
                    raise Unencodable("dict keys that collide as JSON object keys")
                out[key] = self.jsonable(x, vt)
            return out
        items = sort_key_values(v) if isinstance(v, (set, frozenset)) else list(v)
        types = t.args if t.kind == "tuple" else [t.elem if t.args else Type("any")] * len(items)
        if len(types) != len(items):
            types = [Type("any")] * len(items)
        return [self.jsonable(x, a) for x, a in zip(items, types)]

    def encode(self, v: Any, t: Type, level: int = 0, strict: bool = True) -> str:
        """The plain text of value v of type t; level 0 is the whole argument or output. Not strict
        (the oracle's perturbed results), an unencodable empty string shows as "" so it still differs."""
        if t.kind == "optional":
            t = t.elem if v is not None else t
        if v is None:
            return "None"
        if isinstance(v, Record):
            raise Unencodable("a record: no plain-text encoding")
        if t.kind == "any":
            t = finish(infer(v))
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v) if t.kind != "float" else positional(float(v))
        if isinstance(v, float):
            return positional(v)
        if isinstance(v, str):
            if "\0" in v:
                raise Unencodable("a string with a NUL byte: Bash strings cannot hold one")
            if level > 0 and not v and not strict:
                return '""'
            if level > 0 and (not v or any(c.isspace() for c in v)) and strict:
                raise Unencodable("an empty string or one with whitespace inside a container: "
                                  "elements are separated by blanks")
            return v
        if level >= 2:
            raise Unencodable("containers nested more than two levels deep: no plain-text encoding")
        if isinstance(v, dict):
            if level > 0:
                raise Unencodable("a dict inside a container: no plain-text encoding")
            kt, vt = t.args if t.kind == "dict" else (Type("any"), Type("any"))
            lines = []
            for k, x in v.items():
                key, val = self.encode(k, kt, 1, strict), self.encode(x, vt, 1, strict)
                if ("," in key or "," in val) and strict:
                    raise Unencodable("a comma in a dict key or value: entries are key,value lines")
                lines.append(f"{key},{val}")
            return "\n".join(lines)
        items = sort_key_values(v) if isinstance(v, (set, frozenset)) else list(v)
        types = t.args if t.kind == "tuple" else [t.elem if t.args else Type("any")] * len(items)
        nested = any(isinstance(x, CONTAINERS) for x in items)
        if nested and level > 0:
            raise Unencodable("containers nested more than two levels deep: no plain-text encoding")
        return ("\n" if nested else " ").join(self.encode(x, a, level + 1, strict)
                                              for x, a in zip(items, types))

    def describe_type(self, t: Type, json_mode: bool = False) -> str:
        if json_mode and is_json_type(t):
            return "a JSON " + json_noun(t)
        k = t.kind
        if k == "optional":
            return self.describe_type(t.elem) + ' or "None"'
        if k in ("int", "long", "bigint"):
            return "an integer"
        if k == "float":
            return "a floating point number"
        if k == "str":
            return "a string"
        if k == "bool":
            return "true or false"
        if k == "dict":
            return "a two column CSV in key,value order, one entry per line"
        if k in ("list", "tuple", "set"):
            inner = t.args if k == "tuple" else t.args[:1]
            if any(a.kind in ("list", "tuple", "set", "dict", "any") for a in inner):
                return "a newline-separated list of space-separated lists"
            return "a space-separated list" + (" (in any order)" if k == "set" else "")
        return "a value"

    def floats(self, p: Problem) -> bool:
        t = p.returns
        return has_float_type(t, p) or (t.contains("any") and any(has_float(c.expected) for c in p.tests))

    def mode(self, p: Problem, json_mode: bool = False) -> str:
        t = p.returns
        if json_mode and is_json_type(t):
            return "json"
        if t.kind == "optional":
            t = t.elem
        if t.kind in ("str", "int", "long", "bigint", "bool", "none") and p.compare == "exact":
            return "exact"
        letters = "F" if self.floats(p) else ""
        if t.kind == "dict":
            letters += "LC"
        elif t.kind == "set":
            letters += "L" if t.elem.kind in ("tuple", "list") else "T"
        elif t.kind in ("list", "tuple") and any(a.kind == "set" for a in t.args):
            letters += "T"
        if p.compare == "unordered":
            letters += "L" if any(isinstance(x, CONTAINERS) for c in p.tests
                                  for x in (c.expected or [])) else "T"
        return letters or "-"

    # ---- texts -------------------------------------------------------------------------------
    def header(self, p: Problem) -> str:
        records = "".join(self.record_doc(p, name) for name in self.record_order(p))
        return "#!/bin/bash\n" + (records + "\n" if records else "")

    def record_doc(self, p: Problem, name: str) -> str:
        keys = ", ".join(f'"{f.name}": {json_noun(f.type)}' for f in p.records[name])
        return f"# A {name} is a JSON object {{{keys}}}.\n"

    def field_name(self, python_name: str) -> str:
        return python_name   # a JSON key, not a shell word

    def prompt(self, p: Problem) -> str:
        js = self.json_mode(p)
        doc = [self.describe(p)]
        params = [f"${i + 1} is {self.describe_type(prm.type, js)}" for i, prm in enumerate(p.params)]
        if params:
            doc += [""] + params
        doc.append(f"Prints the result: {self.describe_type(p.returns, js)}")
        if js:
            keys = any(t.contains("dict") or t.contains("any") for t in [p.returns] + [q.type for q in p.params])
            doc.append("JSON values can be read and printed with jq" + ("; object keys are strings." if keys else "."))
        examples = [(self.call(p, case.args, js), self.text(case.expected, p.returns, js)) for case in p.examples]
        if examples:
            doc.append("Examples:")
        for call, result in examples:
            doc += [f">>> {call}", result]
        return f"{self.header(p)}{comment_lines(chr(10).join(doc), '# ')}\n{self.function_name(p)}() {{\n"

    def call(self, p: Problem, args: list[Any], json_mode: bool = False) -> str:
        return " ".join([self.function_name(p)] + [quote(self.text(v, prm.type, json_mode))
                                                   for v, prm in zip(args, p.params)])

    def test(self, p: Problem) -> str:
        js = self.json_mode(p)
        mode = self.mode(p, js)
        jq = JSON_CHECK.replace("JQ_PROGRAM", JQ.strip().replace("CANON", canon(p.returns, p.compare == "unordered")))
        check = (CHECK.replace("AWK_PROGRAM", AWK.strip()).replace("FAIL_MARKER", FAIL_MARKER)
                 .replace("FAIL_EXIT", str(FAIL_EXIT)).replace("REL", repr(float(p.rel_tol)))
                 .replace("ABS", repr(float(p.abs_tol))).replace("FLOATS", "true" if self.floats(p) else "false")
                 .replace("JSON_CHECK", jq if mode == "json" else ""))
        lines = []
        for i, case in enumerate(p.tests):
            expected = quote(self.text(case.expected, p.returns, js).rstrip("\n"))
            lines.append(f'mbxp_got=$({self.call(p, case.args, js)}); mbxp_check {i} $? "$mbxp_got" {expected} {mode}')
        return "\n" + check + "\n" + "\n".join(lines) + f"\necho {PASS_MARKER}\n"

    def oracle(self, p: Problem, results: list[Any]) -> str:
        # The function runs in a $(...) subshell, so the call counter lives in a file.
        js = self.json_mode(p)
        cases = "\n".join(f"        {i + 1}) printf '%s\\n' {quote(self.text(r, p.returns, js, strict=False))} ;;"
                          for i, r in enumerate(results))
        return ("    local mbxp_n=$(( $(cat .mbxp_oracle_calls 2>/dev/null || echo 0) + 1 ))\n"
                "    echo \"$mbxp_n\" > .mbxp_oracle_calls\n"
                f"    case $mbxp_n in\n{cases}\n    esac\n}}\n")


def is_json_type(t: Type) -> bool:
    """Values of these types are JSON text in a JSON-mode problem; scalars stay plain."""
    if t.kind == "optional":
        return is_json_type(t.elem)
    return t.kind in ("list", "tuple", "set", "dict", "any", "record")


def has_float_type(t: Type, p: Problem, seen: frozenset = frozenset()) -> bool:
    """Whether a value of type t can hold a float, looking into records (each once)."""
    if t.kind == "record":
        return t.name not in seen and any(has_float_type(f.type, p, seen | {t.name}) for f in p.records[t.name])
    return t.kind == "float" or any(has_float_type(a, p, seen) for a in t.args)


NOUNS = {"int": "integer", "long": "integer", "bigint": "integer", "float": "number", "str": "string",
         "bool": "boolean", "none": "null", "any": "value"}


def json_noun(t: Type, plural: bool = False) -> str:
    """How the doc comment names a JSON type: "array of [string, integer] arrays"."""
    k, s = t.kind, "s" if plural else ""
    if k == "optional":
        return f"{json_noun(t.elem, plural)} or null{s}"
    if k in ("list", "set"):
        order = " (in any order)" if k == "set" else ""
        return f"array{s} of {json_noun(t.elem, True)}{order}"
    if k == "tuple":
        return "[" + ", ".join(json_noun(a) for a in t.args) + f"] array{s}"
    if k == "dict":
        return f"object{s} mapping {json_noun(t.args[0], True)} to {json_noun(t.args[1], True)}"
    if k == "record":
        return t.name + s
    return NOUNS.get(k, "value") + s


def canon(t: Type, unordered: bool = False) -> str:
    """A jq filter that sorts the sets in a value of type t (and the top level when unordered), so
    that order does not matter there; a value of another shape is left for `same` to reject."""
    k = t.kind
    if k == "optional":
        return canon(t.elem, unordered)
    if k in ("list", "set"):
        inner = canon(t.elem)
        body = ("map(" + inner + ")" if inner != "." else "") + (" | sort" if k == "set" or unordered else "")
        body = body.strip(" |")
        return f'(if type == "array" then {body} else . end)' if body else "."
    if k == "tuple":
        inner = [canon(a) for a in t.args]
        if all(c == "." for c in inner):
            return "."
        items = ", ".join(f"(.[{i}] | {c})" for i, c in enumerate(inner))
        return f'(if type == "array" and length == {len(inner)} then [{items}] else . end)'
    if k == "dict":
        inner = canon(t.args[1])
        return f'(if type == "object" then map_values({inner}) else . end)' if inner != "." else "."
    return "."


def positional(v: float) -> str:
    """A float in positional notation (1e-05 -> 0.00001), exactly the digits of repr(v)."""
    if v != v or v in (float("inf"), float("-inf")):
        return {True: "inf", False: "-inf"}[v > 0] if v == v else "nan"
    text = format(decimal.Decimal(repr(v)), "f")
    return text if "." in text else text + ".0"


def quote(s: str) -> str:
    """A shell word for s: bare when safe, '...' in general, $'...' for newlines and controls."""
    if s and all(c.isalnum() or c in "@%+=:,./-_" for c in s):
        return s
    if not any(ord(c) < 32 or ord(c) == 127 for c in s):
        return "'" + s.replace("'", "'\\''") + "'"
    out = []
    for c in s:
        if c in "\\'":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 32 or ord(c) == 127:
            out.append(f"\\x{ord(c):02x}")
        else:
            out.append(c)
    return "$'" + "".join(out) + "'"


def has_float(v: Any) -> bool:
    if isinstance(v, float):
        return True
    if isinstance(v, dict):
        return any(has_float(x) for x in v.values())
    if isinstance(v, (list, tuple, set, frozenset)):
        return any(has_float(x) for x in v)
    return False


EMITTER = BashEmitter()
