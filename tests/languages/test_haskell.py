import pytest

from .common import check_language

pytestmark = pytest.mark.lang


def test_haskell_verdicts():
    check_language(
        "haskell",
        correct="addNums a b = a + b\n",
        syntax_error="addNums a b = a +\n",
        infinite_loop="addNums a b = length [0 ..] + a + b\n",
        crash="addNums a b = head [] + a + b\n",
    )
