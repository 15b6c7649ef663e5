"""Hostile programs in Node, C++, Java and Go against the sandbox (see test_sandbox.py)."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from mbxp.runners import sandbox as sb
from mbxp.runners.sandbox import Limits

from .sandbox_kit import HAVE_BWRAP, needs_bwrap, node

# ---------------------------------------------------------------------------------------------
# other languages

needs_node = pytest.mark.skipif(not shutil.which("node"), reason="no node")


@needs_node
def test_node_hostile(box):
    m = box.marker
    r = box.run(node("while(true){}", m), Limits(timeout=1))
    assert r.timed_out
    r = box.run(node("const b = Buffer.alloc(1<<20, 120); for (let i = 0; i < 1024; i++) process.stdout.write(b)", m),
                Limits(timeout=60))
    assert r.truncated and len(r.stdout.partition("\n[... output truncated ...]\n")[0]) == 65536 and not r.timed_out
    r = box.run(node("const a = []; for (;;) a.push(Buffer.alloc(1<<27, 1))", m), Limits(timeout=20, memory_mb=512))
    assert r.oom or r.exit_code not in (0, None)
    r = box.run(node("""
        const cp = require('child_process');
        cp.spawn(process.execPath, ['-e', 'setTimeout(()=>{}, 1e9)', process.argv[1]],
                 {detached: true, stdio: 'inherit'}).unref();
        console.log('parent done');
    """, m), Limits(timeout=30))
    assert (r.exit_code, r.stdout) == (0, "parent done\n") and r.duration < 20
    r = box.run(node("console.log(JSON.stringify(require('fs').readFileSync(0, 'utf8')))", m))
    assert (r.exit_code, r.stdout) == (0, '""\n')


@needs_node
@needs_bwrap
def test_node_network(box):
    r = box.run(node("""
        const s = require('net').connect(443, '1.1.1.1');
        s.on('connect', () => { console.log('connected'); process.exit(0); });
        s.on('error', e => { console.log(e.code); process.exit(1); });
    """, box.marker), Limits(timeout=10))
    assert r.exit_code == 1 and r.stdout.strip() in ("ENETUNREACH", "EHOSTUNREACH", "ECONNREFUSED")


CPP = r"""
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <string>
#include <vector>
#include <unistd.h>
#include <signal.h>
#include <arpa/inet.h>
#include <sys/socket.h>
int main(int argc, char** argv) {
    std::string mode = argv[1];
    if (mode == "loop") for (volatile unsigned long i = 0;; i++) {}
    if (mode == "fork") for (;;) fork();
    if (mode == "alloc") { std::vector<char*> v; for (int i = 0; i < 80; i++) { char* p = (char*)malloc(128 << 20); memset(p, 1, 128 << 20); v.push_back(p); } puts("survived"); }
    if (mode == "flood") { std::string s(1 << 20, 'x'); for (int i = 0; i < 1024; i++) fwrite(s.data(), 1, s.size(), stdout); }
    if (mode == "orphan") { if (fork() == 0) { setsid(); for (;;) sleep(1000); } puts("parent done"); }
    if (mode == "killparent") { kill(getppid(), SIGKILL); kill(-1, SIGKILL); puts("still here"); }
    if (mode == "net") {
        int s = socket(AF_INET, SOCK_STREAM, 0); sockaddr_in a{}; a.sin_family = AF_INET; a.sin_port = htons(53);
        inet_pton(AF_INET, "1.1.1.1", &a.sin_addr);
        printf("%s\n", connect(s, (sockaddr*)&a, sizeof a) == 0 ? "connected" : "failed");
    }
    if (mode == "secret") { FILE* f = fopen(argv[3], "r"); puts(f ? "visible" : "hidden"); }
    return 0;
}
"""


@pytest.fixture(scope="module")
def cpp_binary():
    if not shutil.which("g++"):
        pytest.skip("no g++")
    d = Path(tempfile.mkdtemp(prefix="sbx-cpp-"))
    (d / "hostile.cpp").write_text(CPP)
    r = sb.run(["g++", "-O0", "-o", "hostile", "hostile.cpp"], d, Limits(timeout=120))  # compile sandboxed too
    assert r.exit_code == 0, r.stderr
    yield d
    shutil.rmtree(d)


def _compiled_hostile(box, binary_dir: Path, argv_for, limits_extra=None):
    """Run the same hostile modes for a compiled language. argv_for(mode) -> argv."""
    secret_dir = Path(tempfile.mkdtemp(prefix="sbx-secret-"))
    (secret_dir / "s.txt").write_text("x")
    try:
        kw = dict(binds=[str(binary_dir)])
        r = box.run(argv_for("loop"), Limits(timeout=1, **(limits_extra or {})), **kw)
        assert r.timed_out
        r = box.run(argv_for("alloc"), Limits(timeout=60, memory_mb=512), **kw)
        assert (r.oom or r.exit_code not in (0, None)) and "survived" not in r.stdout
        r = box.run(argv_for("flood"), Limits(timeout=60, **(limits_extra or {})), **kw)
        assert r.truncated and len(r.stdout.partition("\n[... output truncated ...]\n")[0]) == 65536 and not r.timed_out
        r = box.run(argv_for("orphan"), Limits(timeout=60, **(limits_extra or {})), **kw)
        assert (r.exit_code, r.stdout.strip()) == (0, "parent done") and r.duration < 30  # not 60
        if HAVE_BWRAP:
            r = box.run(argv_for("net"), Limits(timeout=30, **(limits_extra or {})), **kw)
            assert r.stdout.strip() == "failed"
            r = box.run(argv_for("secret", str(secret_dir / "s.txt")), Limits(timeout=30, **(limits_extra or {})), **kw)
            assert r.stdout.strip() == "hidden"
            r = box.run(argv_for("killparent"), Limits(timeout=30, **(limits_extra or {})), **kw)
            assert (r.exit_code, r.stdout.strip(), r.timed_out) == (0, "still here", False)
    finally:
        shutil.rmtree(secret_dir)


def test_cpp_hostile(box, cpp_binary):
    _compiled_hostile(box, cpp_binary, lambda mode, *extra: [str(cpp_binary / "hostile"), mode, box.marker, *extra])
    r = box.run([str(cpp_binary / "hostile"), "fork", box.marker], Limits(timeout=2, pids=64),
                binds=[str(cpp_binary)])
    assert r.timed_out


JAVA = r"""
import java.io.*;
import java.net.*;
import java.util.*;
public class Hostile {
    public static void main(String[] args) throws Exception {
        String mode = args[0];
        switch (mode) {
            case "loop": for (long i = 0;; i++) {}
            case "alloc": { List<byte[]> l = new ArrayList<>(); for (int i = 0; i < 80; i++) { byte[] b = new byte[128 << 20]; Arrays.fill(b, (byte) 1); l.add(b); } System.out.println("survived"); break; }
            case "flood": { byte[] b = new byte[1 << 20]; Arrays.fill(b, (byte) 'x'); PrintStream o = System.out; for (int i = 0; i < 1024; i++) o.write(b, 0, b.length); o.flush(); break; }
            case "orphan": { new ProcessBuilder("/bin/sh", "-c", "setsid /bin/sh -c 'sleep 1000; :' " + args[1] + " &").inheritIO().start().waitFor(); System.out.println("parent done"); break; }
            case "net": { try (Socket s = new Socket()) { s.connect(new InetSocketAddress("1.1.1.1", 53), 3000); System.out.println("connected"); } catch (IOException e) { System.out.println("failed"); } break; }
            case "secret": System.out.println(new File(args[2]).exists() ? "visible" : "hidden"); break;
            case "killparent": { ProcessHandle.current().parent().ifPresent(p -> p.destroyForcibly()); System.out.println("still here"); break; }
        }
    }
}
"""


@pytest.mark.slow
def test_java_hostile(box):
    if not shutil.which("java"):
        pytest.skip("no java")
    d = Path(tempfile.mkdtemp(prefix="sbx-java-"))
    d.chmod(0o755)  # a read-only bind must be enterable by uid 65534
    (d / "Hostile.java").write_text(JAVA)
    try:
        # single-file source launch compiles in memory: give it a JVM-sized budget
        _compiled_hostile(box, d, lambda mode, *extra: ["java", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                                                        str(d / "Hostile.java"), mode, box.marker, *extra],
                          limits_extra=dict(memory_mb=1024))
    finally:
        shutil.rmtree(d)


GO = r"""
package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

func main() {
	switch os.Args[1] {
	case "loop":
		for i := 0; ; i++ {
		}
	case "alloc":
		var l [][]byte
		for i := 0; i < 80; i++ {
			b := make([]byte, 128<<20)
			for j := range b {
				b[j] = 1
			}
			l = append(l, b)
		}
		fmt.Println("survived", len(l))
	case "flood":
		s := []byte(strings.Repeat("x", 1<<20))
		for i := 0; i < 1024; i++ {
			os.Stdout.Write(s)
		}
	case "orphan":
		c := exec.Command(os.Args[0], "sleep", os.Args[2])
		c.Stdout, c.Stderr = os.Stdout, os.Stderr
		c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		c.Start()
		fmt.Println("parent done")
	case "sleep":
		time.Sleep(1000 * time.Second)
	case "net":
		if c, err := net.DialTimeout("tcp", "1.1.1.1:53", 3*time.Second); err == nil {
			c.Close()
			fmt.Println("connected")
		} else {
			fmt.Println("failed")
		}
	case "secret":
		if _, err := os.Stat(os.Args[3]); err == nil {
			fmt.Println("visible")
		} else {
			fmt.Println("hidden")
		}
	case "killparent":
		syscall.Kill(os.Getppid(), syscall.SIGKILL)
		syscall.Kill(-1, syscall.SIGKILL)
		fmt.Println("still here")
	}
}
"""


@pytest.mark.slow
def test_go_hostile(box):
    go = "/usr/local/go/bin/go"
    if not os.path.exists(go):
        pytest.skip("no Go at /usr/local/go")
    d = Path(tempfile.mkdtemp(prefix="sbx-go-"))
    (d / "hostile.go").write_text(GO)
    try:
        # the build itself runs sandboxed; a cold GOCACHE costs 10-20 s
        r = sb.run([go, "build", "-o", "hostile", "hostile.go"], d, Limits(timeout=300, memory_mb=2048),
                   binds=["/usr/local/go"],
                   env={"GOCACHE": f"{d}/gocache", "GOPATH": f"{d}/gopath", "GOTOOLCHAIN": "local",
                        "GOFLAGS": "-buildvcs=false"})
        assert r.exit_code == 0, r.stderr
        _compiled_hostile(box, d, lambda mode, *extra: [str(d / "hostile"), mode, box.marker, *extra])
    finally:
        shutil.rmtree(d)

