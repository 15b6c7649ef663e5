import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import INT, Param
from mbxp.runners.assemble import truncate

from .common import mbpp, ADD, NESTED, UNIQUE, check_language, oracle_and_wrong, problem, verdicts

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


def test_records_with_ordinary_solutions():
    """Node trees and Pair lists as classes, Complex as Ruby's own, solved the way a Rubyist would."""
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert get_emitter("ruby").prompt(p927).startswith(
        "class Node\n  attr_accessor :data, :left, :right\n\n  # @param data [Integer]\n"
        "  # @param left [Node, nil]\n  # @param right [Node, nil]\n  def initialize(data, left = nil, right = nil)\n")
    height = "  return 0 if node.nil?\n  1 + [max_height(node.left), max_height(node.right)].max\nend\n"
    balanced = ("  height = lambda do |n|\n    return 0 if n.nil?\n    l, r = height.(n.left), height.(n.right)\n"
                "    return -1 if l < 0 || r < 0 || (l - r).abs > 1\n    1 + [l, r].max\n  end\n"
                "  height.(root) >= 0\nend\n")
    chain = ("  best = Array.new(n, 1)\n  (1...n).each do |i|\n    (0...i).each do |j|\n"
             "      best[i] = [best[i], best[j] + 1].max if arr[i].a > arr[j].b\n    end\n  end\n  best.max\nend\n")
    polar = "  [[Math.hypot(x, y), Math.atan2(y, x)], Complex.polar(2, Math::PI)]\nend\n"
    got = verdicts("ruby", [
        (p927, height), (p367, balanced), (p601, chain), (p124, "  (a + b).arg\nend\n"), (p590, polar),
        (p590, "  [[Math.hypot(x, y), Math.atan2(y, x)], -2]\nend\n"),   # a real number, as in Python
        (p927, height.replace("1 +", "2 +")),
        (p590, polar.replace("Math::PI", "Math::PI / 2")),
        (p590, "  [[Math.hypot(x, y), Math.atan2(y, x)], [-2.0, 0.0]]\nend\n"),
    ])
    assert got == ["passed"] * 6 + ["failed"] * 3, got


def test_record_results_compare_deeply():
    """A Node tree as the result: the oracle passes, a wrong one fails, and so does a tree that differs deep down."""
    from mbxp.conversion.problems import from_mbpp
    from tests.test_records import MIRROR, MIRROR_TESTS, mbpp_row
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    solution = "  root.nil? ? nil : Node.new(root.data, mirror(root.right), mirror(root.left))\nend\n"
    got = verdicts("ruby", oracle_and_wrong("ruby", [p]) + [(p, solution), (p, solution.replace(
        "mirror(root.right), mirror(root.left)", "mirror(root.left), mirror(root.right)"))])
    assert got == ["passed", "failed", "passed", "failed"], got
