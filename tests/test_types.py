from mbxp.conversion.ir import ANY, FLOAT, INT, LONG, STR, Type
from mbxp.conversion.types import finish, infer, unify, unify_all

L = lambda t: Type("list", (t,))  # noqa: E731


def test_int_and_float_unify_to_float():
    assert unify(INT, FLOAT) == FLOAT
    assert finish(unify_all([infer([1, 2]), infer([1.5])])) == L(FLOAT)


def test_list_of_lists_and_list_of_objects_is_list_of_any():
    assert unify(L(L(INT)), L(ANY)) == L(ANY)
    assert infer([1, "a"]) == L(ANY)


def test_none_makes_optional():
    assert unify(INT, infer(None)) == Type("optional", (INT,))
    assert unify_all([infer(None), infer("x")]) == Type("optional", (STR,))


def test_integer_widths():
    assert infer(2**31 - 1) == INT
    assert infer(2**31) == LONG
    assert infer(-2**63) == LONG
    assert infer(2**63).kind == "bigint"


def test_containers_recurse():
    assert infer({"a": [1, 2.0]}) == Type("dict", (STR, L(FLOAT)))
    assert infer({1, 2}) == Type("set", (INT,))
    assert infer((1, "a")) == Type("tuple", (INT, STR))


def test_empty_container_takes_the_other_element_type():
    assert finish(unify_all([infer([]), infer(["a"])])) == L(STR)
    assert finish(infer([])) == L(INT)  # never-seen element type: int


def test_bool_is_not_widened_to_int():
    assert unify(infer(True), INT) == ANY
