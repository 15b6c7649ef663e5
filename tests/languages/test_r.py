import pytest

from mbxp.conversion.emitters import get_emitter
from mbxp.conversion.ir import BIGINT, FLOAT, INT, STR, Type
from mbxp.runners.assemble import truncate

from .common import mbpp, ADD, L, check_language, judge_sources_both, problem, program_with, verdicts

pytestmark = pytest.mark.lang

em = get_emitter("r")
ANY = Type("any")
T = lambda *a: Type("tuple", a)  # noqa: E731


def test_r_verdicts():
    check_language(
        "r",
        correct="  a + b\n}\n",
        syntax_error="  a +* b\n}\n",
        infinite_loop="  while (TRUE) {}\n}\n",
        crash='  stop("boom")\n}\n',
    )


def test_r_lazy_default_packages_match_plain_runs():
    """The engine attaches R's default packages on first use (r_autoload.R): however a program
    reaches their names (a call, a string, exists, a dataset, S4), it gets what `Rscript --vanilla`
    gives, and a program that uses only base never attaches them."""
    def program(body, before=""):
        return program_with("r", ADD, body, before)

    sources = [
        program("  a + b\n}\n", before='cat("stats:", "package:stats" %in% search(), "\\n")\n'),
        program("  median(c(a + b, a + b, 0))\n}\n"),                   # stats, by call
        program('  do.call("median", list(c(a + b, a + b, 0)))\n}\n'),   # by string
        program('  match.fun("sum")(head(c(a, b, 99), 2))\n}\n'),        # utils
        program('  if (exists("sd") && is(a, "numeric")) a + b else 0\n}\n'),  # methods
        program("  a + b + nrow(mtcars) - 32\n}\n"),                      # datasets
        # its own median masks stats' (attached only for sd), without a message about it
        program("  a + b + median(5) + sd(c(1, 1))\n}\n", before="median <- function(x) 0\n"),
        program("  a + b + undefined_function(1)\n}\n"),
        program("  a - b\n}\n"),
    ]
    lazy, plain = judge_sources_both("r", sources)
    assert [o.verdict for _, o in lazy] == [o.verdict for _, o in plain]
    assert [o.verdict for _, o in lazy] == ["passed"] * 7 + ["runtime_error", "failed"]
    assert "stats: FALSE" in lazy[0][1].stdout and "stats: TRUE" in plain[0][1].stdout
    assert lazy[6][1].stderr == plain[6][1].stderr
    assert lazy[7][1].stderr.splitlines()[0] == plain[7][1].stderr.splitlines()[0]


def test_prompt_shape():
    prompt = em.prompt(ADD)
    assert prompt.startswith("# Write an R function add_nums. Returns NULL if nothing fits.\n")
    assert "# >>> add_nums(1, 2)\n# 3\n" in prompt
    assert prompt.endswith("add_nums <- function(a, b) {\n")


def test_literals():
    assert em.literal([1, 2.5], L(FLOAT)) == "c(1.0, 2.5)"
    assert em.literal([], L(INT)) == "numeric(0)" and em.literal([], L(STR)) == "character(0)"
    assert em.literal([[1], []], L(L(INT))) == "list(c(1), numeric(0))"
    assert em.literal([1, None], L(Type("optional", (INT,)))) == "list(1, NULL)"
    assert em.literal([1, "a"], L(ANY)) == 'list(1, "a")'
    assert em.literal((1, "a"), T(INT, STR)) == 'list(1, "a")'
    assert em.literal({"a b": [1], 2: []}, Type("dict", (ANY, L(INT)))) == 'list("a b" = c(1), "2" = numeric(0))'
    assert em.literal('a"\\\n\x01', STR) == '"a\\"\\\\\\n\\x01"'
    assert em.name("in") == "in_" and em.name("_x") == "x"
    nested = problem("k", [("n", INT)], Type("dict", (T(INT, T(INT, INT)), INT)), [((1,), {(1, (2, 3)): 4})])
    assert "keys" in em.unsupported(nested)
    assert "keys" in em.unsupported(problem("k", [("n", INT)], Type("dict", (T(INT), INT)), [((1,), {(10**5,): 1})]))


def test_truncate_keeps_function_only():
    completion = '  s <- "}" # }\n  a + b\n}\n\nprint(add_nums(1, 2))\n'
    assert truncate(completion, "r", em.prompt(ADD)) == '  s <- "}" # }\n  a + b\n}\n'


def test_lenient_containers_strict_values():
    pairs = problem("pairs", [("n", INT)], L(T(STR, FLOAT)), [((1,), [("a", 0.1 + 0.2), ("b", 1.0)])])
    bag = problem("uniq", [("xs", L(INT))], Type("set", (INT,)), [(([1],), {1, 2})])
    dct = problem("counts", [("s", STR)], Type("dict", (STR, INT)), [(("ab",), {"a": 1, "b": 2})])
    got = verdicts("r", [
        (pairs, '  list(c("a", 0.3), list("b", 1))\n}\n'),   # c() coerces 0.3 to a string
        (pairs, '  list(list("a", 0.3), list("b", 1))\n}\n'),
        (pairs, '  list(list("a", 0.31), list("b", 1))\n}\n'),
        (bag, "  c(2, 1)\n}\n"),
        (bag, "  c(2, 2)\n}\n"),
        (dct, "  list(b = 2L, a = 1)\n}\n"),
        (dct, "  c(a = 1, b = 3)\n}\n"),
        (ADD, "  a + b + 1e-9\n}\n"),   # not an integer any more: compared like a Python float
        (ADD, "  a + b + 0.5\n}\n"),
    ])
    assert got == ["failed", "passed", "failed", "passed", "failed", "passed", "failed", "passed", "failed"]


POW = problem("power", [("n", INT)], BIGINT, [((10,), 2**10), ((70,), 2**70)])
POWS = problem("powers", [("n", INT)], L(BIGINT), [((70,), [2**69, 2**70])])
PAIRS = problem("pair_counts", [("xs", L(L(INT)))], Type("dict", (T(INT, INT), INT)),
                [(([[1, 2], [1, 2], [3, 4]],), {(1, 2): 2, (3, 4): 1})])


def test_bigints_are_gmp():
    prompt = em.prompt(POWS)
    assert prompt.startswith("library(gmp, warn.conflicts = FALSE)\n")
    assert 'as.bigz(c("590295810358705651712", "1180591620717411303424"))' in prompt
    assert em.header(ADD) == "" and em.literal(2**10, BIGINT) == "as.bigz(1024)"
    got = verdicts("r", [
        (POW, "  as.bigz(2)^n\n}\n"),
        (POW, "  2^n\n}\n"),                      # a double that is exactly the integer counts
        (POW, "  as.bigz(2)^n + 1\n}\n"),
        (POW, "  as.character(as.bigz(2)^n)\n}\n"),
        (POWS, "  as.bigz(2)^c(n - 1, n)\n}\n"),
        (POWS, "  list(as.bigz(2)^(n - 1), as.bigz(2)^n)\n}\n"),
        (POWS, "  as.bigz(2)^c(n, n)\n}\n"),
    ])
    assert got == ["passed", "passed", "failed", "failed", "passed", "passed", "failed"], got


def test_tuple_keys_are_joined_names():
    prompt = em.prompt(PAIRS)
    assert 'c(1, 2) is "1,2"' in prompt and 'list("1,2" = 2, "3,4" = 1)' in prompt
    got = verdicts("r", [
        (PAIRS, '  as.list(rev(table(sapply(xs, paste, collapse = ","))))\n}\n'),
        (PAIRS, '  list("3,4" = 1, "1,2" = 3)\n}\n'),
        (PAIRS, '  list("1, 2" = 2, "3, 4" = 1)\n}\n'),
    ])
    assert got == ["passed", "failed", "failed"], got


def test_records_with_ordinary_solutions():
    """Node trees (S3 lists, NULL children), Pair lists and R's complex, solved as an R programmer would."""
    height = "  if (is.null(node)) return(0)\n  1 + max(max_height(node$left), max_height(node$right))\n}\n"
    balanced = ("  height <- function(n) {\n    if (is.null(n)) return(0)\n"
                "    l <- height(n$left)\n    r <- height(n$right)\n"
                "    if (l < 0 || r < 0 || abs(l - r) > 1) return(-1)\n    1 + max(l, r)\n  }\n"
                "  height(root) >= 0\n}\n")
    chain = ("  best <- rep(1, n)\n  for (i in seq_len(n)) for (j in seq_len(i - 1))\n"
             "    if (arr[[i]]$a > arr[[j]]$b) best[i] <- max(best[i], best[j] + 1)\n  max(best)\n}\n")
    phase = "  Arg(a + b)\n}\n"
    polar = "  list(c(sqrt(x^2 + y^2), atan2(y, x)), complex(modulus = 2, argument = pi))\n}\n"
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    assert 'Node <- function(data, left, right) {\n  structure(list(data = data, left = left, right = right), ' \
           'class = "Node")\n}' in get_emitter("r").prompt(p927)
    got = verdicts("r", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                         (p590, polar.replace("complex(modulus = 2, argument = pi)", "-2")),   # as Python: -2 == -2+0j
                         (p927, height.replace("1 +", "2 +")),
                         (p590, polar.replace("argument = pi", "argument = pi / 2")),
                         (p927, "  list(data = 1)\n}\n")])
    assert got == ["passed"] * 6 + ["failed"] * 3


def test_record_results():
    """A returned record (optional Node) is compared field by field; its oracle and wrong oracle."""
    from mbxp.conversion.oracle import oracle_results, wrong_results
    from mbxp.conversion.problems import from_mbpp
    from tests.test_records import MIRROR, MIRROR_TESTS, mbpp_row
    p = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    em = get_emitter("r")
    solution = "  if (is.null(root)) return(NULL)\n  Node(root$data, mirror(root$right), mirror(root$left))\n}\n"
    plain = ("  if (is.null(root)) return(NULL)\n"
             "  list(data = root$data, left = mirror(root$right), right = mirror(root$left))\n}\n")
    wrong = solution.replace("(root$data", "(root$data + 1")
    got = verdicts("r", [(p, em.oracle(p, oracle_results(p))), (p, em.oracle(p, wrong_results(p))),
                          (p, solution), (p, plain), (p, wrong)])
    assert got == ["passed", "failed", "passed", "passed", "failed"]   # plain: any value with the fields
