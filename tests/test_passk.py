from itertools import combinations
from math import comb

import pytest

from mbxp.runners.passk import mean_pass_at_k, pass_at_k


@pytest.mark.parametrize("n,c,k", [(5, 2, 1), (5, 2, 3), (10, 0, 5), (10, 10, 1), (200, 13, 100), (7, 3, 7)])
def test_matches_the_combinatorial_definition(n, c, k):
    assert pass_at_k(n, c, k) == pytest.approx(1 - comb(n - c, k) / comb(n, k), abs=1e-12)


def test_matches_enumeration_on_a_small_case():
    outcomes = [1, 0, 0, 1, 0]
    draws = list(combinations(outcomes, 2))
    assert pass_at_k(5, 2, 2) == pytest.approx(sum(any(d) for d in draws) / len(draws))


def test_only_k_up_to_n_is_reported():
    assert set(mean_pass_at_k([(3, 1), (3, 0)], [1, 2, 5])) == {"pass@1", "pass@2"}
    assert mean_pass_at_k([(3, 1), (3, 0)], [1])["pass@1"] == pytest.approx((1 / 3) / 2)
    with pytest.raises(ValueError):
        pass_at_k(3, 1, 4)
