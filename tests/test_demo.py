import json

import pytest

from mbxp.demo import demo
from mbxp.languages import implemented


@pytest.mark.slow
def test_demo_judges_the_shipped_examples(tmp_path, capsys):
    assert demo(tmp_path, workers=2) == 0
    summary = json.loads((tmp_path / "samples_results_summary.json").read_text())
    # one hand-written correct and one wrong completion per language (Python has three of each)
    assert set(summary) == {f"humaneval-{lang}" for lang in implemented()}
    assert all(s["pass@1"] == 0.5 for s in summary.values()), summary
    assert "humaneval-kotlin" in capsys.readouterr().out
