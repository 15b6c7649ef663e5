import pytest

from .common import check_language

pytestmark = pytest.mark.lang


def test_python_verdicts():
    check_language(
        "python",
        correct="    return a + b\n",
        syntax_error="    return a +\n",
        infinite_loop="    while True:\n        pass\n",
        crash="    return [][1]\n",
    )
