import pytest

from .common import check_language

pytestmark = pytest.mark.lang


def test_ocaml_verdicts():
    check_language(
        "ocaml",
        correct="  a + b\n",
        syntax_error="  a +\n",
        infinite_loop="  let rec loop n = loop (n + 1) in\n  loop a\n",
        crash="  List.hd [] + a\n",
    )
