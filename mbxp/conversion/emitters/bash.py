"""Bash 5.2, encoded as MultiPL-E does: every argument is one string ("$1", "$2"...), the function
prints its result on stdout, and the test compares the captured text.

Encoding (stated in the doc comment for each parameter and the result):
- integers and floats as decimal text (floats in positional notation, so bc and awk read them),
  booleans `true`/`false`, None `None`, strings as they are;
- a list, tuple or set of scalars: its elements separated by spaces (sets sorted);
- a container of containers: one inner container per line, its elements separated by spaces;
- a dict: one `key,value` line per entry, the value encoded like an inner container.
Dropped, with the reason: deeper nesting, strings that are empty or hold whitespace (or a comma,
in a dict) inside a container, strings with a NUL byte.

Comparison: a scalar string, integer or boolean result must match exactly (after the trailing
newlines `$(...)` removes). Other results are compared token by token, ignoring runs of blanks:
numbers with tolerance where a float is involved (integers always exactly), dict lines in any
order, set elements in any order. If the output is wrong and the function exited non-zero, that
is a runtime error, not a failed test.
"""
from __future__ import annotations

import decimal
from typing import Any

from ..ir import Problem, Type
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

CHECK = '''
IFS= read -r -d '' MBXP_AWK <<'MBXP_AWK_END'
AWK_PROGRAM
MBXP_AWK_END

mbxp_check() {  # index, exit status, output, expected, mode ("exact" or awk mode letters)
    if [[ $5 == exact ]]; then
        [[ "$3" == "$4" ]] && return 0
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

    def unsupported(self, p: Problem) -> str | None:
        try:
            for case in p.tests:
                for v, prm in zip(case.args, p.params):
                    self.encode(v, prm.type)
                self.encode(case.expected, p.returns)
        except Unencodable as e:
            return str(e)
        return None

    # ---- encoding ----------------------------------------------------------------------------
    def encode(self, v: Any, t: Type, level: int = 0, strict: bool = True) -> str:
        """The text of value v of type t; level 0 is the whole argument or output. Not strict (the
        oracle's perturbed results), an unencodable empty string shows as "" so it still differs."""
        if t.kind == "optional":
            t = t.elem if v is not None else t
        if v is None:
            return "None"
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

    def describe_type(self, t: Type) -> str:
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

    def mode(self, p: Problem) -> str:
        t = p.returns
        if t.kind == "optional":
            t = t.elem
        if t.kind in ("str", "int", "long", "bigint", "bool", "none") and p.compare == "exact":
            return "exact"
        floats = t.contains("float") or (t.contains("any") and any(
            has_float(c.expected) for c in p.tests))
        letters = "F" if floats else ""
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
        return "#!/bin/bash\n"

    def prompt(self, p: Problem) -> str:
        doc = [self.describe(p)]
        params = [f"${i + 1} is {self.describe_type(prm.type)}" for i, prm in enumerate(p.params)]
        if params:
            doc += [""] + params
        doc.append(f"Prints the result: {self.describe_type(p.returns)}")
        examples = [(self.call(p, case.args), self.encode(case.expected, p.returns)) for case in p.examples]
        if examples:
            doc.append("Examples:")
        for call, result in examples:
            doc += [f">>> {call}", result]
        return f"{self.header(p)}{comment_lines(chr(10).join(doc), '# ')}\n{self.function_name(p)}() {{\n"

    def call(self, p: Problem, args: list[Any]) -> str:
        return " ".join([self.function_name(p)] + [quote(self.encode(v, prm.type)) for v, prm in zip(args, p.params)])

    def test(self, p: Problem) -> str:
        check = (CHECK.replace("AWK_PROGRAM", AWK.strip()).replace("FAIL_MARKER", FAIL_MARKER)
                 .replace("FAIL_EXIT", str(FAIL_EXIT)).replace("REL", repr(float(p.rel_tol)))
                 .replace("ABS", repr(float(p.abs_tol))))
        mode = self.mode(p)
        lines = []
        for i, case in enumerate(p.tests):
            expected = quote(self.encode(case.expected, p.returns).rstrip("\n"))
            lines.append(f'mbxp_got=$({self.call(p, case.args)}); mbxp_check {i} $? "$mbxp_got" {expected} {mode}')
        return "\n" + check + "\n" + "\n".join(lines) + f"\necho {PASS_MARKER}\n"

    def oracle(self, p: Problem, results: list[Any]) -> str:
        # The function runs in a $(...) subshell, so the call counter lives in a file.
        cases = "\n".join(f"        {i + 1}) printf '%s\\n' {quote(self.encode(r, p.returns, strict=False))} ;;"
                          for i, r in enumerate(results))
        return ("    local mbxp_n=$(( $(cat .mbxp_oracle_calls 2>/dev/null || echo 0) + 1 ))\n"
                "    echo \"$mbxp_n\" > .mbxp_oracle_calls\n"
                f"    case $mbxp_n in\n{cases}\n    esac\n}}\n")


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
