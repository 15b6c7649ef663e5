"""Python: the reference emitter. Values render with repr(); comparison keeps Python's ==,
except that floats anywhere are compared with tolerance."""
from __future__ import annotations

from typing import Any

from ..ir import Problem
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, sort_key_values

EQUAL = '''
def _mbxp_equal(a, b):
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
            return math.isclose(a, b, rel_tol=REL, abs_tol=ABS)
        return False
    # Python's == otherwise: a list never equals a tuple, a Counter equals a dict
    for kind in (list, tuple, dict):
        if isinstance(a, kind) != isinstance(b, kind):
            return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_mbxp_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_mbxp_equal(a[k], b[k]) for k in a)
    return a == b
'''


def py_literal(v: Any) -> str:
    """repr(), except that sets are sorted so two builds are byte-identical."""
    if isinstance(v, (set, frozenset)):
        return "{" + ", ".join(py_literal(x) for x in sort_key_values(v)) + "}" if v else "set()"
    if isinstance(v, list):
        return "[" + ", ".join(py_literal(x) for x in v) + "]"
    if isinstance(v, tuple):
        return "(" + ", ".join(py_literal(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{py_literal(k)}: {py_literal(x)}" for k, x in v.items()) + "}"
    return repr(v)


class PythonEmitter(Emitter):
    language = "python"
    naming = "snake"
    none_word = "None"

    def describe(self, p: Problem) -> str:
        return p.description.strip()

    def header(self, p: Problem) -> str:
        if p.python_prompt:
            return p.python_prompt[:p.python_prompt.index(f"def {p.entry_point}(")]
        imports = p.meta.get("imports") or []
        return "\n".join(imports) + ("\n\n" if imports else "")

    def prompt(self, p: Problem) -> str:
        if p.python_prompt:
            return p.python_prompt
        lines = [self.describe(p)]
        for case in p.examples:
            lines.append(f">>> {p.entry_point}({', '.join(map(py_literal, case.args))})")
            lines.append(py_literal(case.expected))
        doc = "\n".join("    " + ln if ln.strip() else "" for ln in "\n".join(lines).splitlines())
        params = ", ".join(prm.name for prm in p.params)
        return f'{self.header(p)}def {p.entry_point}({params}):\n    """\n{doc}\n    """\n'

    def test(self, p: Problem) -> str:
        cases = ",\n    ".join(f"({py_literal(tuple(c.args))}, {py_literal(c.expected)})" for c in p.tests)
        compare = "_mbxp_equal(sorted(got, key=repr), sorted(expected, key=repr))" \
            if p.compare == "unordered" else "_mbxp_equal(got, expected)"
        return (f"\n\nimport math as math, sys as _mbxp_sys\n"
                + EQUAL.replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
                + f"\n_MBXP_CASES = [\n    {cases},\n]\n\n"
                f"def _mbxp_check(candidate):\n"
                f"    for i, (args, expected) in enumerate(_MBXP_CASES):\n"
                f"        got = candidate(*args)\n"
                f"        if not {compare}:\n"
                f"            print('{FAIL_MARKER}: test', i, 'got', repr(got)[:200], file=_mbxp_sys.stderr)\n"
                f"            _mbxp_sys.exit({FAIL_EXIT})\n\n"
                f"_mbxp_check({p.entry_point})\nprint('{PASS_MARKER}')\n")

    def oracle(self, p: Problem, results: list[Any]) -> str:
        return (f"    _calls = globals().setdefault('_mbxp_oracle_calls', [0])\n"
                f"    _calls[0] += 1\n"
                f"    return {py_literal(results)}[_calls[0] - 1]\n")


EMITTER = PythonEmitter()
