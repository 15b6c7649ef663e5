"""Class-data sharing for JVM runs: the archive our warm program wrote is valid for a program's
run (its class path has the program's own directory appended), and a program cannot change it."""
import pytest

from mbxp.runners.base import Job
from mbxp.runners.engine import Cache, judge
from mbxp.runners.sandbox import Limits
from mbxp.runners.specs import get_runner
from mbxp.runners.specs.jvm_cds import warm_program

pytestmark = pytest.mark.slow

WRITE = 'try {{ new java.io.FileOutputStream("{path}").close(); System.out.println("WROTE"); }} ' \
        'catch (Exception e) {{ System.out.println("DENIED " + e); }}'
TAMPER = {
    "java": "public class Main {{ public static void main(String[] a) {{ " + WRITE + " }} }}",
    "kotlin": 'fun main() {{ try {{ java.io.FileOutputStream("{path}").close(); println("WROTE") }} '
              'catch (e: Exception) {{ println("DENIED " + e) }} }}',
    "scala": 'object MbxpTest {{ def main(a: Array[String]): Unit = try {{ new java.io.FileOutputStream("{path}").close(); '
             'println("WROTE") }} catch {{ case e: Exception => println("DENIED " + e) }} }}',
}


@pytest.mark.parametrize("language", ["java", "kotlin", "scala"])
def test_runs_map_the_archive_and_cannot_write_it(language, tmp_path):
    runner = get_runner(language)
    if not runner.available():
        pytest.fail(f"no {language} toolchain: run scripts/install-toolchains --only {language}")
    cds = runner.cds()
    assert cds, "the class-data sharing archive could not be built"
    # the warm program, compiled like any program, run with -Xshare:on: the JVM refuses to start
    # if the archive does not fit the run's class path
    job = Job("warm", language, warm_program(language))
    job.workdir = tmp_path
    tmp_path.chmod(0o755)
    runner.compile_batch([job], "auto")
    argv = [a.replace("-Xshare:auto", "-Xshare:on") for a in runner.run_argv(f"{job.extra['jvm_package']}.{runner.main_class}")]
    argv.insert(argv.index("-cp"), "-Xlog:cds=info:stderr")  # after our -Xlog:disable
    res = runner.sandboxed(argv, job.workdir, Limits(timeout=30), "auto")
    assert res.exit_code == 0 and "MBXP_ALL_PASSED" in res.stdout, res.stderr[-2000:]
    assert cds[0] in res.stderr, res.stderr[-2000:]  # the log names the archive it mapped

    before = open(cds[0], "rb").read()
    [(_, outcome)] = judge([Job("tamper", language, TAMPER[language].format(path=cds[0]))], workers=1,
                           timeout=30, cache=Cache())
    assert "DENIED" in outcome.stdout, (outcome.stdout, outcome.stderr)
    assert open(cds[0], "rb").read() == before


def test_clojure_runs_map_the_archive(tmp_path):
    runner = get_runner("clojure")
    if not runner.available():
        pytest.fail("no clojure toolchain: run scripts/install-toolchains --only clojure")
    jsa = runner.cds()
    assert jsa, "the class-data sharing archive could not be built"
    tmp_path.chmod(0o755)
    (tmp_path / "main.clj").write_text(warm_program("clojure"))
    argv = runner.fill(runner.run_cmd)
    argv[1:1] = ["-Xshare:on", f"-XX:SharedArchiveFile={jsa}", "-Xlog:cds=info:stderr"]
    res = runner.sandboxed([a for a in argv if a != "-Xshare:auto"], tmp_path, Limits(timeout=60), "auto")
    assert res.exit_code == 0 and "MBXP_ALL_PASSED" in res.stdout, res.stderr[-2000:]
    assert jsa in res.stderr
    [(_, outcome)] = judge([Job("tamper", "clojure", f'(spit "{jsa}" "x")\n')], workers=1, timeout=60, cache=Cache())
    assert outcome.verdict == "runtime_error" and "app.jsa" in outcome.stderr, outcome
