import pytest

from mbxp.runners.assemble import truncate

from .common import ADD, check_language, verdicts

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
