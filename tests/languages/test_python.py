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


def test_scipy_imports_in_the_sandbox():
    # MathQA-Python's canonical programs call scipy.special.comb (the installer adds python3-scipy).
    from mbxp.runners.base import Job
    from mbxp.runners.engine import Cache, judge
    source = "import scipy\nassert scipy.special.comb(10.0, 2.0) == 45.0\nprint('MBXP_ALL_PASSED')\n"
    [(_, outcome)] = judge([Job("scipy", "python", source)], workers=1, timeout=20, cache=Cache())
    assert outcome.verdict == "passed", outcome
