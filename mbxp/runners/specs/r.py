"""R: Rscript --vanilla (no site/user profiles), default packages kept since models use stats/utils.

Rscript parses and evaluates the file one top-level expression at a time, so a syntax error in
the completion surfaces as a parse error before any check ran: those messages mean compile_error.
"""
from ..base import Runner


class RRunner(Runner):
    language = "r"
    filename = "main.r"
    tools = {"Rscript": "Rscript"}
    run_cmd = ["{Rscript}", "--vanilla", "main.r"]
    end_style = "braces"
    line_comment = "#"
    stop_tokens = ["\n#", "\n```", "\nprint(", "\ncat(", "\nlibrary(", "\nstopifnot(", "\ntest_"]
    compile_error_patterns = [
        r"(?m)^Error: (unexpected |'\\.*' is an unrecognized escape|invalid multibyte character|"
        r"malformed raw string literal|repeated formal argument|invalid \\u\{xxxx\} sequence|"
        r"nul character not allowed)",
        r"(?m)^Error in parse\(",
    ]


RUNNER = RRunner()
