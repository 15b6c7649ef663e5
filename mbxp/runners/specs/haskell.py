"""Haskell (GHC 9.0): many programs per `ghc --make` call, linked into one binary; each run alone.

The sandbox also mounts /var/lib/ghc (read-only), where Debian keeps the global package database.

Verdicts: a parse or type error fails the compile (compile_error); `error`, a failed pattern match
or `head []` exit 1 (runtime_error); the harness exits 3 after printing the failure marker.

Truncation: the completion writes the function's equations at column 0, so it ends at the first
non-blank line at column 0 that neither starts with the function's name nor is a comment.

Batches (LINKED): a lone `ghc -O0` costs ~0.8 s (start-up, package database, interfaces, a link);
one `ghc --make` over many modules pays that once and ~0.1 s per program. Program K becomes module
`MbxpProgK` (its text behind the header `module MbxpProgK (main) where`, the export list a file
without a header has, and a `LINE` pragma, so messages name `pK/Main.hs` at the program's own
line numbers; `pK/Main.hs` holds the plain text, for GHC's source excerpts). A generated Main
imports every module qualified and runs `MbxpProgK.main` for `./main K`. Haskell has no start-up
code: a module's top-level values are evaluated only when demanded, so nothing of a batch-mate
runs in a program's process; programs that could still tell the difference (`why_alone`) compile
alone, exactly as in the per-sample mode. With `-fkeep-going` one call reports every failing
module (by file name: that program's own compile_error, its messages renamed to `Main.hs`); the
next call links the rest, reusing their object files. Errors that name no program, a batch
timeout or MERGE_ROUNDS failed calls make the remaining programs compile alone. No `-j`: the
2 cores are shared with the engine's other compiles and runs.
"""
from __future__ import annotations

import dataclasses
import re
import shutil
import tempfile
from pathlib import Path

from ..base import Job, Runner
from ..sandbox import Limits, ProcResult

SIGNATURE = re.compile(r"^([a-z_][A-Za-z0-9_']*)\s*::", re.MULTILINE)
MESSAGE = re.compile(r"^(?:p(\d+)/Main|MbxpProg(\d+))\.hs:")
MERGE_ROUNDS = 3

# Why a program must compile alone (a false alarm only costs speed):
ALONE = [
    # pragmas: LANGUAGE (TemplateHaskell, QuasiQuotes and CPP run code or read files at compile
    # time; others change what the text means, and would have to precede the inserted header),
    # OPTIONS_GHC flags, RULES/SPECIALISE rewrites, a LINE pragma that would hide the file name
    (re.compile(r"\{-#"), "pragma"),
    # foreign import/export: C symbols shared by the whole binary
    (re.compile(r"\bforeign\b"), "foreign declaration"),
    # a header of its own, `import Main` (itself when alone), or a batch-mate's module name
    (re.compile(r"^\s*module\b", re.MULTILINE), "module header"),
    (re.compile(r"\bMain\b|MbxpProg"), "the name Main or MbxpProg"),
    # ways to see the module or file name, which differ in a batch: call stacks (also inside
    # ErrorCall exceptions, once caught), Typeable/Data type representations, GHC internals
    (re.compile(r"\b(?:GHC\.|Control\.Exception|Data\.Typeable|Data\.Data|Data\.Dynamic|Type\.Reflection)"
                r"|\b(?:HasCallStack|CallStack|callStack|SrcLoc|srcLoc\w*|ErrorCall\w*|SomeException|"
                r"Typeable|typeOf\w*|typeRep\w*|tyCon\w*)\b"), "module or call-stack introspection"),
]


def why_alone(source: str) -> str | None:
    return next((why for pattern, why in ALONE if pattern.search(source)), None)


class HaskellRunner(Runner):
    language = "haskell"
    filename = "Main.hs"
    tools = {"ghc": "ghc"}
    compile_cmd = ["{ghc}", "-O0", "-v0", "-w", "-o", "main", "Main.hs"]
    per_sample_compile = compile_cmd
    per_sample_run = ["./main"]
    end_style = "toplevel"
    line_comment = "--"
    # text that only follows the function once it has ended (other top-level items)
    stop_tokens = ["\nmain ", "\nimport ", "\nmodule ", "\ndata ", "\ntype ", "\nnewtype ", "\nclass ",
                   "\ninstance ", "\n{-", "\n```"]
    batch_size = 20
    memory_mb = 1024
    compile_memory_mb = 2048

    def binds(self) -> list[str]:
        # /usr/lib/ghc/package.conf.d is a symlink into /var/lib/ghc, which the sandbox does not
        # mount by default (the toolchain manifest lists no binds for haskell)
        extra = [d for d in ("/var/lib/ghc",) if Path(d).is_dir()]
        return list(dict.fromkeys(super().binds() + extra))

    def truncate(self, completion: str, prompt: str = "") -> str:
        sigs = SIGNATURE.findall(prompt)
        name = sigs[-1] if sigs else None
        lines = completion.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if not line.strip() or line[0].isspace() or line.startswith("--"):
                continue
            if name and re.match(rf"{re.escape(name)}(?![A-Za-z0-9_'])", line):
                continue
            return "".join(lines[:i])
        return completion

    def compile_batch(self, jobs: list[Job], sandbox: str) -> None:
        for job in jobs:
            if why := why_alone(job.source):
                job.extra["hs_alone"] = why
        merge = [job for job in jobs if "hs_alone" not in job.extra]
        rest = [job for job in jobs if "hs_alone" in job.extra]
        if len(merge) > 1:
            rest += self._merged(merge, sandbox)
        else:
            rest += merge
        for job in rest:
            super().compile_batch([job], sandbox)  # today's lone compile

    def _merged(self, jobs: list[Job], sandbox: str) -> list[Job]:
        """Build jobs as one binary; returns the ones left to compile alone."""
        bdir = Path(tempfile.mkdtemp(prefix="hsbatch-", dir=jobs[0].workdir.parent))
        try:
            for i, job in enumerate(jobs):
                (bdir / f"p{i}").mkdir()
                (bdir / f"p{i}" / "Main.hs").write_text(job.source, encoding="utf-8")
                (bdir / f"MbxpProg{i}.hs").write_text(
                    f'module MbxpProg{i} (main) where\n{{-# LINE 1 "p{i}/Main.hs" #-}}\n{job.source}',
                    encoding="utf-8")
            live = dict(enumerate(jobs))
            limits = Limits(timeout=self.compile_timeout, memory_mb=self.compile_memory_mb)
            argv = [self.tool("ghc"), "--make", "-fkeep-going", "-O0", "-v0", "-w", "-o", "main", "MbxpMain.hs"]
            for _ in range(MERGE_ROUNDS):
                (bdir / "MbxpMain.hs").write_text(dispatcher(list(live)), encoding="utf-8")
                (bdir / "main").unlink(missing_ok=True)
                res = self.sandboxed(argv, bdir, limits, sandbox)
                for job in live.values():
                    job.compile_seconds += res.duration / len(live)
                if res.exit_code == 0 and not res.timed_out and (bdir / "main").exists():
                    for i, job in live.items():
                        shutil.copy(bdir / "main", job.workdir / "main")  # a copy: runs must not share a file
                        job.extra["hs_index"] = i
                        job.compile_result = dataclasses.replace(res, stderr="")
                        job.compiled = True
                    return []
                blocks = {} if res.timed_out else messages_by_program(res.stderr)
                bad = [i for i in live if i in blocks]
                if not bad:  # no program's fault (or a timeout): each compiles alone
                    break
                for i in bad:
                    job = live.pop(i)
                    own = re.sub(rf"\b(?:p{i}/Main|MbxpProg{i})\.hs:", "Main.hs:", blocks[i])
                    job.compile_result = dataclasses.replace(res, exit_code=res.exit_code or 1, stderr=own)
                    job.compiled = True
                if not live:
                    return []
            return list(live.values())
        finally:
            shutil.rmtree(bdir, ignore_errors=True)

    def run_job(self, job: Job, timeout: float, sandbox: str) -> ProcResult:
        argv = ["./main", *([str(job.extra["hs_index"])] if "hs_index" in job.extra else [])]
        return self.sandboxed(argv, job.workdir, Limits(timeout=timeout, memory_mb=self.memory_mb), sandbox)


def dispatcher(indices: list[int]) -> str:
    """Main for `./main K`. It uses no type class an instance in a program could add to (string
    patterns compare with eqString; IO's Monad instance cannot be declared again), and runs the
    program with no arguments, as it would run alone."""
    imports = "".join(f"import qualified MbxpProg{i}\n" for i in indices)
    cases = "".join(f'  ["{i}"] -> System.Environment.withArgs [] (MbxpProg{i}.main Prelude.>> Prelude.return ())\n'
                    for i in indices)
    return (f"module Main (main) where\nimport qualified System.Environment\n{imports}"
            f"main :: Prelude.IO ()\nmain = System.Environment.getArgs Prelude.>>= \\args -> case args of\n"
            f'{cases}  _ -> Prelude.ioError (Prelude.userError "mbxp: no such program")\n')


def messages_by_program(stderr: str) -> dict[int, str]:
    """GHC's messages grouped by the program whose file they name; a message starts at column 0
    (so do the `13 | code` lines of its source excerpt)."""
    blocks: dict[int, list[str]] = {}
    current = None
    for line in stderr.splitlines():
        if line and not re.match(r"\s|\d+ *\|", line):  # not an indented line or a source excerpt
            m = MESSAGE.match(line)
            current = int(m.group(1) or m.group(2)) if m else None
        if current is not None:
            blocks.setdefault(current, []).append(line)
    return {i: "\n".join(lines).strip("\n") + "\n" for i, lines in blocks.items()}


RUNNER = HaskellRunner()
