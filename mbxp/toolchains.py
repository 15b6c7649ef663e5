"""Where each language's toolchain is, as recorded by scripts/install-toolchains, and `mbxp doctor`.

The manifest (/opt/mbxp/toolchains.json, or $MBXP_TOOLCHAINS) maps a language name to
{"version", "commands": {tool: abs path}, "binds": [dirs the sandbox must expose read-only],
"env": {...}, "rootfs": dir or null, ...extras such as "kotlin_home"}. For a language with a
"rootfs" (Swift), command paths are inside that root and programs compile and run there.
"""
from __future__ import annotations

import json
import os
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable

from mbxp.languages import get_language, parse_languages

DEFAULT_MANIFEST = "/opt/mbxp/toolchains.json"
SMOKE_TIMEOUT = 120
# A minimal PATH, so the smoke test relies on the manifest rather than on the caller's shell
# (e.g. pyenv or rustup shims under /root, which the sandbox hides).
BASE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def manifest_path() -> Path:
    return Path(os.environ.get("MBXP_TOOLCHAINS") or DEFAULT_MANIFEST)


_parsed: tuple[tuple, dict] | None = None


def load_manifest() -> dict:
    """The manifest as a dict (shared: read it, don't change it); {} when it does not exist yet.
    Parsed again only when the file changes: runners ask for it several times per program."""
    global _parsed
    path = manifest_path()
    try:
        st = path.stat()
    except FileNotFoundError:
        return {}
    key = (str(path), st.st_ino, st.st_size, st.st_mtime_ns)
    if _parsed and _parsed[0] == key:
        return _parsed[1]
    data = json.loads(path.read_text())
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object keyed by language")
    _parsed = (key, data)
    return data


def toolchain(language: str) -> dict | None:
    return load_manifest().get(get_language(language).name)


def install_command(language: str) -> str:
    name = get_language(language).name
    swift = " --with-swift" if name == "swift" else ""
    return f"sudo scripts/install-toolchains{swift} --only {name}"


# ------------------------------------------------------------------ smoke tests
#
# language -> (file name, source printing "hello", steps). Each step maps (entry, workdir) to one
# argv; all run in workdir and the last one's stdout must be "hello".

Step = Callable[[dict, str], list[str]]


def _cmd(entry: dict, tool: str) -> str:
    return entry["commands"][tool]


SMOKE: dict[str, tuple[str, str, list[Step]]] = {
    "python": ("h.py", 'print("hello")\n', [lambda e, d: [_cmd(e, "python"), "-I", "h.py"]]),
    "java": ("Main.java", 'public class Main { public static void main(String[] a) { System.out.println("hello"); } }\n', [
        lambda e, d: [_cmd(e, "javac"), "-d", ".", "Main.java"],
        lambda e, d: [_cmd(e, "java"), "-cp", ".", "Main"]]),
    "javascript": ("h.js", 'console.log("hello");\n', [lambda e, d: [_cmd(e, "node"), "h.js"]]),
    "typescript": ("h.ts", 'const s: string = "hello";\nconsole.log(s);\n', [
        lambda e, d: [_cmd(e, "tsc"), "--outDir", "out", "h.ts"],
        lambda e, d: [_cmd(e, "node"), "out/h.js"]]),
    "go": ("h.go", 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hello") }\n', [
        lambda e, d: [_cmd(e, "go"), "build", "-o", "h", "h.go"],
        lambda e, d: ["./h"]]),
    "csharp": ("h.cs", 'class H { static void Main() { System.Console.WriteLine("hello"); } }\n', [
        lambda e, d: [_cmd(e, "mcs"), "-r:System.Numerics", "-out:h.exe", "h.cs"],
        lambda e, d: [_cmd(e, "mono"), "h.exe"]]),
    "php": ("h.php", '<?php echo "hello\\n";\n', [lambda e, d: [_cmd(e, "php"), "h.php"]]),
    "ruby": ("h.rb", 'puts "hello"\n', [lambda e, d: [_cmd(e, "ruby"), "h.rb"]]),
    "kotlin": ("h.kt", 'fun main() { println("hello") }\n', [
        lambda e, d: [_cmd(e, "kotlinc"), "h.kt", "-include-runtime", "-d", "h.jar"],
        lambda e, d: [_cmd(e, "java"), "-jar", "h.jar"]]),
    "cpp": ("h.cpp", '#include <bits/stdc++.h>\nint main() { std::cout << "hello" << std::endl; }\n', [
        lambda e, d: [_cmd(e, "g++"), "-o", "h", "h.cpp"],
        lambda e, d: ["./h"]]),
    "perl": ("h.pl", 'use strict; use Data::Compare; print "hello\\n";\n', [lambda e, d: [_cmd(e, "perl"), "h.pl"]]),
    "scala": ("h.scala", 'object Main { def main(args: Array[String]): Unit = println("hello") }\n', [
        lambda e, d: [_cmd(e, "java"), "-cp", e["scala_compiler_classpath"], "dotty.tools.dotc.Main",
                      "-classpath", e["scala_library_classpath"], "-d", ".", "h.scala"],
        lambda e, d: [_cmd(e, "java"), "-cp", e["scala_library_classpath"] + ":.", "Main"]]),
    # Swift compiles and runs inside its own root filesystem; the work dir is bound into it.
    "swift": ("h.swift", 'print("hello")\n', [
        lambda e, d: ["bwrap", "--bind", e["rootfs"], "/", "--proc", "/proc", "--dev", "/dev",
                      "--perms", "1777", "--tmpfs", "/tmp", "--bind", d, "/tmp/w", "--chdir", "/tmp/w",
                      "--setenv", "HOME", "/tmp", "sh", "-c",
                      f'{_cmd(e, "swiftc")} -o h h.swift && ./h']]),
    "rust": ("h.rs", 'fn main() { println!("hello"); }\n', [
        lambda e, d: [_cmd(e, "rustc"), "-o", "h", "h.rs"],
        lambda e, d: ["./h"]]),
    "lua": ("h.lua", 'print("hello")\n', [lambda e, d: [_cmd(e, "lua"), "h.lua"]]),
    "r": ("h.r", 'cat("hello\\n")\n', [lambda e, d: [_cmd(e, "Rscript"), "h.r"]]),
    "racket": ("h.rkt", '#lang racket/base\n(displayln "hello")\n', [lambda e, d: [_cmd(e, "racket"), "h.rkt"]]),
    "bash": ("h.sh", 'echo hello\n', [lambda e, d: [_cmd(e, "bash"), "h.sh"]]),
    "d": ("h.d", 'import std.stdio;\nvoid main() { writeln("hello"); }\n', [
        lambda e, d: [_cmd(e, "ldc2"), "-of=h", "h.d"],
        lambda e, d: ["./h"]]),
    "haskell": ("h.hs", 'main :: IO ()\nmain = putStrLn "hello"\n', [
        lambda e, d: [_cmd(e, "ghc"), "-v0", "-outputdir", "build", "-o", "h", "h.hs"],
        lambda e, d: ["./h"]]),
    "ocaml": ("h.ml", 'let () = print_endline "hello"\n', [
        lambda e, d: [_cmd(e, "ocamlopt"), "-o", "h", "h.ml"],
        lambda e, d: ["./h"]]),
    "elixir": ("h.exs", 'IO.puts("hello")\n', [lambda e, d: [_cmd(e, "elixir"), "h.exs"]]),
    "clojure": ("h.clj", '(println "hello")\n', [
        lambda e, d: [_cmd(e, "java"), "-cp", e["clojure_jar"], "clojure.main", "h.clj"]]),
}


def _missing_commands(entry: dict) -> list[str]:
    root = entry.get("rootfs") or ""
    return [path for path in entry.get("commands", {}).values()
            if not os.access(root + path, os.X_OK)]


def smoke_test(language: str, entry: dict) -> str:
    """Compile and run hello world with the recorded toolchain: "ok" or "failed: <why>"."""
    filename, source, steps = SMOKE[language]
    with tempfile.TemporaryDirectory(prefix=f"mbxp-doctor-{language}-") as work:
        Path(work, filename).write_text(source)
        # HOME is a scratch dir because the sandbox has no real home; tools must not depend on one.
        env = {"PATH": BASE_PATH, "HOME": work, "LANG": "C.UTF-8", **entry.get("env", {})}
        out = ""
        for step in steps:
            argv = step(entry, work)
            try:
                proc = subprocess.run(argv, cwd=work, env=env, capture_output=True, text=True,
                                      timeout=SMOKE_TIMEOUT)
            except subprocess.TimeoutExpired:
                return f"failed: {Path(argv[0]).name} timed out after {SMOKE_TIMEOUT} s"
            except OSError as exc:
                return f"failed: {exc}"
            if proc.returncode != 0:
                detail = (proc.stderr or proc.stdout).strip().splitlines()
                return f"failed: {Path(argv[0]).name} exit {proc.returncode}: {detail[-1] if detail else ''}"
            out = proc.stdout
        return "ok" if out.strip() == "hello" else f"failed: printed {out.strip()[:60]!r}, not 'hello'"


def _doctor_row(language: str, manifest: dict) -> dict:
    entry = manifest.get(language)
    row = {"language": language, "found": False, "version": None, "path": None, "smoke": "not run",
           "seconds": 0.0, "install": ""}
    if entry is None:
        row["install"] = install_command(language)
        return row
    row["version"] = entry.get("version")
    commands = entry.get("commands", {})
    main = next(iter(commands.values()), None)
    row["path"] = (entry.get("rootfs") or "") + main if main else None
    missing = _missing_commands(entry)
    if missing:
        row["install"] = install_command(language)
        row["smoke"] = f"failed: missing {', '.join(missing)}"
        return row
    row["found"] = True
    start = time.monotonic()
    row["smoke"] = smoke_test(language, entry)
    row["seconds"] = round(time.monotonic() - start, 2)
    return row


def doctor(languages: list[str]) -> list[dict]:
    """One row per language (in the order given): is it installed, and does hello world work."""
    names = [get_language(lang).name for lang in languages]
    manifest = load_manifest()
    # Two at a time: this machine has 2 cores, and the JVM compilers dominate.
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(lambda name: _doctor_row(name, manifest), names))


def format_doctor_table(rows: list[dict]) -> str:
    header = ["language", "found", "version", "smoke", "seconds", "path / install"]
    lines = [header]
    for r in rows:
        smoke = r["smoke"] if len(r["smoke"]) <= 60 else r["smoke"][:57] + "..."
        lines.append([r["language"], "yes" if r["found"] else "no", r["version"] or "-", smoke,
                      f"{r['seconds']:.2f}", r["install"] or r["path"] or "-"])
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip()
                     for line in lines)


def doctor_main(languages: str | None, as_json: bool) -> int:
    try:
        names = parse_languages(languages)
    except ValueError as exc:
        print(f"mbxp doctor: {exc}")
        return 2
    rows = doctor(names)
    if as_json:
        print(json.dumps(rows, indent=2))
    else:
        print(f"manifest: {manifest_path()}")
        print(format_doctor_table(rows))
    bad = [r for r in rows if not r["found"] or r["smoke"] != "ok"]
    return 1 if bad else 0
