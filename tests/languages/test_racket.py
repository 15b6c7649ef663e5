import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import ADD, COUNTS, UNIQUE, check_language, problem, verdicts

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
