from mbxp.runners.assemble import assemble, extract_code, truncate


def test_python_completion_is_cut_at_the_dedent():
    c = "    return a + b\n\nprint(add(1, 2))\ndef other():\n    pass\n"
    assert truncate(c, "python") == "    return a + b\n\n"


def test_fenced_answer_is_extracted():
    answer = "Here you go:\n```python\ndef add(a, b):\n    return a + b\n```\nHope it helps."
    assert extract_code(answer) == "def add(a, b):\n    return a + b\n"


def test_chat_answer_replaces_the_signature():
    row = {"prompt": "import math\n\ndef add(a, b):\n    \"\"\"doc\"\"\"\n", "header": "import math\n\n",
           "test": "\nassert add(1, 2) == 3\n", "entry_point": "add", "language": "python"}
    program = assemble(row, "```python\ndef add(a, b):\n    return a + b\n```")
    assert program == "import math\n\ndef add(a, b):\n    return a + b\n\nassert add(1, 2) == 3\n"
    assert assemble(row, "    return a + b\n").startswith(row["prompt"] + "    return a + b\n")
