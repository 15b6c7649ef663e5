import pytest

from mbxp.runners.assemble import truncate

from .common import mbpp, ADD, check_language, verdicts

pytestmark = pytest.mark.lang


def test_kotlin_verdicts():
    check_language(
        "kotlin",
        correct="    return a + b\n}\n",
        syntax_error="    return a +\n}\n",
        infinite_loop="    while (true) {}\n}\n",
        crash="    return listOf<Int>()[1]\n}\n",
    )


def test_kotlin_batch_isolates_compile_errors_and_early_exit():
    # One batch: a type error among correct programs must not fail its batch-mates, and an
    # early exitProcess(0) that skips the checks must not pass.
    good = "    return a + b\n}\n"
    items = [(ADD, good), (ADD, '    return "x"\n}\n'), (ADD, "    val c = a + b\n    return c\n}\n"),
             (ADD, "    kotlin.system.exitProcess(0)\n}\n")]
    got = verdicts("kotlin", items)
    assert got[:3] == ["passed", "compile_error", "passed"]
    assert got[3].startswith("runtime_error")


def test_kotlin_truncates_after_the_method():
    completion = "    return a + b\n}\n\nfun main() {\n    println(addNums(1, 2))\n}\n"
    assert truncate(completion, "kotlin") == "    return a + b\n}\n"


def test_records_with_ordinary_solutions():
    """Node trees, Pair lists and Complex data classes, solved the way a Kotlin programmer would,
    and a record result (with null) checked by the oracle and its wrong twin."""
    from mbxp.conversion.emitters import get_emitter
    from mbxp.conversion.oracle import oracle_results, wrong_results
    from mbxp.conversion.problems import from_mbpp
    from tests.test_records import MIRROR, MIRROR_TESTS, mbpp_row
    height = ("    val l = node.left?.let { maxHeight(it) } ?: 0\n"
              "    val r = if (node.right != null) maxHeight(node.right) else 0\n"
              "    return 1 + maxOf(l, r)\n}\n")
    balanced = ("    fun height(n: Node?): Int {\n"
                "        if (n == null) return 0\n"
                "        val l = height(n.left)\n        val r = height(n.right)\n"
                "        return if (l < 0 || r < 0 || abs(l - r) > 1) -1 else 1 + max(l, r)\n    }\n"
                "    return height(root) >= 0\n}\n")
    chain = ("    val best = IntArray(n) { 1 }\n"
             "    for (i in 0 until n) for (j in 0 until i)\n"
             "        if (arr[i].a > arr[j].b) best[i] = maxOf(best[i], best[j] + 1)\n"
             "    return best.max()\n}\n")
    phase = "    return atan2(b.imag, a + b.real)\n}\n"
    polar = ("    val r = sqrt((x * x + y * y).toDouble())\n"
             "    return Pair(Pair(r, atan2(y.toDouble(), x.toDouble())), Complex(2 * cos(PI), 2 * sin(PI)))\n}\n")
    mirror = "    return if (root == null) null else Node(root.data, mirror(root.right), mirror(root.left))\n}\n"
    p927, p367, p601, p124, p590 = (mbpp(n) for n in (927, 367, 601, 124, 590))
    pm = from_mbpp(mbpp_row(MIRROR, MIRROR_TESTS))
    em = get_emitter("kotlin")
    assert "data class Node(val data: Int, val left: Node?, val right: Node?)\n" in em.prompt(p927)
    got = verdicts("kotlin", [(p927, height), (p367, balanced), (p601, chain), (p124, phase), (p590, polar),
                              (pm, mirror), (pm, em.oracle(pm, oracle_results(pm))),
                              (p927, height.replace("1 +", "2 +")),
                              (p590, polar.replace("sin(PI)", "sin(PI / 2)")),
                              (pm, mirror.replace("mirror(root.right), mirror(root.left)", "root.left, root.right")),
                              (pm, em.oracle(pm, wrong_results(pm)))], timeout=20.0)
    assert got == ["passed"] * 7 + ["failed"] * 4
