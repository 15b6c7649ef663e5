"""Run one untrusted command: bubblewrap + cgroups + rlimits, with a timeout and capped output.

Every compile and every run of model-written code goes through `run`. Layers, outermost first:

* **cgroups** (`cgroups.py`): a fresh child of *our own* memory and pids cgroups per call. They
  bound memory (incl. tmpfs) and fork fan-out, report OOM kills, and list every descendant (even
  ones that called setsid) so nothing survives the call.
* **rlimits** (CPU, FSIZE, NOFILE, CORE=0, optional DATA). Never RLIMIT_AS: it breaks JVMs/Node.
* **bubblewrap**: new user/pid/net/ipc/uts/cgroup namespaces, only `lo`, no capabilities, read-only
  system directories, a private /tmp, and only the workdir writable. Killing bwrap kills the
  whole pid namespace, and when the program exits its orphans die with the namespace.

Who the program runs as (measured on the Debian 12 hosts, as root): bwrap works unprivileged, so
when we are root we drop to the *real* uid/gid 65534 (nobody) before exec'ing bwrap. That is
stronger than root-started `bwrap --uid 65534`, where the "nobody" inside is still real root to
the kernel's permission checks on host files (it could read root-only files in any mounted tree,
write root-owned files in rw binds, leave setuid-root files in the workdir). The cost is that
every mounted source must be reachable by uid 65534: the workdir and rw_binds are chowned to it,
and if a bind lives below a directory nobody cannot traverse (e.g. /root/.rustup under 0700
/root), the call falls back to root-started bwrap with --uid 65534 --cap-drop ALL and a one-time
warning naming the path.

/etc is bound read-only as a whole (23 toolchains keep config there: alternatives, java, mono,
php, R, ssl...; a whitelist would be fragile), but every entry that is not world-readable
(shadow, gshadow, ssl/private, ...) is masked with /dev/null or an empty tmpfs.

Starting a child: the steps between fork and exec (join the cgroups, set the rlimits, drop to
65534) are done by `launch.c`, compiled once with the system C compiler, so that Python can
start children with vfork; a fork of the judging process plus a Python preexec_fn cost ~5.7 ms
of its CPU per start (200 MB process, measured) and stalled it for tens of ms under load.
Without a C compiler the same steps run as a preexec_fn.

Output cap: each stream keeps its first `output_bytes`; the rest is read and discarded so the
program behaves as it would uncapped (same exit code), and the timeout bounds the time spent.
"""
from __future__ import annotations

import fcntl
import hashlib
import logging
import math
import os
import resource
import selectors
import signal
import stat
import subprocess
import threading
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from .cgroups import Cgroups, bases as cgroup_bases

LAUNCH_SOURCE = Path(__file__).with_name("launch.c")
LAUNCH_ROOTS = ["/opt/mbxp/cache/launch", "~/.cache/mbxp/launch"]

log = logging.getLogger(__name__)

NOBODY = 65534
PATH = "/usr/local/bin:/usr/bin:/bin"
_GRACE = 2.0  # seconds to drain pipes after the program ended or was killed


class SandboxUnavailable(RuntimeError):
    pass


@dataclass
class Limits:
    timeout: float = 10.0          # wall seconds; on expiry kill the whole process tree
    memory_mb: int = 2048          # memcg limit (and memsw if available)
    pids: int = 256                # pids cgroup limit
    output_bytes: int = 65536      # cap for stdout and for stderr each; excess is read and dropped
    cpu_seconds: int | None = None  # RLIMIT_CPU (default: ceil(timeout)+1)
    file_size_mb: int = 256        # RLIMIT_FSIZE
    open_files: int = 1024         # RLIMIT_NOFILE
    data_mb: int | None = None     # RLIMIT_DATA, None = no rlimit (memcg is the real limit)


@dataclass
class ProcResult:
    exit_code: int | None   # None if killed by us on timeout; negative = signal like subprocess
    stdout: str             # decoded utf-8 with errors="replace", capped
    stderr: str
    duration: float         # wall seconds
    timed_out: bool
    oom: bool               # the memcg OOM killer fired
    truncated: bool         # output was capped
    sandbox: str            # "bwrap" or "none"


# ---------------------------------------------------------------------------------------------
# probing (once per process)

_lock = threading.RLock()  # probes nest (bwrap probe -> /etc scan)
_probed: dict[str, object] = {}
_warned: set[str] = set()


def _warn_once(key: str, msg: str) -> None:
    with _lock:
        if key in _warned:
            return
        _warned.add(key)
    warnings.warn(msg, RuntimeWarning, stacklevel=3)
    log.warning(msg)


def _probe_bwrap() -> tuple[bool, bool]:
    """(bwrap usable, usable after dropping to real uid 65534)."""
    def ok(drop: bool) -> bool:
        try:
            r = subprocess.run(_bwrap_prefix(None) + ["--", "/bin/true"],
                               stdin=subprocess.DEVNULL, capture_output=True, timeout=10,
                               preexec_fn=_drop_privileges if drop else None)
            return r.returncode == 0
        except (OSError, subprocess.SubprocessError):
            return False
    if os.geteuid() == 0 and ok(True):
        return True, True
    return ok(False), False


def _bwrap_state() -> tuple[bool, bool]:
    with _lock:
        if "bwrap" not in _probed:
            _probed["bwrap"] = _probe_bwrap()
        return _probed["bwrap"]  # type: ignore[return-value]


def sandbox_mode() -> str:
    """"bwrap" if bubblewrap can run here, else "none". Probed once, cached."""
    return "bwrap" if _bwrap_state()[0] else "none"


def _build_launcher() -> str | None:
    """mbxp-launch compiled from launch.c into a cache directory only we can write; None if
    there is no C compiler or no such directory."""
    try:
        source = LAUNCH_SOURCE.read_bytes()
    except OSError:
        return None
    key = hashlib.sha256(source).hexdigest()[:16]
    for root in LAUNCH_ROOTS:
        target = Path(os.path.expanduser(root)) / key / "mbxp-launch"
        if target.is_file() and os.access(target, os.X_OK):
            return str(target)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            for d in (target.parent.parent, target.parent):
                os.chmod(d, 0o755)
            part = target.with_name(f".part-{os.getpid()}-{threading.get_ident()}")
            subprocess.run(["cc", "-O2", "-o", str(part), str(LAUNCH_SOURCE)], check=True,
                           capture_output=True, timeout=120)
            os.chmod(part, 0o755)
            os.replace(part, target)  # atomic: a reader never runs half a binary
            return str(target)
        except (OSError, subprocess.SubprocessError):
            continue
    return None


def _launcher() -> str | None:
    with _lock:
        if "launcher" not in _probed:
            _probed["launcher"] = _build_launcher()
        return _probed["launcher"]  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------
# bubblewrap command line

def _etc_masks(etc: str, real_nobody: bool = False) -> list[str]:
    """bwrap args hiding everything in `etc` that is not world-readable. Rescanned every minute
    (~5 ms); an entry that vanished meanwhile is skipped, because bwrap could not create its
    mount point in the read-only /etc and every run would fail.

    With `real_nobody` (the sandbox runs as the real uid 65534, without groups), the kernel
    already refuses what is not world-readable, so only what 65534 owns by user or group is
    hidden: each mask costs a mount in every start (~10 masks were ~1.5 ms of a 10 ms start)."""
    key = "etc:" + etc
    with _lock:
        when, hidden = _probed.get(key, (-60.0, []))  # type: ignore[misc]
    if time.monotonic() - when >= 60:
        hidden = []  # (relative path, is a directory, 65534 owns it by user or group)
        for dirpath, dirnames, filenames in os.walk(etc):
            for name in dirnames + filenames:
                p = os.path.join(dirpath, name)
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                if not stat.S_ISLNK(st.st_mode) and not st.st_mode & stat.S_IROTH:
                    hidden.append((p[len(etc):], stat.S_ISDIR(st.st_mode), NOBODY in (st.st_uid, st.st_gid)))
                    if name in dirnames:
                        dirnames.remove(name)  # hidden as a whole
        with _lock:
            _probed[key] = (time.monotonic(), hidden)
    args: list[str] = []
    for rel, is_dir, nobodys in hidden:
        if (nobodys or not real_nobody) and os.path.lexists(etc + rel):
            args += ["--tmpfs", "/etc" + rel] if is_dir else ["--ro-bind", "/dev/null", "/etc" + rel]
    return args


def _bwrap_prefix(rootfs: str | None, real_nobody: bool = False) -> list[str]:
    root = rootfs.rstrip("/") if rootfs else ""
    args = ["bwrap", "--unshare-all", "--unshare-user", "--die-with-parent", "--new-session",
            "--uid", str(NOBODY), "--gid", str(NOBODY), "--cap-drop", "ALL"]
    # Debian 12 and trixie have merged /usr: /bin, /lib... are symlinks; mirror what the root has.
    for d in ("usr", "bin", "sbin", "lib", "lib64"):
        src = f"{root}/{d}"
        if os.path.islink(src):
            args += ["--symlink", os.readlink(src), f"/{d}"]
        elif os.path.isdir(src):
            args += ["--ro-bind", src, f"/{d}"]
    args += ["--ro-bind", f"{root}/etc", "/etc", *_etc_masks(f"{root}/etc", real_nobody)]
    return args + ["--tmpfs", "/tmp", "--proc", "/proc", "--dev", "/dev"]


def _reachable(path: str, itself: bool) -> bool:
    """Can uid 65534 (no supplementary groups) look up `path` (and enter it, if `itself` and it is
    a directory)? Only mode bits are checked; ACLs are not used on these hosts."""
    p = Path(path).resolve()
    for a in [*([p] if itself and p.is_dir() else []), *p.parents]:
        try:
            st = os.stat(a)
        except OSError:
            return True  # missing: let bwrap report it
        if not (st.st_mode & stat.S_IXOTH or (st.st_uid == NOBODY and st.st_mode & stat.S_IXUSR)
                or (st.st_gid == NOBODY and st.st_mode & stat.S_IXGRP)):
            return False
    return True


def _give_to_nobody(path: str, top: bool = True) -> None:
    """chown a writable tree to 65534. Descends only into directories that were not its yet (plus
    the top level), so a big cache the sandbox itself filled costs one stat per call."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:  # deleted meanwhile by someone else
        return
    changed = st.st_uid != NOBODY
    if changed:
        os.lchown(path, NOBODY, NOBODY)
    if stat.S_ISDIR(st.st_mode) and (changed or top):
        for e in os.scandir(path):
            _give_to_nobody(e.path, top=False)


def give_to_sandbox(path: str | Path) -> None:
    """Let a sandbox already running (uid 65534) write a tree created after it started."""
    try:
        _give_to_nobody(str(path))
    except PermissionError:  # not root: the sandbox runs as us anyway
        pass


def _drop_privileges() -> None:  # runs in the child between fork and exec
    os.setgroups([])
    os.setresgid(NOBODY, NOBODY, NOBODY)
    os.setresuid(NOBODY, NOBODY, NOBODY)


# ---------------------------------------------------------------------------------------------
# run

def run(argv: list[str], workdir: Path, limits: Limits = Limits(), *,
        binds: Sequence[str] = (), rw_binds: Sequence[str] = (), rootfs: str | None = None,
        env: Mapping[str, str] | None = None, sandbox: str = "auto") -> ProcResult:
    """Run `argv` in `workdir` under `limits`. Always returns (never raises for program behaviour).

    sandbox: "auto" = bwrap if usable, else no sandbox with a one-time warning; "required" = raise
    SandboxUnavailable if bwrap cannot run; "none" = rlimits + process group + cgroups only.
    """
    cmd, full_env, mode, preexec, cg = _prepare(argv, workdir, limits, binds, rw_binds, rootfs, env, sandbox)
    workdir = str(Path(workdir).resolve())
    start = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, cwd=workdir, env=full_env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True, preexec_fn=preexec, pass_fds=() if preexec else cg.fds)
    except OSError as e:  # e.g. command not found in mode "none": report it like a shell would
        cg.close()
        return ProcResult(127 if isinstance(e, FileNotFoundError) else 126, "",
                          f"mbxp.sandbox: cannot execute {argv[0]!r}: {e}",
                          time.monotonic() - start, False, False, False, mode)
    try:
        out, err, truncated, timed_out = _communicate(proc, cg, limits, start)
    except BaseException:  # a bug or KeyboardInterrupt: still leave nothing behind
        proc.kill()
        raise
    finally:
        try:  # reap only now: until here the pid (= process group id) could not be recycled
            code: int | None = proc.wait(timeout=_GRACE)  # it was SIGKILLed or has exited
        except subprocess.TimeoutExpired:  # stuck in the kernel; don't hang the caller
            log.warning("mbxp.sandbox: pid %d did not die", proc.pid)
            code = None
        cg.kill()
        oom = cg.oom()
        cg.close()
    timed_out = timed_out or code is None
    if mode == "bwrap" and code is not None and 128 < code <= 128 + 64:
        code = 128 - code  # bwrap reports a signal death as 128+sig; use subprocess' convention
    return ProcResult(None if timed_out else code, out.decode("utf-8", "replace"),
                      err.decode("utf-8", "replace"), time.monotonic() - start, timed_out, oom,
                      truncated, mode)


class Spawned:
    """A long-lived sandboxed process (a warm compiler) talking over stdin/stdout, one line per
    request and per answer. `kill` ends it and everything it started; so does our own exit."""

    def __init__(self, proc: subprocess.Popen, cg: Cgroups):
        self.proc, self.cg = proc, cg
        self.pending = b""  # read but not yet answered

    def ask(self, line: str, timeout: float, expect: str | None = None) -> str | None:
        """Send one line, wait for one line; None (and the process killed) on timeout or death.
        With `expect`, lines that do not start with it are skipped: a compiler or its VM may print
        to stdout, and an answer must never be taken for another request's."""
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
            fd = self.proc.stdout.fileno()
            deadline = time.monotonic() + timeout
            with selectors.DefaultSelector() as sel:
                sel.register(fd, selectors.EVENT_READ)
                while True:
                    while b"\n" in self.pending:
                        answer, self.pending = self.pending.split(b"\n", 1)
                        text = answer.decode("utf-8", "replace").strip()
                        if expect is None or text.startswith(expect):
                            return text
                        log.debug("mbxp.sandbox: skipped output of a server: %r", text[:200])
                    left = deadline - time.monotonic()
                    if left <= 0 or not sel.select(left):
                        raise TimeoutError
                    data = os.read(fd, 65536)
                    if not data:
                        raise EOFError
                    self.pending += data
        except (OSError, TimeoutError, EOFError, ValueError):
            self.kill()
            return None

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        if self.cg is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass
        self.cg.kill()
        try:
            self.proc.wait(timeout=_GRACE)
        except subprocess.TimeoutExpired:
            log.warning("mbxp.sandbox: pid %d did not die", self.proc.pid)
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        self.cg.close()
        self.cg = None


def spawn(argv: list[str], workdir: Path, limits: Limits = Limits(), *,
          binds: Sequence[str] = (), rw_binds: Sequence[str] = (), rootfs: str | None = None,
          env: Mapping[str, str] | None = None, sandbox: str = "auto") -> Spawned:
    """Start `argv` like `run` would (same sandbox, cgroups and rlimits, except that the CPU
    rlimit is the whole life's), and leave it running; stderr is discarded."""
    cmd, full_env, _, preexec, cg = _prepare(argv, workdir, limits, binds, rw_binds, rootfs, env, sandbox)
    try:
        proc = subprocess.Popen(cmd, cwd=str(Path(workdir).resolve()), env=full_env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                start_new_session=True, preexec_fn=preexec, pass_fds=() if preexec else cg.fds)
    except OSError:
        cg.close()
        raise
    return Spawned(proc, cg)


def _prepare(argv, workdir, limits, binds, rw_binds, rootfs, env, sandbox):
    """(command, environment, mode, preexec function, cgroups) for one sandboxed process."""
    if sandbox not in ("auto", "required", "none"):
        raise ValueError(f"sandbox must be auto, required or none, not {sandbox!r}")
    workdir = str(Path(workdir).resolve())
    mode = "none"
    if sandbox != "none":
        if sandbox_mode() == "bwrap":
            mode = "bwrap"
        elif sandbox == "required":
            raise SandboxUnavailable(
                "bubblewrap (bwrap) cannot create a sandbox here: install the 'bubblewrap' package "
                "and make sure user namespaces are enabled, or pass sandbox='none' knowingly")
        else:
            _warn_once("nobwrap", "mbxp.sandbox: bubblewrap is not usable; running model-written "
                       "code WITHOUT a sandbox (only rlimits and cgroups). Install bubblewrap.")

    full_env = {"PATH": PATH, "HOME": workdir, "LANG": "C.UTF-8", **(env or {})}
    cmd, drop = list(argv), False
    if mode == "bwrap":
        drop = _bwrap_state()[1]
        if drop:
            # workdir and rw_binds get chowned below; read-only sources must be enterable as is
            blocked = [p for p in [workdir, *rw_binds] if not _reachable(p, False)]
            blocked += [p for p in [*binds, *([rootfs] if rootfs else [])] if not _reachable(p, True)]
            if blocked:
                drop = False
                _warn_once("trav:" + blocked[0], f"mbxp.sandbox: uid 65534 cannot reach "
                           f"{blocked[0]}; using root-started bwrap --uid 65534 for such calls "
                           f"(chmod o+x it and its parents to get the stronger real-uid sandbox)")
        if drop:
            for p in [workdir, *rw_binds]:
                _give_to_nobody(p)
        cmd = _bwrap_prefix(rootfs, drop)
        for p in binds:
            cmd += ["--ro-bind", p, p]
        for p in [*rw_binds, workdir]:
            cmd += ["--bind", p, p]
        # the root itself is bwrap's scratch tmpfs: make it read-only once all mount points exist
        cmd += ["--remount-ro", "/", "--chdir", workdir, "--", *argv]

    rlims = [(resource.RLIMIT_CPU, limits.cpu_seconds or math.ceil(limits.timeout) + 1),
             (resource.RLIMIT_FSIZE, limits.file_size_mb * 2**20),
             (resource.RLIMIT_NOFILE, limits.open_files),
             (resource.RLIMIT_CORE, 0)]
    if limits.data_mb:
        rlims.append((resource.RLIMIT_DATA, limits.data_mb * 2**20))
    cg = Cgroups(limits.memory_mb, limits.pids)
    if not cgroup_bases():
        _warn_once("nocg", "mbxp.sandbox: no writable memory/pids cgroup; relying on rlimits only")
    for problem in cg.failed:
        _warn_once(problem.split(" (")[0], f"mbxp.sandbox: {problem}")
    fds = list(cg.fds)
    launcher = _launcher()
    if launcher:  # the same steps as preexec below, in a program of their own (see the module doc)
        limits_arg = ",".join(f"{r}={n}:{n + 1 if r == resource.RLIMIT_CPU else n}" for r, n in rlims)
        return ([launcher, ",".join(map(str, fds)) or "-", limits_arg, str(NOBODY) if drop else "-", "--", *cmd],
                full_env, mode, None, cg)

    # Runs in the child between fork and exec. preexec_fn is documented as unsafe with threads
    # because it may need locks other threads held at fork time; this one only makes plain
    # syscalls on pre-opened fds and pre-built values (no imports, no logging, no I/O objects).
    def preexec() -> None:
        for fd in fds:
            os.write(fd, b"0")
        for r, n in rlims:
            resource.setrlimit(r, (n, n + 1) if r == resource.RLIMIT_CPU else (n, n))
        if drop:
            _drop_privileges()
    return cmd, full_env, mode, preexec, cg


_TAIL = 4096


def _communicate(proc: subprocess.Popen, cg: Cgroups, limits: Limits, start: float):
    """Read both pipes with caps until the program is gone. The tree is killed as soon as the
    main process exits (orphans holding the pipes must not keep us waiting) or the deadline
    passes. The child is reaped only afterwards, so its pid (= process group id) cannot be
    recycled while we still signal it."""
    cap = limits.output_bytes
    streams = {proc.stdout.fileno(): bytearray(), proc.stderr.fileno(): bytearray()}
    bufs = dict(streams)
    # the end of a stream matters too: the test's pass marker and the last error are printed last
    tails = {fd: bytearray() for fd in streams}
    truncated = timed_out = exited = False
    sel = selectors.DefaultSelector()
    for fd in streams:
        try:  # bigger pipe buffers: fewer wakeups when a program floods its output
            fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, 1 << 20)
        except OSError:
            pass
        sel.register(fd, selectors.EVENT_READ)
    try:  # a pidfd turns "main process exited" into a select() event
        pidfd: int | None = os.pidfd_open(proc.pid)
        sel.register(pidfd, selectors.EVENT_READ)
    except (OSError, AttributeError):
        pidfd = None  # old kernel: poll waitid
    deadline, end = start + limits.timeout, None  # end: give up draining at this time

    def finish() -> None:
        nonlocal end
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        cg.kill()
        end = time.monotonic() + _GRACE

    try:
        while streams or not exited:
            now = time.monotonic()
            if end is None and now >= deadline:
                timed_out = True
                finish()
            if end is not None and (now >= end or not streams):
                break
            wait = (end or deadline) - now
            for key, _ in sel.select(min(wait, 0.02) if pidfd is None else max(wait, 0)):
                if key.fd == pidfd:
                    sel.unregister(pidfd)
                    exited = True
                    continue
                data = os.read(key.fd, 1 << 20)
                if not data:
                    sel.unregister(key.fd)
                    del streams[key.fd]
                    continue
                buf = bufs[key.fd]
                if len(buf) + len(data) > cap:
                    truncated = True
                    room = max(cap - len(buf), 0)
                    tail = tails[key.fd]
                    tail += data[room:]
                    del tail[:max(len(tail) - _TAIL, 0)]
                    data = data[:room]
                buf += data
            if pidfd is None and not exited:
                exited = os.waitid(os.P_PID, proc.pid,
                                   os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
            if exited and end is None:
                finish()
    finally:
        sel.close()
        if pidfd is not None:
            os.close(pidfd)
    out, err = (bytes(bufs[fd]) + (b"\n[... output truncated ...]\n" + bytes(tails[fd]) if tails[fd] else b"")
                for fd in (proc.stdout.fileno(), proc.stderr.fileno()))
    proc.stdout.close()
    proc.stderr.close()
    return out, err, truncated, timed_out
