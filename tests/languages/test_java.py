import pytest

from mbxp.runners.assemble import truncate

from .common import ADD, check_language, verdicts

pytestmark = pytest.mark.lang


def test_java_verdicts():
    check_language(
        "java",
        correct="        return a + b;\n    }\n",
        syntax_error="        return a +;\n    }\n",
        infinite_loop="        while (true) {}\n    }\n",
        crash="        int[] xs = new int[0];\n        return xs[1];\n    }\n",
    )


def test_java_batch_isolates_compile_errors_and_early_exit():
    # One batch: a type error among correct programs must not fail its batch-mates, and an
    # early System.exit(0) that skips the checks must not pass.
    good = "        return a + b;\n    }\n"
    items = [(ADD, good), (ADD, '        return "x";\n    }\n'), (ADD, "        int c = a + b;\n        return c;\n    }\n"),
             (ADD, "        System.exit(0);\n        return 0;\n    }\n")]
    got = verdicts("java", items)
    assert got[:3] == ["passed", "compile_error", "passed"]
    assert got[3].startswith("runtime_error")


def test_java_truncates_after_the_method():
    completion = "        return a + b;\n    }\n\n    public static void main(String[] a) {}\n}\n"
    assert truncate(completion, "java") == "        return a + b;\n    }\n"
