"""Toolchain manifest, install commands and `mbxp doctor`.

The doctor tests on python and cpp use the real manifest written by scripts/install-toolchains,
so they fail when the toolchains have not been installed on this machine.
"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from mbxp import toolchains

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def fake_manifest(tmp_path, monkeypatch):
    """Point MBXP_TOOLCHAINS at a manifest written by the test."""
    path = tmp_path / "toolchains.json"
    monkeypatch.setenv("MBXP_TOOLCHAINS", str(path))

    def write(data: dict) -> Path:
        path.write_text(json.dumps(data))
        return path

    return write


def entry(**commands: str) -> dict:
    return {"version": "1.0", "commands": commands, "binds": [], "env": {}, "rootfs": None}


def test_manifest_path_follows_env(fake_manifest, tmp_path):
    assert toolchains.manifest_path() == tmp_path / "toolchains.json"


def test_manifest_path_default(monkeypatch):
    monkeypatch.delenv("MBXP_TOOLCHAINS", raising=False)
    assert toolchains.manifest_path() == Path("/opt/mbxp/toolchains.json")


def test_load_manifest_missing_file_is_empty(fake_manifest):
    assert toolchains.load_manifest() == {}


def test_load_manifest_and_toolchain_lookup(fake_manifest):
    fake_manifest({"python": entry(python="/usr/bin/python3"), "cpp": entry(**{"g++": "/usr/bin/g++"})})
    assert set(toolchains.load_manifest()) == {"python", "cpp"}
    # Aliases resolve to the canonical name, as everywhere else in mbxp.
    assert toolchains.toolchain("C++")["commands"] == {"g++": "/usr/bin/g++"}
    assert toolchains.toolchain("py")["version"] == "1.0"
    assert toolchains.toolchain("rust") is None


def test_load_manifest_rejects_non_object(fake_manifest):
    fake_manifest(["python"])
    with pytest.raises(ValueError, match="JSON object"):
        toolchains.load_manifest()


def test_install_command():
    assert toolchains.install_command("java") == "sudo scripts/install-toolchains --only java"
    assert toolchains.install_command("C#") == "sudo scripts/install-toolchains --only csharp"
    assert toolchains.install_command("swift") == "sudo scripts/install-toolchains --with-swift --only swift"


def test_unknown_language():
    with pytest.raises(ValueError, match="known: python, java"):
        toolchains.install_command("cobol")
    with pytest.raises(ValueError, match="unknown language 'cobol'"):
        toolchains.doctor(["python", "cobol"])


def test_doctor_main_unknown_language_exits_2(capsys):
    assert toolchains.doctor_main("python,cobol", as_json=False) == 2
    assert "unknown language 'cobol'" in capsys.readouterr().out


def test_every_language_has_a_smoke_test():
    from mbxp.languages import LANGUAGES

    assert set(toolchains.SMOKE) == set(LANGUAGES)


def test_doctor_real_toolchains(monkeypatch):
    monkeypatch.delenv("MBXP_TOOLCHAINS", raising=False)
    rows = toolchains.doctor(["python", "cpp"])
    assert [r["language"] for r in rows] == ["python", "cpp"]
    for row in rows:
        assert row["found"], row
        assert row["smoke"] == "ok", row
        assert row["version"]
        assert Path(row["path"]).is_file()
        assert row["install"] == ""
        assert row["seconds"] > 0


def test_doctor_missing_language(fake_manifest, capsys):
    fake_manifest({"python": entry(python="/usr/bin/python3")})
    assert toolchains.doctor_main("python,ruby", as_json=True) == 1
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["found"] and rows[0]["smoke"] == "ok"
    assert rows[1] == {"language": "ruby", "found": False, "version": None, "path": None,
                       "smoke": "not run", "seconds": 0.0,
                       "install": "sudo scripts/install-toolchains --only ruby"}


def test_doctor_recorded_command_gone(fake_manifest):
    fake_manifest({"lua": entry(lua="/nonexistent/lua5.4")})
    [row] = toolchains.doctor(["lua"])
    assert not row["found"]
    assert row["smoke"] == "failed: missing /nonexistent/lua5.4"
    assert row["install"] == "sudo scripts/install-toolchains --only lua"


def test_doctor_smoke_failure_is_reported(fake_manifest):
    # A "python" that runs but prints nothing must fail the smoke test, not pass silently.
    fake_manifest({"python": entry(python="/bin/true")})
    [row] = toolchains.doctor(["python"])
    assert row["found"]
    assert row["smoke"].startswith("failed: printed ''"), row["smoke"]
    assert toolchains.doctor_main("python", as_json=False) == 1


def test_format_doctor_table_aligns_columns():
    rows = [
        {"language": "python", "found": True, "version": "3.11.2", "path": "/usr/bin/python3",
         "smoke": "ok", "seconds": 0.02, "install": ""},
        {"language": "swift", "found": False, "version": None, "path": None, "smoke": "not run",
         "seconds": 0.0, "install": "sudo scripts/install-toolchains --with-swift --only swift"},
    ]
    lines = toolchains.format_doctor_table(rows).splitlines()
    assert lines[0].split() == ["language", "found", "version", "smoke", "seconds", "path", "/", "install"]
    col = lines[0].index("smoke")
    assert lines[1][col:].startswith("ok ") and lines[2][col:].startswith("not run")
    assert lines[2].endswith("--with-swift --only swift")
    assert lines[1].split()[:3] == ["python", "yes", "3.11.2"]


def test_installer_rejects_unknown_language():
    proc = subprocess.run([str(REPO / "scripts/install-toolchains"), "--only", "java,cobol"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "unknown language 'cobol'" in proc.stderr
    assert "known: python java" in proc.stderr


def test_installer_merges_into_existing_manifest(fake_manifest):
    # Python is always present (Debian's python3), so this installs nothing and stays fast.
    path = fake_manifest({"lua": entry(lua="/usr/bin/lua5.4")})
    proc = subprocess.run([str(REPO / "scripts/install-toolchains"), "--only", "python"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads(path.read_text())
    assert set(manifest) == {"lua", "python"}
    assert manifest["python"]["commands"] == {"python": "/usr/bin/python3"}
    assert manifest["python"]["rootfs"] is None
    assert "python      ok" in proc.stdout
