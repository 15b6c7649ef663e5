"""Hostile programs compiled in the same batch as ordinary ones (warm javac, merged C++ unit):
each still runs alone in its sandbox, so its batch-mates' verdicts are untouched."""
import pytest

from mbxp.runners.base import Job
from mbxp.runners.engine import Cache, judge
from mbxp.runners.specs import get_runner

pytestmark = pytest.mark.slow

JAVA = """import java.io.*;
import java.util.*;
class Main {
    public static void main(String[] args) throws Exception {
        %s
        System.out.println("MBXP_ALL_PASSED");
    }
}
"""
JAVA_BODIES = {
    "ok1": "int x = 1 + 1;",
    "loop": "while (args.length >= 0) { }",
    "alloc": "List<long[]> l = new ArrayList<>(); while (l.size() >= 0) l.add(new long[1 << 24]);",
    "kill": "ProcessHandle.allProcesses().forEach(p -> p.destroyForcibly());",
    # tries to overwrite every sibling workdir's classes (the batch-mates')
    "tamper": "for (File d : new File(\"..\").listFiles()) { File[] fs = d.listFiles(); if (fs != null) "
              "for (File f : fs) try { new FileOutputStream(f).close(); } catch (Exception e) { } }",
    "ok2": "String s = String.join(\",\", List.of(\"a\", \"b\"));",
}

CPP = """#include <bits/stdc++.h>
using namespace std;
int main() {
    %s
    printf("MBXP_ALL_PASSED\\n");
    return 0;
}
"""
CPP_BODIES = {
    "ok1": "int x = 1 + 1; (void)x;",
    "loop": "volatile int i = 0; while (true) { i++; }",
    "alloc": "vector<vector<char>> v; while (true) v.emplace_back(1 << 24, 'x');",
    "fork": "while (true) fork();",
    "kill": "kill(-1, SIGKILL);",
    "ok2": "string s = \"a\"; s += \"b\";",
}


@pytest.mark.parametrize("language,template,bodies", [("java", JAVA, JAVA_BODIES), ("cpp", CPP, CPP_BODIES)])
def test_hostile_batch_mates(language, template, bodies):
    if not get_runner(language).available():
        pytest.fail(f"no {language} toolchain: run scripts/install-toolchains --only {language}")
    jobs = [Job(k, language, template % body) for k, body in bodies.items()]
    got = {j.key: o.verdict for j, o in judge(jobs, workers=2, timeout=5, cache=Cache())}
    assert got["ok1"] == got["ok2"] == "passed", got
    assert got["loop"] == "timeout", got
    assert got["alloc"] in ("memory_limit", "runtime_error", "timeout"), got  # timeout: swapping under load
    assert got["kill"] != "timeout", got
