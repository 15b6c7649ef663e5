"""Warm helper processes: sandboxed, answered line by line, replaced when they die or miss a
deadline, and gone after close()."""
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from mbxp.runners.sandbox import Limits, sandbox_mode, spawn
from mbxp.runners.warm import WarmPool

SERVER = r"""
import os, socket, sys, time
for line in sys.stdin:
    cmd = line.strip()
    if cmd == "pid":
        print(os.getpid(), flush=True)
    elif cmd == "die":
        sys.exit(1)
    elif cmd == "hang":
        time.sleep(1000)
    elif cmd == "net":
        try:
            socket.create_connection(("1.1.1.1", 53), timeout=2)
            print("connected", flush=True)
        except OSError:
            print("blocked", flush=True)
    elif cmd.startswith("noisy "):  # chatter first, as a compiler or its VM may print
        print("done", flush=True)
        print(cmd.split()[1] + " answer", flush=True)
    elif cmd == "uid":
        print(os.getuid(), flush=True)
    else:
        print("echo " + cmd, flush=True)
"""


@pytest.fixture
def pool(request):
    if sandbox_mode() != "bwrap":
        pytest.fail("bubblewrap is not usable here: run scripts/install-toolchains")
    root = Path(tempfile.mkdtemp(prefix="mbxp-warm-"))
    root.chmod(0o711)
    started = []

    def start(r: Path):
        server = spawn(["/usr/bin/python3", "-I", "-S", "-c", SERVER], r, Limits(timeout=3600, memory_mb=256))
        started.append(server)
        return server

    p = WarmPool(start, limit=getattr(request, "param", None))
    yield p, root, started
    p.close()
    shutil.rmtree(root, ignore_errors=True)


def test_answers_and_reuses_one_process(pool):
    p, root, started = pool
    assert p.ask(root, "hello", 10) == "echo hello"
    assert p.ask(root, "again", 10) == "echo again"
    assert len(started) == 1


def test_sandboxed(pool):
    p, root, _ = pool
    assert p.ask(root, "net", 10) == "blocked"
    assert p.ask(root, "uid", 10) != "0"


def test_replaced_after_death_or_missed_deadline(pool):
    p, root, started = pool
    assert p.ask(root, "die", 10) is None
    assert p.ask(root, "hello", 10) == "echo hello"
    assert len(started) == 2
    t = time.monotonic()
    assert p.ask(root, "hang", 1) is None
    assert time.monotonic() - t < 5
    assert not started[1].alive()  # killed, not left behind
    assert p.ask(root, "hello", 10) == "echo hello"
    assert len(started) == 3


def test_nothing_left_after_close(pool):
    p, root, started = pool
    pid = p.ask(root, "pid", 10)
    assert pid is not None
    p.close()
    assert all(not s.alive() for s in started)
    # the pid printed is the server's pid inside its namespace; the host process must be gone
    assert all(s.proc.poll() is not None for s in started)
    assert not any(os.path.exists(f"/proc/{s.proc.pid}") and
                   Path(f"/proc/{s.proc.pid}/status").read_text().find("State:\tZ") < 0 for s in started)


def test_expected_answer_skips_chatter(pool):
    p, root, started = pool
    assert p.ask(root, "noisy r1", 30, expect="r1 ") == "r1 answer"
    assert p.ask(root, "noisy r2", 30, expect="r2 ") == "r2 answer"  # not r1's leftovers
    assert p.ask(root, "x", 30) == "echo x" and len(started) == 1


@pytest.mark.parametrize("pool", [1], indirect=True)
def test_limit_makes_callers_share_one_server(pool):
    import threading
    p, root, started = pool
    answers, done = [], threading.Barrier(4)

    def ask():  # then wait: a server dies with the thread that started it (bwrap --die-with-parent)
        answers.append(p.ask(root, "pid", 30))
        done.wait(timeout=60)
    threads = [threading.Thread(target=ask) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(started) == 1 and len(set(answers)) == 1 and answers[0].isdigit(), (started, answers)


# Warm JVM compilers: a broken program in a batch gets its own messages, its batch-mates still
# compile and pass, and all of it happens in the server (the command-line fallback is not used).
JVM_PROGRAMS = {
    "java": ('class Main { public static void main(String[] a) { System.out.println("MBXP_ALL_PASSED"); } }',
             'class Main { public static void main(String[] a) { int x = "s"; } }'),
    "kotlin": ('fun main() { println("MBXP_ALL_PASSED") }', 'fun main() { val x: Int = "s" }'),
    "scala": ('object MbxpTest { def main(a: Array[String]): Unit = println("MBXP_ALL_PASSED") }',
              'object MbxpTest { def main(a: Array[String]): Unit = { val x: Int = "s" } }'),
}


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(JVM_PROGRAMS))
def test_warm_jvm_compiler_isolates_a_broken_program(language, monkeypatch):
    from mbxp.runners.base import Job
    from mbxp.runners.engine import Cache, judge
    from mbxp.runners.specs import get_runner

    runner = get_runner(language)
    if not runner.available():
        pytest.fail(f"no {language} toolchain: run scripts/install-toolchains --only {language}")

    def no_fallback(*args, **kwargs):
        raise AssertionError("the compile server was not used")
    monkeypatch.setattr(runner, "_compile_group", no_fallback)
    good, bad = JVM_PROGRAMS[language]
    jobs = [Job("good1", language, good), Job("bad", language, bad), Job("good2", language, good + "\n")]
    got = {j.key: o for j, o in judge(jobs, workers=1, timeout=20, cache=Cache())}
    assert got["good1"].verdict == got["good2"].verdict == "passed", got
    assert got["bad"].verdict == "compile_error", got
    # its own message, at its own line 1 (the package clause shares that line)
    assert re.search(r"(Main\.java|mbxp1/main\.kt|mbxp1/Main\.scala):1:.*error", got["bad"].stderr), got["bad"].stderr
