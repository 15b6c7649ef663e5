import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import BIGINT, BOOL, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import mbpp, ADD, UNIQUE, check_language, problem, verdicts

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


def test_records_with_ordinary_solutions():
    """Node trees (nil children), Pair lists and Complex, solved the way a Lua programmer would."""
    height = ("  if node == nil then return 0 end\n"
              "  return 1 + math.max(max_height(node.left), max_height(node.right))\nend\n")
    balanced = ("  local function height(n)\n    if n == nil then return 0 end\n"
                "    local l, r = height(n.left), height(n.right)\n"
                "    if l < 0 or r < 0 or math.abs(l - r) > 1 then return -1 end\n"
                "    return 1 + math.max(l, r)\n  end\n  return height(root) >= 0\nend\n")
    chain = ("  local best, out = {}, 0\n  for i = 1, n do\n    best[i] = 1\n    for j = 1, i - 1 do\n"
             "      if arr[i].a > arr[j].b then best[i] = math.max(best[i], best[j] + 1) end\n    end\n"
             "    out = math.max(out, best[i])\n  end\n  return out\nend\n")
    phase = "  return math.atan(b.imag, a + b.real)\nend\n"
    polar = ("  return {{math.sqrt(x * x + y * y), math.atan(y, x)}, "
             "Complex.new(2 * math.cos(math.pi), 2 * math.sin(math.pi))}\nend\n")
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert "Node = {}\nNode.__index = Node\nfunction Node.new(data, left, right)" in get_emitter("lua").prompt(p927)
    got = verdicts("lua", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                           (p927, height.replace("1 +", "2 +")),
                           (p590, polar.replace("math.cos(math.pi)", "math.cos(math.pi / 2)")),
                           (p590, polar.replace("Complex.new(2 * math.cos(math.pi), 2 * math.sin(math.pi))",
                                                "{real = -2, imag = 0}")),
                           (p927, "  return {1}\nend\n")])
    assert got == ["passed"] * 5 + ["failed"] * 2 + ["passed", "failed"]   # any table with the fields


def test_record_results():
    """A returned record (optional Node) is compared field by field; its oracle and wrong oracle."""
    from mbxp.conversion.oracle import oracle_results, wrong_results
    from mbxp.conversion.problems import from_mbpp
    from tests.test_records import MIRROR, MIRROR_TESTS, mbpp_row
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    em = get_emitter("lua")
    solution = ("  if root == nil then return nil end\n"
                "  return Node.new(root.data, mirror(root.right), mirror(root.left))\nend\n")
    plain = ("  if root == nil then return nil end\n"
             "  return {data = root.data, left = mirror(root.right), right = mirror(root.left)}\nend\n")
    wrong = solution.replace("(root.data", "(root.data + 1")
    got = verdicts("lua", [(p, em.oracle(p, oracle_results(p))), (p, em.oracle(p, wrong_results(p))),
                          (p, solution), (p, plain), (p, wrong)])
    assert got == ["passed", "failed", "passed", "passed", "failed"]   # plain: any value with the fields
