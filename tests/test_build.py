import json
import os
import subprocess
import sys

from datasets import load_dataset

from mbxp.conversion.validate import validate_dataset


def test_folder_layout_and_card(python_dataset):
    assert sorted(p.name for p in python_dataset.iterdir()) == [
        "README.md", "_validation", "conversion_report.json", "humaneval-python", "mathqa-python", "mbpp"]
    assert not (python_dataset / f"{python_dataset.name}.py").exists()
    card = (python_dataset / "README.md").read_text()
    head = card.split("---")[1]
    for key in ("configs:", "license:", "language:", "task_categories:", "pretty_name:", "dataset_info:",
                "config_name: humaneval-python", "path: mbpp/test-00000-of-00001.parquet"):
        assert key in head
    report = json.loads((python_dataset / "conversion_report.json").read_text())
    assert report["mbpp"]["converted"] == 12 and report["mathqa-python"]["converted"] == 12


def test_load_dataset_offline_by_path_and_by_name(python_dataset, monkeypatch):
    ds = load_dataset(str(python_dataset), "mbpp", split="test")
    assert ds.num_rows == 12 and ds[0]["task_id"] == "MBPP/1" and ds[0]["language"] == "python"
    monkeypatch.chdir(python_dataset.parent)     # the folder is named mbxp
    he = load_dataset("mbxp", "humaneval-python", split="test")
    assert he[0]["task_id"] == "HumanEval_python/0" and he[0]["entry_point"] == "has_close_elements"


def test_validate_a_built_folder(python_dataset):
    report = validate_dataset(python_dataset, workers=2, progress=False)
    assert report.ok, report.misses
    assert report.verdicts["mbpp"]["oracle_ok"] == 12 and report.verdicts["mbpp"]["canonical_ok"] == 12


def test_two_builds_are_byte_identical(tmp_path, source_dir):
    outs = []
    for name in ("a", "b"):
        cmd = [sys.executable, "-m", "mbxp.cli", "build", "--source-dir", str(source_dir), "--out",
               str(tmp_path / name), "--languages", "python,java", "--limit", "40"]
        subprocess.run(cmd, check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": "random"})
        outs.append(sorted((p.relative_to(tmp_path / name), p.read_bytes())
                           for p in (tmp_path / name).rglob("*") if p.is_file()))
    assert outs[0] == outs[1]
    assert len(outs[0]) == 2 + 2 * 6   # card, report, and per config its rows and checks
