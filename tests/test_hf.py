"""The Hugging Face surfaces, offline: builder, metric (both ways), gate, Space folder."""
import os
import sys

import evaluate
import pytest

from mbxp.conversion.build import build
from mbxp.data import read_checks, read_config
from mbxp.space import export_space

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
from mbxp_dataset import MbxpDataset  # noqa: E402

METRIC_LANGUAGES = ["python", "javascript", "java"]


@pytest.mark.parametrize("config,rows", [("mbpp", 960), ("mbjp", 960), ("mbkp", 960), ("humaneval-java", 164)])
def test_builder_by_direct_instantiation(tmp_path, source_dir, config, rows):
    builder = MbxpDataset(config_name=config, data_dir=str(source_dir), cache_dir=str(tmp_path))
    builder.download_and_prepare()
    ds = builder.as_dataset(split="test")
    assert ds.num_rows >= rows
    assert set(ds.features) >= {"task_id", "language", "prompt", "test", "entry_point", "stop_tokens"}
    assert len(set(ds["task_id"])) == ds.num_rows


@pytest.fixture(scope="module")
def metric_dataset(tmp_path_factory, source_dir):
    out = tmp_path_factory.mktemp("metric") / "mbxp"
    build(out, str(source_dir), METRIC_LANGUAGES, ["mbpp"], limit=4, workers=1, progress=False)
    return out


def known(dataset, config):
    """(task ids, [[oracle, wrong]]) from the folder's validation completions."""
    rows = read_config(dataset, config)
    checks = {(c["task_id"], c["kind"]): c["completion"] for c in read_checks(dataset, config)}
    return [r["task_id"] for r in rows], [[checks[(r["task_id"], "oracle")], checks[(r["task_id"], "wrong")]]
                                           for r in rows]


def score(metric, dataset, config):
    refs, preds = known(dataset, config)
    pass_at_k, results = metric.compute(predictions=preds, references=refs, k=[1, 2], dataset=str(dataset),
                                        num_workers=2, timeout=10)
    return pass_at_k, results


@pytest.mark.parametrize("config", ["mbpp", "mbjsp", "mbjp"])
def test_metric_loaded_by_path_scores_known_answers(metric_dataset, monkeypatch, config):
    monkeypatch.setenv("HF_ALLOW_CODE_EVAL", "1")
    metric = evaluate.load(os.path.join(REPO, "mbxp_metric.py"))
    pass_at_k, results = score(metric, metric_dataset, config)
    assert pass_at_k == {"pass@1": 0.5, "pass@2": 1.0}
    for i in results:
        (j0, r0), (j1, r1) = results[i]
        assert (j0, r0["verdict"], j1, r1["verdict"]) == (0, "passed", 1, "failed")


def test_metric_code_eval_style_with_language(monkeypatch):
    monkeypatch.setenv("HF_ALLOW_CODE_EVAL", "1")
    metric = evaluate.load(os.path.join(REPO, "mbxp_metric.py"))
    pass_at_k, results = metric.compute(references=["assert add(2, 3) == 5"],
                                        predictions=[["def add(a, b): return a * b", "def add(a, b): return a + b"]],
                                        k=[1, 2], language="python")
    assert pass_at_k == {"pass@1": 0.5, "pass@2": 1.0}
    assert [r[1]["verdict"] for r in results[0]] == ["failed", "passed"]


def test_gate_refuses(monkeypatch):
    monkeypatch.delenv("HF_ALLOW_CODE_EVAL", raising=False)
    metric = evaluate.load(os.path.join(REPO, "mbxp_metric.py"))
    with pytest.raises(ValueError, match="HF_ALLOW_CODE_EVAL"):
        metric.compute(references=["assert True"], predictions=[["pass"]], k=[1], language="python")


def test_space_folder_loads_by_name_and_scores(tmp_path, metric_dataset, monkeypatch):
    export_space(tmp_path / "space")
    for f in ("mbxp_exec/mbxp_exec.py", "app.py", "README.md", "requirements.txt"):
        assert (tmp_path / "space" / f).is_file()
    readme = (tmp_path / "space" / "README.md").read_text()
    assert "sdk: gradio" in readme and "app_file: app.py" in readme and "- metric" in readme
    monkeypatch.chdir(tmp_path / "space")
    monkeypatch.setenv("HF_ALLOW_CODE_EVAL", "1")
    metric = evaluate.load("mbxp_exec")
    pass_at_k, _ = score(metric, metric_dataset, "mbpp")
    assert pass_at_k["pass@1"] == 0.5


def test_push_offline_fails_in_one_line(tmp_path, capsys):
    from mbxp.space import push
    assert push(tmp_path, "someone/mbxp") == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("mbxp push: could not upload") and "\n" not in err
