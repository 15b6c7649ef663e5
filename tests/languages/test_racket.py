import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import (ADD, COUNTS, UNIQUE, check_language, judge_sources_both, mbpp, problem, program_with,
                     verdicts)

pytestmark = pytest.mark.lang


def test_racket_verdicts():
    check_language(
        "racket",
        correct="  (+ a b))\n",
        syntax_error="  (+ a b)\n",
        infinite_loop="  (let loop () (loop)))\n",
        crash="  (error 'add-nums \"boom\"))\n",
    )


def test_truncation_reads_like_a_lisp_reader():
    prompt = get_emitter("racket").prompt(ADD)
    body = '  ; a ) in a comment\n  (if (equal? #\\) (string-ref ")" 0))\n      (+ a b)\n      (car \'(1 2))))'
    assert truncate(body + "\n\n(displayln (add-nums 1 2))\n", "racket", prompt) == body + "\n"
    assert truncate("  #| ) |# (+ a b))\n(foo)", "racket", prompt) == "  #| ) |# (+ a b))\n"


def test_prompt_and_literals():
    em = get_emitter("racket")
    text = em.prompt(COUNTS)
    assert text.startswith("#lang racket\n\n;; Write a Racket function count_chars. Returns #f")
    assert ';; >>> (count-chars "aab")\n;; #hash(("a" . 2) ("b" . 1))\n(define (count-chars s)\n' in text
    assert "(unique '(1 2 2))\n;; (set 1 2)\n" in em.prompt(UNIQUE)
    p = problem("f", [("list", Type("list", (INT,))), ("string", STR), ("max", INT)], INT, [(([1], "a", 2), 1)])
    assert em.params(p) == ["lst", "str", "the-max"]


def test_a_solution_shadowing_library_names_does_not_break_the_checker():
    shadow = "  (+ a b))\n(define (exit n) 0)\n(define (list . xs) 0)\n(define (equal? a b) #t)\n"
    assert verdicts("racket", [(ADD, shadow)]) == ["passed"]
    wrong = "  (- a b))\n(define (exit n) 0)\n(define (equal? a b) #t)\n"
    assert verdicts("racket", [(ADD, wrong)]) == ["failed"]


def test_records_with_ordinary_solutions():
    """Node structs (#f children), Pair structs and native complex numbers, solved plainly."""
    height = "  (if node (add1 (max (max-height (node-left node)) (max-height (node-right node)))) 0))\n"
    balanced = ("  (define (height n) (if n (add1 (max (height (node-left n)) (height (node-right n)))) 0))\n"
                "  (or (not root)\n"
                "      (and (<= (abs (- (height (node-left root)) (height (node-right root)))) 1)\n"
                "           (is-tree-balanced (node-left root)) (is-tree-balanced (node-right root)))))\n")
    chain = ("  (define v (list->vector arr))\n  (define best (make-vector n 1))\n"
             "  (for* ([i (in-range 1 n)] [j (in-range i)])\n"
             "    (when (> (Pair-a (vector-ref v i)) (Pair-b (vector-ref v j)))\n"
             "      (vector-set! best i (max (vector-ref best i) (add1 (vector-ref best j))))))\n"
             "  (apply max (vector->list best)))\n")
    phase = "  (angle (+ a b)))\n"
    polar = "  (define z (make-rectangular x y))\n  (list (list (magnitude z) (angle z)) (make-polar 2 pi)))\n"
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    prompt = get_emitter("racket").prompt(p927)
    assert "(struct node (data left right) #:transparent)\n" in prompt and "(max-height (node 1 (node 2" in prompt
    assert "(struct Pair (a b) #:transparent)" in get_emitter("racket").prompt(p601)   # pair? stays racket's
    got = verdicts("racket", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                              (p927, height.replace("(add1 (max", "(+ 2 (max")),
                              (p590, polar.replace("(make-polar 2 pi)", "(make-polar 2 (/ pi 2))")),
                              (p590, "  (list (list (sqrt (+ (* x x) (* y y))) (atan y x)) -2))\n"),   # an exact real equals -2+0i
                              (p927, "  (if node 1 0))\n")])
    assert got == ["passed"] * 5 + ["failed"] * 2 + ["passed", "failed"]


def test_racket_compile_server_matches_plain_runs():
    """One batch through the compile server against `racket main.rkt` per program: same verdicts
    and compile errors; programs with compile-time code of their own compile themselves."""
    def program(body, before="", after=""):
        return program_with("racket", ADD, body, before, after)

    sources = [
        program("  (+ a b))\n"),
        program("  (- a b))\n"),
        program("  (+ a (undefined-thing b)))\n"),                                     # unbound
        program("  (+ a b)\n"),                                                    # unbalanced
        program("  (+ (helper a) b))\n", after="(define (helper x) x)\n"),
        program("  (error 'add-nums \"boom\"))\n"),
        program("  (m (+ a b)))\n", before="(define-syntax-rule (m x) x)\n"),         # its own macro
        program("  (+ a b))\n", before="(require (for-syntax racket/base))\n"),
        program("  (+ a b))\n", before='(require "/etc/passwd")\n'),                  # a file require
        program("  (+ a b))\n", before="(require racket/list (only-in racket/string string-split))\n"),
    ]
    batched, plain = judge_sources_both("racket", sources)
    assert [o.verdict for _, o in batched] == [o.verdict for _, o in plain]
    assert [o.verdict for _, o in batched] == ["passed", "failed", "compile_error", "compile_error", "passed",
                                               "runtime_error", "passed", "passed", "compile_error", "passed"]
    assert [j.extra["precompiled"] for j, _ in batched] == [True, True, False, False, True, True, False, False,
                                                            False, True]
    for i in (2, 3):
        assert batched[i][1].stderr.splitlines()[0] == plain[i][1].stderr.splitlines()[0]
    assert "undefined-thing: unbound identifier" in batched[2][1].stderr
