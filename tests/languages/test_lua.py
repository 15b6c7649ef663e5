import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import BIGINT, BOOL, INT, STR, Type
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
    assert em.unsupported(problem("f", [("n", INT)], Type("dict", (Type("tuple", (STR,)), INT)),
                                  [((1,), {("a,b",): 1})]))  # "a,b" would not join unambiguously


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


PAIR_KEYS = problem("pair_counts", [("xs", Type("list", (Type("tuple", (INT, STR)),)))],
                    Type("dict", (Type("tuple", (INT, STR)), INT)), [(([(1, "a"), (1, "a")],), {(1, "a"): 2})])
HAS_NONE = problem("has_none", [("xs", Type("list", (Type("optional", (INT,)),)))], BOOL,
                   [(([1, None],), True), (([1, 2],), False)])
POWER = problem("power_of_two", [("n", INT)], BIGINT, [((3,), 8), ((70,), 2**70)])


def test_tuple_keys_nil_sentinel_and_big_integers():
    em = get_emitter("lua")
    assert em.prompt(PAIR_KEYS).endswith('-- A tuple key is the string table.concat(key, ",").\n-- Examples:\n'
                                         '-- >>> pair_counts({{1, "a"}, {1, "a"}})\n-- {["1,a"] = 2}\n'
                                         'function pair_counts(xs)\n')
    assert em.prompt(HAS_NONE).startswith("-- null stands for None")
    assert "-- >>> has_none({1, null})" in em.prompt(HAS_NONE)
    assert 'decimal strings.\n-- Examples:\n-- >>> power_of_two(3)\n-- "8"\n' in em.prompt(POWER)
    got = verdicts("lua", [
        (PAIR_KEYS, "  local r = {}\n  for _, t in ipairs(xs) do local k = table.concat(t, \",\"); "
                    "r[k] = (r[k] or 0) + 1 end\n  return r\nend\n"),
        (PAIR_KEYS, "  return {[xs[1]] = 2}\nend\n"),       # a table key is not its contents
        (HAS_NONE, "  for _, x in ipairs(xs) do if x == null then return true end end\n  return false\nend\n"),
        (HAS_NONE, "  return #xs < 2\nend\n"),                # the sentinel keeps the length
        (POWER, "  local s = \"1\"\n  for _ = 1, n do\n    local out, c = {}, 0\n"
                "    for i = #s, 1, -1 do local d = (s:byte(i) - 48) * 2 + c; out[#out + 1] = d % 10; c = d // 10 end\n"
                "    if c > 0 then out[#out + 1] = c end\n    s = table.concat(out):reverse()\n  end\n  return s\nend\n"),
        (POWER, "  return 1 << n\nend\n"),                 # wraps around at 2**64
    ])
    assert got == ["passed", "failed", "passed", "failed", "passed", "failed"]
