import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import mbpp, COUNTS, UNIQUE, WORDS, check_language, problem, verdicts

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


def test_records_with_ordinary_solutions():
    """defrecords Node (nil children), Pair and Complex, solved the way a Clojure programmer would."""
    height = "  (if (nil? node) 0 (inc (max (max-height (:left node)) (max-height (:right node))))))\n"
    balanced = ("  (letfn [(height [n] (if n (inc (max (height (:left n)) (height (:right n)))) 0))]\n"
                "    (or (nil? root)\n"
                "        (and (<= (Math/abs (- (height (:left root)) (height (:right root)))) 1)\n"
                "             (is-tree-balanced (:left root)) (is-tree-balanced (:right root))))))\n")
    chain = ("  (let [v (vec (take n arr))]\n"
             "    (apply max (reduce (fn [best i]\n"
             "                         (conj best (inc (apply max 0 (for [j (range i) :when (> (.a (v i)) (.b (v j)))]\n"
             "                                                        (best j))))))\n"
             "                       [] (range n)))))\n")
    phase = "  (Math/atan2 (:imag b) (+ a (:real b))))\n"
    polar = ("  [[(Math/sqrt (+ (* x x) (* y y))) (Math/atan2 y x)]\n"
             "   (->Complex (* 2 (Math/cos Math/PI)) (* 2 (Math/sin Math/PI)))])\n")
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert "(defrecord Node [data left right])\n\n(defn max-height\n" in get_emitter("clojure").prompt(p927)
    got = verdicts("clojure", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                               (p927, height.replace("(inc (max", "(+ 2 (max")),
                               (p590, polar.replace("(Math/cos Math/PI)", "(Math/cos (/ Math/PI 2))")),
                               (p590, "  [[(Math/hypot x y) (Math/atan2 y x)] {:real -2 :imag 0.0}])\n"),  # a map
                               (p927, "  (->Node 1 nil nil))\n")], timeout=30.0)
    assert got == ["passed"] * 5 + ["failed"] * 2 + ["passed", "failed"]
