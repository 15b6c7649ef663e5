"""Go: many programs per `go build` call in a throwaway module, with the warm build cache of the
toolchain manifest. LINKED: programs whose package initialisation cannot do anything (`mergeable`)
become packages `pN` of one binary with a dispatcher `main`, so a batch pays one link instead of
one per program; each program still runs alone, in its own sandbox, as `./main N`.

Imports, like goimports: Go refuses a program whose imports don't match its uses exactly, and a
completion written inside the function body cannot touch the import block. So before judging,
the runner (1) merges the import declarations and drops the extra `package main` and `func main`
of a chat-style answer that repeats the header, and (2) after a failed build, adds the std
packages the compiler reports as `undefined: NAME` (a small table; NAME must be used as
`NAME.X`) and removes the ones it reports as `imported and not used`, then builds again. No
other change is made; a program that still fails is a compile_error.
"""
from __future__ import annotations

import dataclasses
import re
import shutil
import tempfile
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

STD = {name.rsplit("/", 1)[-1]: name for name in """bufio bytes cmp container/heap container/list
container/ring crypto/md5 crypto/sha1 crypto/sha256 crypto/sha512 encoding/base64 encoding/binary
encoding/hex encoding/json errors fmt hash/crc32 hash/fnv io iter maps math math/big math/bits
math/cmplx math/rand os reflect regexp slices sort strconv strings sync time unicode unicode/utf16
unicode/utf8""".split()}

MODULE = "module mbxpbatch\n\ngo 1.26\n"
BLOCK = re.compile(r"^# mbxpbatch/p(\d+)$")
IMPORT_DECL = re.compile(r'^import\s*\((.*?)^\)[^\n]*\n|^import[ \t]+((?:\w+[ \t]+)?"[^"\n]*")[^\n]*\n',
                         re.MULTILINE | re.DOTALL)


class GoRunner(Runner):
    language = "go"
    filename = "main.go"
    tools = {"go": "go"}
    end_style = "braces"
    # text that only follows the function once it has closed (top-level declarations)
    stop_tokens = ["\nfunc ", "\ntype ", "\nvar ", "\nconst ", "\n// ", "\n/*", "\npackage ", "\nimport "]
    batch_size = 16
    memory_mb = 1024
    compile_memory_mb = 2048
    repair_rounds = 2

    def compile_batch(self, jobs: list[Job], sandbox: str, plain: bool = False) -> None:
        for job in jobs:
            job.extra["go_source"] = normalize(job.source)
            job.compiled = True
        todo = list(jobs)
        for round_ in range(self.repair_rounds + 1):
            failed = self._build(todo, sandbox, plain)
            if failed is None:  # the whole batch timed out: give each program its own time
                failed = [f for job in todo for f in self._build([job], sandbox, plain) or []]
            todo = []
            for job, errors in failed:
                fixed = repair(job.extra["go_source"], errors) if round_ < self.repair_rounds else None
                if fixed is None:
                    continue
                job.extra["go_source"] = fixed
                todo.append(job)
            if not todo:
                return

    def compile_per_sample(self, jobs: list[Job], sandbox: str) -> None:
        for job in jobs:  # a plain `go build` per program (same import repair, default linker flags)
            self.compile_batch([job], sandbox, plain=True)

    def _build(self, jobs: list[Job], sandbox: str, plain: bool = False) -> list[tuple[Job, str]] | None:
        """One `go build` of all jobs; returns the failed ones with their own compiler messages,
        or None when a batch of several timed out. Programs that `mergeable` allows become
        packages of one binary (one link for all; see LINKED), the others stay main packages."""
        bdir = Path(tempfile.mkdtemp(prefix="gobatch-", dir=jobs[0].workdir.parent))
        merged = [] if plain or len(jobs) < 2 else [i for i, j in enumerate(jobs) if mergeable(j.extra["go_source"])]
        try:
            (bdir / "go.mod").write_text(MODULE)
            for i, job in enumerate(jobs):
                (bdir / f"p{i}").mkdir()
                text = job.extra["go_source"]
                if i in merged:
                    text = re.sub(r"^package[ \t]+main\b", f"package p{i}", text, count=1, flags=re.MULTILINE)
                    text += "\n\nfunc MbxpMain() { main() }\n"
                (bdir / f"p{i}" / self.filename).write_text(text, encoding="utf-8")
            if len(merged) > 1:
                merged = self._parse_ok(bdir, merged, sandbox)
            if len(merged) > 1:
                (bdir / "linked").mkdir()
                (bdir / "linked" / "main.go").write_text(dispatcher(merged))
            else:
                merged = []
            limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
            argv = [self.tool("go"), "build", *([] if plain else ["-ldflags=-s -w"]), "-o", "out/", "./..."]
            res = self.sandboxed(argv, bdir, limits, sandbox,
                                 rw_binds=tuple(self.toolchain().get("rw_binds") or ()))
            if res.timed_out and len(jobs) > 1:
                for job in jobs:
                    job.compile_seconds += res.duration / len(jobs)
                return None
            blocks = errors_by_package(res.stderr)
            linked = bdir / "out" / "linked"
            again: list[Job] = []  # merged programs to build again, after a batch-mate broke the link
            if merged and not linked.exists() and not res.timed_out:
                # the ones without errors link again without the failed ones (compiles come from the
                # cache); if no error names a merged package, each of them builds alone
                again = [jobs[i] for i in merged if i not in blocks]
            failed = []
            for i, job in enumerate(jobs):
                job.compile_seconds += res.duration / len(jobs)
                if job in again:
                    continue
                binary = linked if i in merged else bdir / "out" / f"p{i}"
                if binary.exists() and not res.timed_out:
                    if i in merged:
                        shutil.copy(binary, job.workdir / "main")  # a copy: samples must not share a file
                        job.extra["go_index"] = i
                    else:
                        shutil.move(binary, job.workdir / "main")
                        job.extra.pop("go_index", None)
                    job.compile_result = dataclasses.replace(res, exit_code=0, stderr="")
                    continue
                text = blocks.get(i) or res.stderr or "go build produced no binary\n"
                job.compile_result = dataclasses.replace(res, exit_code=res.exit_code or 1, stderr=text)
                if not res.timed_out:
                    failed.append((job, text))
            if again:
                named = any(i in blocks for i in merged)  # else the link failed for no program's fault
                groups = [again] if named else [[job] for job in again]
                failed += [f for group in groups for f in self._build(group, sandbox) or []]
            return failed
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def _parse_ok(self, bdir: Path, indices: list[int], sandbox: str) -> list[int]:
        """The programs gofmt can parse: a syntax error would cost the shared link a second build,
        so such a program builds as its own main package instead."""
        gofmt = str(Path(self.tool("go")).with_name("gofmt"))
        files = [f"p{i}/{self.filename}" for i in indices]
        res = self.sandboxed([gofmt, "-l", "-e", *files], bdir, Limits(timeout=60, memory_mb=1024), sandbox)
        if res.timed_out or res.exit_code is None:
            return []
        bad = {int(m) for m in re.findall(r"^p(\d+)/", res.stderr, re.MULTILINE)}
        for i in bad:  # back to a main package
            path = bdir / f"p{i}" / self.filename
            text = path.read_text(encoding="utf-8").removesuffix("\n\nfunc MbxpMain() { main() }\n")
            path.write_text(re.sub(rf"^package[ \t]+p{i}\b", "package main", text, count=1, flags=re.MULTILINE),
                            encoding="utf-8")
        return [i for i in indices if i not in bad]

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        limits = Limits(timeout=timeout, memory_mb=self.memory_mb)
        argv = ["./main", *([str(job.extra["go_index"])] if "go_index" in job.extra else [])]
        return self.sandboxed(argv, job.workdir, limits, sandbox)


def mergeable(source: str) -> bool:
    """Whether a program may be one package of a shared binary (LINKED): every package's
    initialisation runs in that binary, so the program must have none that can do anything —
    no init functions, no package-level variable computed by a call — and no compiler directives."""
    if "//go:" in source:
        return False
    code = strip_strings(source)
    if re.search(r"^func[ \t]+(init|MbxpMain)\b", code, re.MULTILINE):
        return False
    for chunk in re.split(r"\n(?=\S)", code):
        if chunk.startswith("var"):
            body = chunk[chunk.index("(") + 1:] if re.match(r"var\s*\(", chunk) else chunk
            if "(" in body:
                return False
    return True


def dispatcher(indices: list[int]) -> str:
    imports = "".join(f'\tp{i} "mbxpbatch/p{i}"\n' for i in indices)
    cases = "".join(f'\tcase "{i}":\n\t\tp{i}.MbxpMain()\n' for i in indices)
    return (f'package main\n\nimport (\n\t"os"\n{imports})\n\nfunc main() {{\n\twhich := os.Args[1]\n'
            f'\tos.Args = os.Args[:1] // the program sees the arguments it would see alone\n'
            f'\tswitch which {{\n{cases}\tdefault:\n\t\tos.Exit(2)\n\t}}\n}}\n')


def errors_by_package(stderr: str) -> dict[int, str]:
    blocks: dict[int, list[str]] = {}
    current = None
    for line in stderr.splitlines():
        m = BLOCK.match(line)
        if m:
            current = int(m.group(1))
        elif line.startswith("# "):
            current = None
        if current is not None:
            blocks.setdefault(current, []).append(line)
    return {i: "\n".join(lines) + "\n" for i, lines in blocks.items()}


def normalize(source: str) -> str:
    """Merge import declarations, drop repeated package clauses, keep only the last func main."""
    packages = list(re.finditer(r"^package[ \t]+\w+[ \t]*\n", source, re.MULTILINE))
    decls = list(IMPORT_DECL.finditer(source))
    mains = list(re.finditer(r"^func[ \t]+main[ \t]*\(\s*\)", source, re.MULTILINE))
    if len(packages) <= 1 and len(decls) <= 1 and len(mains) <= 1:
        return source
    for m in mains[:-1]:
        source = source[:m.start()] + "func _mbxpSolutionMain()" + source[m.end():]
    decls = list(IMPORT_DECL.finditer(source))
    specs: list[str] = []
    for d in decls:
        body = d.group(1) if d.group(1) is not None else d.group(2)
        for spec in re.findall(r'(?:[\w.]+[ \t]+)?"[^"\n]*"', body):
            spec = " ".join(spec.split())
            if spec not in specs:
                specs.append(spec)
    merged = "import (\n" + "".join(f"\t{s}\n" for s in specs) + ")\n" if specs else ""
    out, pos = [], 0
    for j, d in enumerate(decls):
        out.append(source[pos:d.start()])
        if j == 0:
            out.append(merged)
        pos = d.end()
    out.append(source[pos:])
    source = "".join(out)
    packages = list(re.finditer(r"^package[ \t]+\w+[ \t]*\n", source, re.MULTILINE))
    for m in reversed(packages[1:]):
        source = source[:m.start()] + source[m.end():]
    return source


def repair(source: str, errors: str) -> str | None:
    """The source with the imports the compiler complained about fixed, or None if none were."""
    lines = source.splitlines(keepends=True)
    changed = False
    unused = re.findall(r'^[^:\n]*main\.go:(\d+):(\d+): "([^"]+)" imported (?:as \w+ )?and not used',
                        errors, re.MULTILINE)
    for line_no, _col, path in sorted(unused, key=lambda u: -int(u[0])):
        i = int(line_no) - 1
        if i >= len(lines):
            continue
        new = re.sub(rf'(?:[\w.]+[ \t]+)?"{re.escape(path)}"[ \t]*;?', "", lines[i], count=1)
        if new != lines[i]:
            changed = True
            lines[i] = "" if re.fullmatch(r"\s*(import\s*)?", new) else new
    missing = []
    code = strip_strings(source)
    for name in dict.fromkeys(re.findall(r"undefined: (\w+)$", errors, re.MULTILINE)):
        if name in STD and re.search(rf"(?<![\w.]){name}\.\w", code) and f'"{STD[name]}"' not in source:
            missing.append(STD[name])
    if missing:
        for i, line in enumerate(lines):
            if re.match(r"package[ \t]+\w+", line):
                lines.insert(i + 1, "".join(f'import "{m}"\n' for m in missing))
                changed = True
                break
    return "".join(lines) if changed else None


def strip_strings(source: str) -> str:
    return re.sub(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|`[^`]*`|\'(?:\\.|[^\'\\\n])+\'', " ",
                  source, flags=re.DOTALL)


RUNNER = GoRunner()
