import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import COUNTS, UNIQUE, WORDS, check_language, problem

pytestmark = pytest.mark.lang


def test_clojure_verdicts():
    check_language(
        "clojure",
        correct="  (+ a b))\n",
        syntax_error="  (+ a b)\n",
        infinite_loop="  (loop [] (recur)))\n",
        crash="  (throw (Exception. \"boom\")))\n",
    )


def test_truncation_reads_like_a_lisp_reader():
    prompt = get_emitter("clojure").prompt(WORDS)
    body = '  ; a ) in a comment\n  (if (= \\) (first ")"))\n    (clojure.string/split s #" ")\n    []))'
    assert truncate(body + "\n\n(println (split-words \"a b\"))\n", "clojure", prompt) == body + "\n"


def test_prompt_and_literals():
    em = get_emitter("clojure")
    text = em.prompt(COUNTS)
    assert text.startswith('(defn count-chars\n  "Write a Clojure function count_chars. Returns nil if nothing fits.\n')
    assert '  >>> (count-chars \\"aab\\")\n  {\\"a\\" 2, \\"b\\" 1}"\n  [s]\n' in text
    assert "  #{1 2}\"\n" in em.prompt(UNIQUE)
    p = problem("find_Max_Num", [("str", STR), ("s", STR), ("list", Type("list", (INT,)))], INT,
                [(("a", "b", [1]), 1)])
    assert em.params(p) == ["s", "s2", "lst"] and em.function_name(p) == "find-max-num"
