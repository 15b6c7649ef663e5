import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import ANY, FLOAT, INT, STR, Type

from .common import ADD, L, check_language, problem, verdicts

pytestmark = pytest.mark.lang


def test_haskell_verdicts():
    check_language(
        "haskell",
        correct="addNums a b = a + b\n",
        syntax_error="addNums a b = a +\n",
        infinite_loop="addNums a b = length [0 ..] + a + b\n",
        crash="addNums a b = head [] + a + b\n",
    )


SORT_MIXED = problem("sort_mixed_list", [("xs", L(ANY))], L(ANY),
                     [(([19, "red", 12, "green", 1],), [1, 12, 19, "green", "red"])])
COMPARE_ONE = problem("compare_one", [("a", ANY), ("b", ANY)], ANY,
                      [((1, 2.5), 2.5), ((1, "2,3"), "2,3"), (("1", 1), None), ((0.1, 0.30000000000000004), 0.3)])
HALVE = problem("halve", [("n", INT)], ANY, [((4,), 2.0), ((6,), (3, [1.5]))])
ANY_INT = problem("any_int", [("x", FLOAT), ("y", FLOAT), ("z", FLOAT)], Type("bool"),
                  [((3, 4, 7), True), ((3.0, 4, 7), False), ((2.5, 2, 3), False)])
PRICES = problem("prices", [("items", L(Type("dict", (STR, ANY))))], L(FLOAT),
                 [(([{"name": "a", "price": 1.5}, {"name": "b", "price": 2}],), [1.5, 2.0])])


def test_haskell_value_type():
    em = get_emitter("haskell")
    assert "data Value" not in em.prompt(ADD)
    assert "data Value" in em.header(SORT_MIXED) and "data Value" in em.prompt(SORT_MIXED)
    # Python told 3 from 3.0 here, so the float params become Values
    assert "anyInt :: Value -> Value -> Value -> Bool" in em.prompt(ANY_INT)
    assert em.unsupported(ANY_INT) is None
    num = ("  where num (VInt n) = fromIntegral n :: Double\n        num (VFloat x) = x\n"
           "        num (VStr s) = read (map (\\c -> if c == ',' then '.' else c) s)\n")
    got = verdicts("haskell", [
        (SORT_MIXED, "sortMixedList xs = sort xs\n"),
        (SORT_MIXED, "sortMixedList xs = reverse (sort xs)\n"),
        # floats within tolerance; an int result equals the float of the same value (Python 2 == 2.0)
        (COMPARE_ONE, "compareOne a b\n  | num a == num b = VNone\n  | num a > num b = a\n  | otherwise = b\n" + num),
        (HALVE, "halve n = if n == 4 then VInt 2 else VTuple [VInt 3, VList [VFloat 1.5]]\n"),
        # Python's (3, [1.5]) != [3, [1.5]]
        (HALVE, "halve n = if n == 4 then VInt 2 else VList [VInt 3, VList [VFloat 1.5]]\n"),
        (ANY_INT, "anyInt (VInt x) (VInt y) (VInt z) = x + y == z || x + z == y || y + z == x\nanyInt _ _ _ = False\n"),
        (PRICES, "prices items = [p | Just v <- map (Map.lookup \"price\") items, let p = case v of "
                 "{ VFloat f -> f; VInt i -> fromIntegral i; _ -> 0 }]\n"),
    ])
    assert got == ["passed", "failed", "passed", "passed", "failed", "passed", "passed"], got
