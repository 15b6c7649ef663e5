import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import ADD, UNIQUE, check_language, problem, verdicts

pytestmark = pytest.mark.lang


def test_lua_verdicts():
    check_language(
        "lua",
        correct="  return a + b\nend\n",
        syntax_error="  return a +\nend\n",
        infinite_loop="  while true do end\nend\n",
        crash="  error('boom')\nend\n",
    )


def test_truncation_stops_at_the_functions_end():
    prompt = get_emitter("lua").prompt(ADD)
    completion = "  if a > 0 then\n    return a + b\n  end\n  return b + a\nend\n\nprint(add_nums(1, 2))\n"
    assert truncate(completion, "lua", prompt) == completion[:completion.index("end\n\n") + 4]


def test_prompt_literals_and_names():
    em = get_emitter("lua")
    assert em.prompt(UNIQUE).endswith("-- >>> unique({1, 2, 2})\n-- {[1] = true, [2] = true}\nfunction unique(xs)\n")
    assert em.lit_str('a"\\\n\x001') == '"a\\"\\\\\\n\\0001"'
    p = problem("type", [("string", STR), ("end", INT)], INT, [(("a", 1), 1)])
    assert em.prompt(p).endswith("function type_(string_, end_)\n")
    assert em.unsupported(problem("f", [("xs", Type("list", (Type("optional", (INT,)),)))], INT,
                                  [(([1, None],), 1)]))


def test_integer_float_and_holes():
    half = problem("half", [("n", INT)], Type("float"), [((3,), 1.5), ((4,), 2.0)])
    pair = problem("pair", [("n", INT)], Type("tuple", (Type("optional", (INT,)), INT)), [((1,), (None, 1))])
    got = verdicts("lua", [
        (half, "  return n / 2\nend\n"),
        (half, "  return n // 2\nend\n"),     # 1 is not 1.5
        (pair, "  return {nil, n}\nend\n"),
        (pair, "  return {n}\nend\n"),
        (ADD, "  return (a + b) * 1.0\nend\n"),   # 3.0 == 3, as in Python
        (ADD, "  return tostring(a + b)\nend\n"),  # "3" is not 3
    ])
    assert got == ["passed", "failed", "passed", "failed", "passed", "failed"]
