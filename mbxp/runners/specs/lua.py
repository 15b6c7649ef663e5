"""Lua 5.4: run with the system lua. Both syntax and runtime errors exit 1; a syntax error is the
one reported without a stack traceback (lua.c adds one to every error raised while running)."""
from ..base import Runner


class LuaRunner(Runner):
    language = "lua"
    filename = "main.lua"
    tools = {"lua": "lua5.4"}
    run_cmd = ["{lua}", "main.lua"]
    end_style = "end"
    line_comment = "--"
    stop_tokens = ["\nlocal", "\nfunction", "\n--", "\nprint(", "\nreturn "]
    compile_error_patterns = [r"\A[^\n]*\bmain\.lua:\d+: [^\n]*\n?\Z"]


RUNNER = LuaRunner()
