import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT
from mbxp.runners.assemble import truncate

from .common import ADD, COUNTS, PAIRS, UNIQUE, check_language, problem

pytestmark = pytest.mark.lang


def test_elixir_verdicts():
    check_language(
        "elixir",
        correct="    a + b\n  end\n",
        syntax_error="    a +* b\n  end\n",
        infinite_loop="    Stream.cycle([a, b]) |> Stream.run()\n  end\n",  # loops without allocating
        crash="    raise \"boom\"\n  end\n",
    )


def test_truncation_stops_at_the_defs_end():
    prompt = get_emitter("elixir").prompt(ADD)
    body = "    if a > 0 do\n      a + b\n    else\n      b + a\n    end\n  end\n"
    assert truncate(body + "\n  def helper(x), do: x\nend\n", "elixir", prompt) == body


def test_prompt_and_literals():
    em = get_emitter("elixir")
    text = em.prompt(COUNTS)
    assert text.startswith('defmodule Solution do\n  @doc ~S"""\n  Write a Elixir function count_chars.')
    assert '      iex> Solution.count_chars("aab")\n      %{"a" => 2, "b" => 1}\n  """\n  def count_chars(s) do\n' in text
    assert "      MapSet.new([1, 2])\n" in em.prompt(UNIQUE)
    assert "      {1, 3}\n" in em.prompt(PAIRS)
    assert em.lit_str('#{x} "q" \\ \n#') == '"\\#{x} \\"q\\" \\\\ \\n#"'
    assert [em.lit_float(x) for x in (1e-05, 1e20, 2.5)] == ["1.0e-5", "1.0e20", "2.5"]
    p = problem("find_Max_Num", [("N", INT), ("n", INT), ("end", INT)], INT, [((1, 2, 3), 6)])
    assert em.params(p) == ["n", "n_", "end_"] and em.function_name(p) == "find_max_num"
    assert em.unsupported(problem("f", [("x", FLOAT)], FLOAT, [((1.0,), float("inf"))]))

