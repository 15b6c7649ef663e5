import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import FLOAT, INT
from mbxp.runners.assemble import truncate

from .common import (ADD, COUNTS, PAIRS, UNIQUE, check_language, judge_sources_both, mbpp, problem,
                     program_with, verdicts)

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


def test_records_with_ordinary_solutions():
    """Structs Node (nil children), Pair and Complex nested in Solution, solved plainly."""
    height = "    if node == nil, do: 0, else: 1 + max(max_height(node.left), max_height(node.right))\n  end\n"
    balanced = ("    height = fn\n      _, nil -> 0\n      h, n -> 1 + max(h.(h, n.left), h.(h, n.right))\n    end\n"
                "    root == nil or\n"
                "      (abs(height.(height, root.left) - height.(height, root.right)) <= 1 and\n"
                "         is_tree_balanced(root.left) and is_tree_balanced(root.right))\n  end\n")
    chain = ("    pairs = Enum.take(arr, n)\n"
             "    best = Enum.reduce(pairs, [], fn p, acc ->\n"
             "      prev = for {q, l} <- Enum.zip(pairs, acc), p.a > q.b, do: l\n"
             "      acc ++ [1 + Enum.max([0 | prev])]\n    end)\n    Enum.max(best)\n  end\n")
    phase = "    :math.atan2(b.imag, a + b.real)\n  end\n"
    polar = ("    {{:math.sqrt(x * x + y * y), :math.atan2(y, x)},\n"
             "     %Complex{real: 2 * :math.cos(:math.pi()), imag: 2 * :math.sin(:math.pi())}}\n  end\n")
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    prompt = get_emitter("elixir").prompt(p927)
    assert "  defmodule Node do\n    @type t :: %__MODULE__{data: integer(), left: t() | nil, right: t() | nil}\n" \
           "    defstruct [:data, :left, :right]\n  end\n" in prompt
    assert "iex> Solution.max_height(%Node{data: 1, left: %Node{" in prompt
    got = verdicts("elixir", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                              (p927, height.replace("1 + max", "2 + max")),
                              (p590, polar.replace(":math.cos(:math.pi())", ":math.cos(:math.pi() / 2)")),
                              (p590, polar.replace("%Complex{", "%{")),     # a plain map is not the struct
                              (p927, "    %Node{data: 1}\n  end\n")], timeout=30.0)
    assert got == ["passed"] * 5 + ["failed"] * 4



def test_elixir_compile_server_matches_scripts():
    """One batch through the compile server against `elixir main.exs` per program: same verdicts;
    programs whose compile would run their own code are left to run as scripts; one program's
    modules do not leak into the next program's compile."""
    def program(body, before="", after=""):
        return program_with("elixir", ADD, body, before, after)

    sources = [
        program("    a + b\n  end\n"),
        program("    a - b\n  end\n"),
        program("    a +* b\n  end\n"),                                             # syntax error
        program("    helper(a) + b\n  end\n", after="\n  defp helper(x), do: x\n"),
        program("    helper(a) + b\n  end\n"),                    # helper/1 was the program before's
        program("    raise ArgumentError, \"boom\"\n  end\n"),
        program("    a + b\n  end\n", after='\n  @shift IO.puts("compiling")\n'),       # not a literal
        program("    m(a) + b\n  end\n", before="  defmacro m(x), do: x\n"),          # its own macro
        program("    a + b + @k\n  end\n", before="  @k 0\n"),
        program("    a + b\n  end\n").replace("IO.puts(\"MBXP_ALL_PASSED\")", "IO.inspect(__MODULE__)"),
        # redefines a library module the compiler itself calls
        program("    a + b\n  end\n").replace("defmodule Solution do", "defmodule Integer do\n"
                                                 "  def to_string(_), do: \"x\"\nend\n\ndefmodule Solution do"),
    ]
    batched, plain = judge_sources_both("elixir", sources)
    assert [o.verdict for _, o in batched] == [o.verdict for _, o in plain]
    assert [o.verdict for _, o in batched] == ["passed", "failed", "compile_error", "passed", "compile_error",
                                               "runtime_error", "passed", "passed", "passed", "runtime_error",
                                               "passed"]
    assert [j.extra["precompiled"] for j, _ in batched] == [True, True, False, True, False, True, False, False,
                                                            True, False, False]
    assert "undefined function helper/1" in batched[4][1].stderr and "main.exs:" in batched[4][1].stderr
    assert "ArgumentError" in batched[5][1].stderr and "boom" in batched[5][1].stderr
    assert "compiling" in batched[6][1].stdout and batched[6][1].stdout == plain[6][1].stdout
