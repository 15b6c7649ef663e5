"""MathQA -> MathQA-Python, the way Austin et al. (2021) built it.

Each MathQA problem has a ``linear_formula`` such as
``add(n1,const_100)|subtract(const_100,n0)|multiply(#0,const_100)|``. It is turned
into a straight-line Python program:

    n0 = 5.0            # numbers of the problem text, in order
    n1 = 31.1
    t0 = n1 + 100.0     # one line per step; ``#k`` refers to ``tk``
    t1 = 100.0 - n0
    answer = t1 * 100.0 # the last step is assigned to ``answer``

A problem is kept only if its program runs and its ``answer`` reproduces the
value of the correct multiple-choice option (see ``answer_matches``). Kept rows
are numbered 0, 1, 2, ... in ``task_id`` in the original order.

Rules inferred from the reference output (they reproduce all 1883 test, 2822 dev
and 403 challenge_test rows exactly):

* Numbers: every match of ``\\d+(,\\d{3})*(\\.\\d+)?`` in the problem text, commas
  dropped, as ``float``; ``n{i}`` lines use ``repr(float)`` (``5`` -> ``5.0``).
  So ``1,000`` is one number, ``( 2,0 )`` two, and a minus sign is never read.
* Operations: only those in ``OPERATIONS`` are rendered. Others (``min``,
  ``surface_cylinder``, ``triangle_area_three_edges``, ``negate_prob``,
  ``stream_speed``, ``p_after_gain``, and operations that never occur) drop the
  problem, even where a natural rendering would give the right answer (e.g. all
  ``min`` and ``surface_cylinder`` programs are absent from the reference).
* Constants: ``const_100`` -> ``100.0``, ``const_0_25`` -> ``0.25``,
  ``const_pi`` -> ``3.141592653589793`` (the literal, not ``math.pi``).
* Imports: ``import math`` if the code uses ``math.``, ``import scipy`` if it
  uses ``scipy.`` (never both in kept programs).
* Answer check: the correct option's value is its first number, or ``p / q``
  when the option starts with a fraction (ratios ``p : q`` are not read, nor are
  minus signs); the program is kept iff ``answer != 0`` and
  ``math.isclose(answer, value, rel_tol=0.01)``.
* ``answer`` is ``float`` of the value the program computes; ``reasoning`` is the
  ``Rationale`` with surrounding ``"`` and ``'`` stripped; ``text`` is
  ``"# " + Problem`` followed by `` n{i} = {value}`` for each number.
"""
from __future__ import annotations

import ast
import json
import math
import os
import re
import types

# Operation name -> Python expression; {0}, {1}, {2} are the rendered arguments.
# Renderings (including comments and odd spacing) are copied from the reference.
OPERATIONS: dict[str, str] = {
    "add": "{0} + {1}",
    "subtract": "{0} - {1}",
    "multiply": "{0} * {1}",
    "divide": "{0} / {1}",
    "speed": "{0} / {1}",
    "inverse": "1 / {0}",
    "negate": "-{0}",
    "reminder": "{0} % {1}",
    "max": "max({0},{1})",
    "power": "{0}**min({1}, 5)",
    "sqrt": "math.sqrt(max(0, {0}))",
    "log": "math.log(max(1e-5, {0}), 2)",
    "floor": "math.floor({0})",
    "factorial": "math.factorial(min(15, int({0})))",
    "gcd": "scipy.gcd(int({0}), int({1}))",
    "lcm": "scipy.lcm(int({0}), int({1}))",
    "choose": "scipy.special.comb({0}, {1})",
    "permutation": (
        "math.factorial(int(max({0}, {1}))) / "
        "math.factorial(int(max({0}, {1}) - min({0}, {1})))  # find all permutations"
    ),
    "original_price_before_gain": "{1} * 100 / (100 + {0})  # original_price_before gain",
    "original_price_before_loss": "{1} * 100 / (100 + 1e-5 - {0})  # original price before loss",
    "circle_area": "math.pi * {0}**2",
    "circumface": "2 * math.pi * {0}",
    "square_area": "{0}**2",
    "square_perimeter": "4 * {0}",
    "square_edge_by_area": "math.sqrt({0})  # square edge given area",
    "square_edge_by_perimeter": "{0} / 4. # square edge given perimeter",
    "rectangle_area": "{0} * {1}  # area of rectangle",
    "rectangle_perimeter": "2 * ({0} + {1})  # perimetere of rectangle",
    "rhombus_area": "{0} * {1} / 2",
    "rhombus_perimeter": "4 * {0}",
    "triangle_area": "{0} * {1} / 2",
    "triangle_perimeter": "{0} + {1} + {2}  # perimeter of a triangle",
    "quadrilateral_area": "{0} * ({1} + {2}) / 2  # quadrilateral area",
    "volume_cube": "{0}**3",
    "volume_cone": "math.pi * {0}**2 * {1} / 3",
    "volume_cylinder": "math.pi * {0}**2 * {1}",
    "volume_sphere": "4 / 3 * math.pi * {0}**3",
    "volume_rectangular_prism": "{0} * {1} * {2}",
    "cube_edge_by_volume": "{0}**(1 / 3)",
    "surface_cube": "6 * {0}**2  # surface of a cube",
    "surface_sphere": "4 * math.pi * {0}**2",
    "surface_rectangular_prism": (
        "2 * ({0} * {1} + {0} * {2} + {1} * {2})  # surface of a rectangular prism"
    ),
}

NUMBER_RE = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
_FRACTION_RE = re.compile(r"(\d+(?:,\d{3})*(?:\.\d+)?)\s*/\s*(\d+(?:,\d{3})*(?:\.\d+)?)")
_STEP_RE = re.compile(r"(\w+)\((.*)\)")
REL_TOL = 0.01
HUB_DATASET = "allenai/math_qa"
HUB_SPLITS = {"train": "train", "dev": "validation", "validation": "validation", "test": "test"}


def extract_numbers(problem_text: str) -> list[float]:
    """The numbers n0, n1, ... of a problem, in order of appearance."""
    return [float(m.replace(",", "")) for m in NUMBER_RE.findall(problem_text)]


def render_argument(arg: str) -> str:
    """``#3`` -> ``t3``; ``n2`` -> ``n2``; ``const_0_25`` -> ``0.25``; ``const_pi`` -> pi."""
    arg = arg.strip()
    if arg.startswith("#"):
        return "t" + arg[1:]
    if arg.startswith("const_"):
        name = arg[len("const_"):]
        value = math.pi if name == "pi" else float(name.replace("_", "."))
        return repr(value)
    return arg


def formula_to_program(problem_text: str, linear_formula: str) -> str | None:
    """The Python program for a problem, or None if an operation is unsupported."""
    steps = [step for step in linear_formula.split("|") if step]
    if not steps:
        return None
    lines = []
    for i, step in enumerate(steps):
        match = _STEP_RE.fullmatch(step)
        if not match or match.group(1) not in OPERATIONS:
            return None
        args = [render_argument(a) for a in match.group(2).split(",")]
        try:
            expression = OPERATIONS[match.group(1)].format(*args)
        except IndexError:  # too few arguments for the operation
            return None
        target = "answer" if i == len(steps) - 1 else f"t{i}"
        lines.append(f"{target} = {expression}")
    numbers = "".join(f"n{i} = {v!r}\n" for i, v in enumerate(extract_numbers(problem_text)))
    # The reference joins "<numbers>" + "<t-lines>" + "\n" + "<answer line>", so a
    # one-step program with numbers has an empty line before ``answer``.
    code = numbers + "\n".join(lines[:-1]) + "\n" + lines[-1]
    imports = ("import math\n" if "math." in code else "") + (
        "import scipy\n" if "scipy." in code else ""
    )
    return imports + code


def problem_text(problem: str) -> str:
    """The ``text`` field: the problem as a comment followed by its numbers."""
    return "# " + problem + "".join(
        f" n{i} = {v!r}" for i, v in enumerate(extract_numbers(problem))
    )


# Reviewed override: ``scipy.gcd`` and ``scipy.lcm`` (NumPy re-exports) were removed
# from SciPy, so the reference programs using them no longer run. They are rewritten
# to ``math.gcd``/``math.lcm``, which compute the same values. Affected programs:
# test 20, dev 12, challenge_test 5 (scipy programs overall: 28 / 27 / 5; the rest use
# ``scipy.special.comb``, which still exists).
_SCIPY_GCD_LCM_RE = re.compile(r"\bscipy\.(gcd|lcm)\(")


def executable_code(code: str) -> str:
    """``code`` with scipy.gcd/scipy.lcm replaced by math.gcd/math.lcm (and ``import math``)."""
    if not _SCIPY_GCD_LCM_RE.search(code):
        return code
    code = _SCIPY_GCD_LCM_RE.sub(r"math.\1(", code)
    if "scipy." not in code:
        code = "\n".join(line for line in code.split("\n") if line != "import scipy")
    if not re.search(r"^import math$", code, re.M):
        code = "import math\n" + code
    return code


def _comb(n, k):
    """scipy.special.comb(n, k) (exact=False) for the integral arguments MathQA uses."""
    if k < 0 or n < 0 or k > n:
        return 0.0
    if float(n).is_integer() and float(k).is_integer():
        return float(math.comb(int(n), int(k)))
    try:  # non-integral arguments: defer to SciPy if present
        import scipy.special

        return float(scipy.special.comb(n, k))
    except ImportError:
        return math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1))


# Stand-in for ``scipy`` when evaluating programs, so building needs only the
# standard library. It reproduces every reference answer exactly.
_SCIPY_STUB = types.SimpleNamespace(special=types.SimpleNamespace(comb=_comb))


def run_program(code: str):
    """Execute a program and return its ``answer`` as float, or None if it fails."""
    body = "\n".join(
        line
        for line in executable_code(code).split("\n")
        if line not in ("import math", "import scipy")
    )
    namespace = {"math": math, "scipy": _SCIPY_STUB}
    try:
        exec(body, namespace)  # noqa: S102 - programs generated from OPERATIONS only
        return float(namespace["answer"])
    except Exception:
        return None


def parse_options(options) -> dict[str, str]:
    """``"a ) 38 , b ) 27.675 , ..."`` (or a list / its repr) -> ``{"a": "38", ...}``."""
    if isinstance(options, str):
        text = options.strip()
        items = ast.literal_eval(text) if text.startswith("[") else re.split(r" , (?=[a-e] \) )", text)
    else:
        items = list(options)
    parsed = {}
    for item in items:
        match = re.match(r"\s*([a-e])\s*\)\s*(.*)$", item.strip(), re.S)
        if match:
            parsed[match.group(1)] = match.group(2).strip()
    return parsed


def option_value(option: str) -> float | None:
    """First number of an option; a leading ``p / q`` is read as a fraction."""
    first = NUMBER_RE.search(option)
    if not first:
        return None
    fraction = _FRACTION_RE.match(option, first.start())
    if fraction:
        denominator = float(fraction.group(2).replace(",", ""))
        if denominator:
            return float(fraction.group(1).replace(",", "")) / denominator
    return float(first.group().replace(",", ""))


def answer_matches(answer: float, record: dict) -> bool:
    """Whether ``answer`` reproduces the record's correct option (within 1%)."""
    option = parse_options(record["options"]).get(record["correct"].strip())
    value = option_value(option) if option is not None else None
    return value is not None and answer != 0 and math.isclose(answer, value, rel_tol=REL_TOL)


def build_mathqa_python(records: list[dict]) -> list[dict]:
    """MathQA-Python rows (text, code, dsl_code, reasoning, answer, task_id)."""
    rows = []
    for record in records:
        code = formula_to_program(record["Problem"], record["linear_formula"])
        if code is None:
            continue
        answer = run_program(code)
        if answer is None or not answer_matches(answer, record):
            continue
        rows.append(
            {
                "text": problem_text(record["Problem"]),
                "code": code,
                "dsl_code": record["linear_formula"],
                "reasoning": record["Rationale"].strip("\"'"),
                "answer": answer,
                "task_id": len(rows),
            }
        )
    return rows


def load_mathqa_python(source_dir: str | None, split: str = "test") -> list[dict]:
    """Build a MathQA-Python split from ``<source_dir>/mathqa/original/<split>.json``,
    or from the Hub dataset ``allenai/math_qa`` when ``source_dir`` is None."""
    if source_dir is not None:
        path = os.path.join(source_dir, "mathqa", "original", f"{split}.json")
        with open(path, encoding="utf-8") as f:
            records = json.load(f)
    else:
        if split not in HUB_SPLITS:
            raise ValueError(
                f"split {split!r} is not on the Hub dataset {HUB_DATASET} "
                f"(it has {sorted(set(HUB_SPLITS.values()))}); challenge_test exists only "
                "in the original MathQA.zip: pass source_dir"
            )
        from datasets import load_dataset  # optional dependency

        records = list(load_dataset(HUB_DATASET, split=HUB_SPLITS[split]))
    return build_mathqa_python(records)
