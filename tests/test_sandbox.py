"""Hostile programs against mbxp.runners.sandbox.

Every program carries a unique marker in its argv. After each test the `box` fixture checks that
no process with the marker survives, that no cgroup of ours and no marker file in the host's /tmp
is left, and that the next run works normally.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from mbxp.runners import cgroups
from mbxp.runners import sandbox as sb
from mbxp.runners.sandbox import Limits

from .sandbox_kit import MODES, needs_bwrap, py

# ---------------------------------------------------------------------------------------------
# basics

def test_mode_and_basic_run(box):
    r = box.py("import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)")
    assert (r.exit_code, r.stdout, r.stderr, r.timed_out, r.oom, r.truncated) == (3, "out\n", "err\n", False, False, False)
    assert r.sandbox == sb.sandbox_mode()
    assert r.duration < 2


@pytest.mark.parametrize("mode", MODES)
def test_signal_exit_code_like_subprocess(box, mode):
    r = box.run(["/bin/sh", "-c", "kill -9 $$", box.marker], sandbox=mode)
    assert r.exit_code == -9 and not r.timed_out


def test_none_mode_reports_none(box):
    r = box.py("import os; print(os.getuid())", sandbox="none")
    assert r.sandbox == "none" and r.exit_code == 0


def test_required_raises_without_bwrap(box, monkeypatch):
    monkeypatch.setattr(sb, "sandbox_mode", lambda: "none")
    with pytest.raises(sb.SandboxUnavailable):
        box.py("print(1)", sandbox="required")


def test_auto_falls_back_loudly(box, monkeypatch):
    monkeypatch.setattr(sb, "sandbox_mode", lambda: "none")
    monkeypatch.setattr(sb, "_warned", set())
    with pytest.warns(RuntimeWarning, match="WITHOUT a sandbox"):
        r = box.py("print(1)")
    assert r.sandbox == "none" and r.stdout == "1\n"


def test_command_not_found(box):
    for mode in MODES:
        r = box.run(["/nonexistent/prog", box.marker], sandbox=mode)
        assert r.exit_code not in (0, None)


def test_clean_environment(box):
    r = box.py("import os, json; print(json.dumps(dict(os.environ)))", env={"EXTRA": "1"})
    env = json.loads(r.stdout)
    env.pop("PWD", None)  # bwrap --chdir sets it
    assert env == {"PATH": sb.PATH, "HOME": str(box.wd.resolve()), "LANG": "C.UTF-8", "EXTRA": "1"}


# ---------------------------------------------------------------------------------------------
# hostile programs, Python

@pytest.mark.parametrize("mode", MODES)
def test_infinite_loop_times_out(box, mode):
    r = box.py("while True: pass", limits=Limits(timeout=1), sandbox=mode)
    assert r.timed_out and r.exit_code is None
    assert 1 <= r.duration < 6


@pytest.mark.parametrize("mode", MODES)
def test_fork_bomb(box, mode):
    if mode == "none" and "pids" not in cgroups.bases():
        pytest.skip("no pids cgroup: a fork bomb without sandbox would hurt the host")
    r = box.py("""
        import os
        while True:
            try:
                os.fork()
            except OSError:
                pass
    """, limits=Limits(timeout=2, pids=64), sandbox=mode)
    assert r.timed_out and r.duration < 10


def test_shell_fork_bomb(box):
    r = box.run(["/bin/bash", "-c", ":(){ :|:& };:; sleep 100", box.marker], Limits(timeout=2, pids=64))
    assert r.timed_out and r.duration < 10


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("stdio", ["inherit", "devnull"])
def test_orphaned_setsid_child_dies(box, mode, stdio):
    # the child outlives its parent in a new session; with inherited stdio it also holds the pipes
    r = box.py(f"""
        import subprocess, sys
        out = None if "{stdio}" == "inherit" else subprocess.DEVNULL
        subprocess.Popen([sys.executable, "-I", "-S", "-c", "import time; time.sleep(1000)", sys.argv[1]],
                         start_new_session=True, stdout=out, stderr=out)
        print("parent done")
    """, limits=Limits(timeout=30), sandbox=mode)
    assert (r.exit_code, r.stdout, r.timed_out) == (0, "parent done\n", False)
    assert r.duration < 10  # we did not wait for the orphan


@pytest.mark.parametrize("mode", MODES)
def test_setsid_grandchild_killed_on_timeout(box, mode):
    r = box.py("""
        import os, time
        if os.fork() == 0:
            os.setsid()
            time.sleep(1000)
        time.sleep(1000)
    """, limits=Limits(timeout=1), sandbox=mode)
    assert r.timed_out


@pytest.mark.parametrize("mode", MODES)
def test_allocate_10gb(box, mode):
    r = box.py("""
        chunks = []
        for _ in range(80):
            chunks.append(b"x" * (128 << 20))   # touched pages: 10 GB in total
        print("survived")
    """, limits=Limits(timeout=20, memory_mb=256), sandbox=mode)
    assert r.oom or r.exit_code not in (0, None)
    assert "survived" not in r.stdout
    if "memory" in cgroups.bases():
        assert r.oom and r.exit_code == -9


@needs_bwrap
def test_tmpfs_counts_against_memory(box):
    r = box.run(["/bin/sh", "-c", "head -c 600000000 /dev/zero > /tmp/big; echo done", box.marker],
                Limits(timeout=20, memory_mb=256, file_size_mb=1024))
    assert r.oom or r.exit_code != 0 or "done" not in r.stdout


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("stream", ["stdout", "stderr"])
def test_1gb_output_is_capped(box, mode, stream):
    r = box.py(f"""
        import sys
        b = b"x" * (1 << 20)
        w = sys.{stream}.buffer.write
        for _ in range(1024):
            w(b)
        print("end", file=sys.stderr if "{stream}" == "stdout" else sys.stdout)
    """, limits=Limits(timeout=60, output_bytes=65536), sandbox=mode)
    assert r.truncated and r.exit_code == 0 and not r.timed_out
    head, _, tail = getattr(r, stream).partition("\n[... output truncated ...]\n")
    assert len(head) == 65536 and tail == "x" * 4096  # the head and the last 4 KiB are kept
    assert (r.stderr if stream == "stdout" else r.stdout) == "end\n"


def test_endless_output_times_out(box):
    r = box.run(["/usr/bin/yes", box.marker], Limits(timeout=1, output_bytes=1000))
    assert r.timed_out and r.truncated and r.duration < 8
    assert len(r.stdout.partition("\n[... output truncated ...]\n")[0]) == 1000


def test_stdin_is_eof(box):
    r = box.py("import sys; print(repr(sys.stdin.read()))", limits=Limits(timeout=3))
    assert (r.exit_code, r.stdout) == (0, "''\n")


def test_file_size_limit(box):
    r = box.py("open('big', 'wb').write(b'x' * (3 << 20))", limits=Limits(timeout=5, file_size_mb=1))
    assert r.exit_code != 0
    assert os.path.getsize(box.wd / "big") <= 1 << 20


@needs_bwrap
def test_writes_stay_inside(box):
    r = box.py("""
        import os, sys, json
        m = sys.argv[1]
        res = {}
        for p in [os.environ["HOME"] + "/home-" + m, "/tmp/" + m, "/root/" + m, "/etc/" + m,
                  "/usr/" + m, "/work/" + m, "/" + m]:
            try:
                open(p, "w").write("x")
                res[p] = "ok"
            except OSError as e:
                res[p] = type(e).__name__
        print(json.dumps(res))
    """)
    res = json.loads(r.stdout)
    home = f"{box.wd.resolve()}/home-{box.marker}"
    assert res.pop(home) == "ok" and os.path.exists(home)
    assert res.pop(f"/tmp/{box.marker}") == "ok"          # the sandbox's private tmpfs
    assert not os.path.exists(f"/tmp/{box.marker}")       # ...not the host's /tmp
    assert set(res.values()) <= {"PermissionError", "FileNotFoundError", "OSError"}, res
    for p in res:
        assert not os.path.exists(p)


@needs_bwrap
def test_host_files_invisible(box):
    secret_dir = Path(tempfile.mkdtemp(prefix="sbx-secret-"))
    (secret_dir / "secret.txt").write_text("TOPSECRET")
    try:
        r = box.py("""
            import os, sys, json
            res = {}
            def probe(name, f):
                try:
                    res[name] = f()
                except OSError as e:
                    res[name] = type(e).__name__
            probe("secret", lambda: open(sys.argv[2]).read())
            probe("root", lambda: os.listdir("/root"))
            probe("home", lambda: os.listdir("/home"))
            probe("work", lambda: os.listdir("/work"))
            probe("shadow", lambda: open("/etc/shadow").read())
            probe("slash", lambda: sorted(os.listdir("/")))
            probe("procs", lambda: sorted(int(p) for p in os.listdir("/proc") if p.isdigit()))
            probe("uid", lambda: (os.getuid(), os.geteuid()))
            print(json.dumps(res))
        """, str(secret_dir / "secret.txt"))
        res = json.loads(r.stdout)
        assert res["secret"] == "FileNotFoundError"
        assert res["root"] == res["home"] == res["work"] == "FileNotFoundError"
        assert "root:" not in str(res["shadow"])
        assert set(res["slash"]) <= {"bin", "dev", "etc", "lib", "lib64", "proc", "sbin", "tmp", "usr"}
        assert len(res["procs"]) <= 3 and os.getpid() not in res["procs"]   # own pid namespace
        assert res["uid"] == [65534, 65534]
    finally:
        shutil.rmtree(secret_dir)


@needs_bwrap
def test_real_uid_seen_from_host(box):
    if os.geteuid() != 0:
        pytest.skip("only meaningful when the harness runs as root")
    seen = []

    def look():
        for _ in range(100):
            out = subprocess.run(["pgrep", "-f", box.marker], capture_output=True, text=True).stdout.split()
            for pid in out:
                # the program itself, by its real uid: the launcher and bwrap carry the marker in
                # their argv too, and the owner of /proc/PID is root while a process is not
                # dumpable (between a uid change and the next exec, or after bwrap's prctl)
                try:
                    if Path(f"/proc/{pid}/comm").read_text().startswith("python"):
                        status = Path(f"/proc/{pid}/status").read_text()
                        seen.append(int(status.split("\nUid:")[1].split()[0]))
                except (OSError, IndexError):
                    pass
            if seen:
                return
            time.sleep(0.05)

    t = threading.Thread(target=look)
    t.start()
    box.py("import time; time.sleep(2)", limits=Limits(timeout=10))
    t.join()
    assert seen and set(seen) == {65534}


@needs_bwrap
def test_unreachable_workdir_falls_back_to_root_started_bwrap(box):
    hidden = Path(tempfile.mkdtemp(prefix="sbx-private-"))  # 0700 root: nobody can't traverse
    wd = hidden / "wd"
    wd.mkdir()
    code = """
        import os
        print(os.getuid())
        try:
            print(open('/etc/shadow').read()[:5])
        except OSError as e:
            print(type(e).__name__)
    """
    try:
        with pytest.warns(RuntimeWarning, match="cannot reach"):
            sb._warned.clear()
            r = sb.run(py(code, box.marker), wd, Limits(timeout=5))
        assert r.sandbox == "bwrap" and r.stdout.startswith("65534\n") and "root:" not in r.stdout
    finally:
        shutil.rmtree(hidden)


SWIFT_ROOT = "/opt/mbxp/swift-root"


@needs_bwrap
@pytest.mark.skipif(not os.path.isdir(SWIFT_ROOT), reason="no Swift root filesystem")
def test_rootfs_replaces_system_dirs(box):
    r = box.run(["/bin/sh", "-c", "grep VERSION_ID /etc/os-release; test -e /usr/bin/python3 && echo host-python; id -u",
                 box.marker], rootfs=SWIFT_ROOT)
    assert r.exit_code == 0 and r.stdout == 'VERSION_ID="13"\n65534\n', r  # trixie's, not the host's


@needs_bwrap
def test_no_network(box):
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen()
    port = srv.getsockname()[1]
    try:
        r = box.py("""
            import socket, sys, json
            res = {}
            for host, port in [("127.0.0.1", int(sys.argv[2])), ("1.1.1.1", 53), ("8.8.8.8", 443)]:
                try:
                    socket.create_connection((host, port), timeout=3).close()
                    res[host] = "connected"
                except OSError as e:
                    res[host] = type(e).__name__
            print(json.dumps(res))
        """, str(port), limits=Limits(timeout=15))
        res = json.loads(r.stdout)
        assert "connected" not in res.values(), res
        assert res["127.0.0.1"] == "ConnectionRefusedError"
    finally:
        srv.close()


@needs_bwrap
def test_kill_parent_and_everything(box):
    me = os.getpid()
    r = box.py(f"""
        import os, signal
        for target in (os.getppid(), 1, {me}):
            try:
                os.kill(target, signal.SIGKILL)
            except OSError:
                pass
        try:
            os.kill(-1, signal.SIGKILL)   # everything it can reach: nothing but its own namespace
        except OSError:
            pass
        print("still here")
    """)
    # init of the pid namespace ignores it, the harness is not visible, kill(-1) spares the caller
    assert (r.exit_code, r.stdout, r.timed_out) == (0, "still here\n", False)
    r2 = box.run(["/bin/sh", "-c", "kill -9 $PPID; echo after", box.marker])
    assert (r2.exit_code, r2.stdout, r2.timed_out) == (0, "after\n", False)


def test_concurrent_runs(box):
    results = {}

    def one(i):
        limits = Limits(timeout=1 if i % 4 == 0 else 10)
        code = "while True: pass" if i % 4 == 0 else f"print({i})"
        results[i] = sb.run(py(code, box.marker), box.wd, limits)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, r in results.items():
        if i % 4 == 0:
            assert r.timed_out
        else:
            assert (r.exit_code, r.stdout) == (0, f"{i}\n"), r


def test_overhead(box):
    n = 20
    t = time.monotonic()
    for _ in range(n):
        r = box.run(["/bin/true"])
    per_call = (time.monotonic() - t) / n
    assert r.exit_code == 0
    print(f"overhead per call ({r.sandbox}): {per_call * 1000:.1f} ms")
    assert per_call < 0.5  # a sanity bound only: ~10 ms on an idle 2-core machine




# ---------------------------------------------------------------------------------------------
# how children start: the vfork-able launcher (launch.c) and the preexec_fn fallback do the same

def test_the_launcher_is_built_where_a_c_compiler_is():
    assert shutil.which("cc"), "no C compiler: the sandbox would start children the slow way"
    assert sb._launcher() and os.access(sb._launcher(), os.X_OK)


@pytest.mark.parametrize("start", ["launcher", "preexec"])
def test_both_ways_of_starting_set_the_same_limits(box, monkeypatch, start):
    if start == "preexec":
        monkeypatch.setitem(sb._probed, "launcher", None)
    code = """
        import os, resource, json
        print(json.dumps({"uid": os.getuid(), "gid": os.getgid(), "groups": os.getgroups(),
                          "cpu": resource.getrlimit(resource.RLIMIT_CPU),
                          "nofile": resource.getrlimit(resource.RLIMIT_NOFILE),
                          "core": resource.getrlimit(resource.RLIMIT_CORE),
                          "fds": sorted(int(f) for f in os.listdir("/proc/self/fd"))}))
    """
    r = box.py(code, limits=Limits(timeout=5, open_files=77))
    got = json.loads(r.stdout)
    assert got["cpu"] == [6, 7] and got["nofile"] == [77, 77] and got["core"] == [0, 0]
    assert got["fds"] == [0, 1, 2, 3]  # no cgroup fd leaks in (3 is listdir's own)
    if sb.sandbox_mode() == "bwrap" and os.geteuid() == 0:
        assert got["uid"] == got["gid"] == 65534 and got["groups"] in ([], [65534])
    if "memory" in cgroups.bases():  # joined the per-call cgroup before anything ran
        r = box.py("b = bytearray(600 << 20)\nb[::4096] = b'x' * len(b[::4096])\nprint('survived')",
                   limits=Limits(timeout=20, memory_mb=128))
        assert r.oom and "survived" not in r.stdout
