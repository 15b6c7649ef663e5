import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import ANY, FLOAT, INT, STR, Type

from .common import mbpp, ADD, L, check_language, problem, verdicts

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


def test_haskell_records_take_ordinary_solutions():
    """Node trees and Pair lists as data types with record syntax, complex numbers as Data.Complex."""
    em = get_emitter("haskell")
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    # `data` is a keyword, so that field takes the record's name as a prefix
    assert "data Node = Node { nodeData :: Int, left :: Maybe Node, right :: Maybe Node }\n" in em.prompt(p927)
    assert "import Data.Complex\n" in em.prompt(p124) and "import Data.Complex" not in em.prompt(p927)
    height = "maxHeight node = 1 + max (h (left node)) (h (right node))\n  where h = maybe 0 maxHeight\n"
    balanced = ("isTreeBalanced root = height (Just root) >= 0\n  where\n    height Nothing = 0\n"
                "    height (Just (Node _ l r))\n      | hl < 0 || hr < 0 || abs (hl - hr) > 1 = -1\n"
                "      | otherwise = 1 + max hl hr\n      where hl = height l\n            hr = height r\n")
    chain = ("maxChainLength arr n = maximum best\n  where\n    ps = take n arr\n"
             "    best = [1 + maximum (0 : [c | (q, c) <- zip ps (take i best), a p > b q]) | (i, p) <- zip [0 ..] ps]\n")
    polar = "polarRect x y = ((magnitude z, phase z), mkPolar 2 pi)\n  where z = fromIntegral x :+ fromIntegral y\n"
    got = verdicts("haskell", [
        (p927, height), (p367, balanced), (p601, chain),
        (p124, "angleComplex a b = phase (fromIntegral a + b)\n"), (p590, polar),
        (p927, height.replace("1 +", "2 +")),
        (p590, polar.replace("mkPolar 2 pi", "mkPolar 2 (pi / 2)")),
    ], timeout=20.0)
    assert got == ["passed"] * 5 + ["failed"] * 2, got
