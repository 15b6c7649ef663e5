"""Python: the reference emitter. Values render with repr(); comparison keeps Python's ==,
except that floats anywhere are compared with tolerance.

Records: the prompt defines each record class as the reference's code did (its ClassDef source);
the record `Complex` is Python's complex. Tests and oracles build instances with `_mbxp_new(Class,
field=value, ...)` (it sets the attributes without calling __init__, whose signature is the
problem's), and compare them by class name and attributes; the doc comment shows
`Class(field=value, ...)`.
"""
from __future__ import annotations

import ast
from typing import Any

from ..analysis import parse
from ..ir import COMPLEX, Problem, Record
from .base import FAIL_EXIT, FAIL_MARKER, PASS_MARKER, Emitter, sort_key_values

EQUAL = '''
def _mbxp_equal(a, b):
RECORDS    if isinstance(a, float) or isinstance(b, float):
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

# Inserted at the top of _mbxp_equal for problems with records (NAMES: the record classes).
RECORD_EQUAL = '''    if isinstance(a, complex) or isinstance(b, complex):
        if not all(isinstance(x, (int, float, complex)) and not isinstance(x, bool) for x in (a, b)):
            return False
        return _mbxp_equal(complex(a).real, complex(b).real) and _mbxp_equal(complex(a).imag, complex(b).imag)
    if type(b).__name__ in NAMES:
        return type(a).__name__ == type(b).__name__ and vars(a).keys() == vars(b).keys() and \\
            all(_mbxp_equal(vars(a)[k], vars(b)[k]) for k in vars(b))
'''

NEW = '''
def _mbxp_new(_cls, /, **fields):
    obj = _cls.__new__(_cls)
    obj.__dict__.update(fields)
    return obj
'''


def py_literal(v: Any, display: bool = False) -> str:
    """repr(), except that sets are sorted so two builds are byte-identical; records are built
    with _mbxp_new, or shown as Class(field=value) when `display`."""
    if isinstance(v, (set, frozenset)):
        return "{" + ", ".join(py_literal(x, display) for x in sort_key_values(v)) + "}" if v else "set()"
    if isinstance(v, list):
        return "[" + ", ".join(py_literal(x, display) for x in v) + "]"
    if isinstance(v, tuple):
        return "(" + ", ".join(py_literal(x, display) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{py_literal(k, display)}: {py_literal(x, display)}" for k, x in v.items()) + "}"
    if isinstance(v, type):
        return v.__name__  # a builtin type passed as a value (MBPP/533)
    if isinstance(v, Record):
        if v.name == COMPLEX:
            return repr(complex(v.fields["real"], v.fields["imag"]))
        fields = ", ".join(f"{k}={py_literal(x, display)}" for k, x in v.fields.items())
        return f"{v.name}({fields})" if display else f"_mbxp_new({v.name}{', ' if fields else ''}{fields})"
    return repr(v)


def class_sources(p: Problem) -> list[str]:
    """The reference's definition of each record class (a plain __init__ over the fields when the
    class is not in the reference's code)."""
    found = {}
    if p.canonical_solution:
        code = p.canonical_solution
        for node in parse(code).body:   # without the sources' escape warnings
            if isinstance(node, ast.ClassDef) and node.name in p.records:
                seg = ast.get_source_segment(code, node) or ""
                found[node.name] = "\n".join(line.rstrip() for line in seg.splitlines())
    out = []
    for name, fields in p.records.items():
        if name == COMPLEX:
            continue
        if name not in found:
            args = ", ".join(["self"] + [f.name for f in fields])
            body = "".join(f"\n        self.{f.name} = {f.name}" for f in fields) or "\n        pass"
            found[name] = f"class {name}:\n    def __init__({args}):{body}"
        out.append(found[name])
    return out


class PythonEmitter(Emitter):
    language = "python"
    naming = "snake"
    none_word = "None"
    records = True

    def describe(self, p: Problem) -> str:
        return p.description.strip()

    def header(self, p: Problem) -> str:
        if p.python_prompt:
            return p.python_prompt[:p.python_prompt.index(f"def {p.entry_point}(")]
        imports = p.meta.get("imports") or []
        classes = "".join(src + "\n\n\n" for src in class_sources(p))
        return "\n".join(imports) + ("\n\n" if imports else "") + classes

    def prompt(self, p: Problem) -> str:
        if p.python_prompt:
            return p.python_prompt
        lines = [self.describe(p)]
        for case in p.examples:
            lines.append(f">>> {p.entry_point}({', '.join(py_literal(a, True) for a in case.args)})")
            lines.append(py_literal(case.expected, True))
        doc = "\n".join("    " + ln if ln.strip() else "" for ln in "\n".join(lines).splitlines())
        params = ", ".join(prm.name for prm in p.params)
        return f'{self.header(p)}def {p.entry_point}({params}):\n    """\n{doc}\n    """\n'

    def equal_code(self, p: Problem) -> str:
        code = EQUAL.replace("REL", repr(p.rel_tol)).replace("ABS", repr(p.abs_tol))
        if not p.records:
            return code.replace("RECORDS", "")
        names = tuple(sorted(n for n in p.records if n != COMPLEX))
        return code.replace("RECORDS", RECORD_EQUAL.replace("NAMES", repr(names))) + NEW

    def test(self, p: Problem) -> str:
        cases = ",\n    ".join(f"({py_literal(tuple(c.args))}, {py_literal(c.expected)})" for c in p.tests)
        compare = "_mbxp_equal(sorted(got, key=repr), sorted(expected, key=repr))" \
            if p.compare == "unordered" else "_mbxp_equal(got, expected)"
        return ("\n\nimport math as math, sys as _mbxp_sys\n"
                + self.equal_code(p)
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
