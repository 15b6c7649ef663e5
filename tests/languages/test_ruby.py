import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import INT, Param
from mbxp.runners.assemble import truncate

from .common import ADD, NESTED, UNIQUE, check_language, problem

pytestmark = pytest.mark.lang


def test_ruby_verdicts():
    check_language(
        "ruby",
        correct="  a + b\nend\n",
        syntax_error="  a +* b\nend\n",
        infinite_loop="  loop { }\nend\n",
        crash="  raise 'boom'\nend\n",
    )


def test_truncation_stops_at_the_functions_end():
    prompt = get_emitter("ruby").prompt(ADD)
    completion = "  if a > 0\n    a + b\n  else\n    b + a\n  end\nend\n\nputs add_nums(1, 2)\n"
    assert truncate(completion, "ruby", prompt) == "  if a > 0\n    a + b\n  else\n    b + a\n  end\nend\n"


def test_prompt_shape():
    text = get_emitter("ruby").prompt(UNIQUE)
    assert text.startswith("require 'set'\n\n# Write a Ruby function unique. Returns nil")
    assert "# >>> unique([1, 2, 2])\n# Set[1, 2]\ndef unique(xs)\n" in text
    assert get_emitter("ruby").prompt(NESTED).endswith("def chunk(xs, n)\n")


def test_literals_never_interpolate_and_capital_params_are_lowered():
    em = get_emitter("ruby")
    assert em.lit_str('#{x} #$y #@z "q" \\ \n') == '"\\#{x} \\#$y \\#@z \\"q\\" \\\\ \\n"'
    p = problem("f", [("N", INT), ("n", INT), ("end", INT)], INT, [((1, 2, 3), 6)])
    assert em.params(p) == ["n", "n_", "end_"]
