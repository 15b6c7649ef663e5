"""The mbxp datasets as a `datasets` builder: one config per MBXP, HumanEval and MathQA config.

datasets >= 4 no longer runs loading scripts, so the main way to load mbxp is a built folder
(`mbxp build --out mbxp`, then `load_dataset("mbxp", "mbkp")`). This builder still works by direct
instantiation, and as a loading script with datasets < 4:

    from mbxp_dataset import MbxpDataset
    builder = MbxpDataset(config_name="mbkp", data_dir="../shared/data")   # or $MBXP_SOURCE_DIR / the Hub
    builder.download_and_prepare()
    ds = builder.as_dataset(split="test")
"""
from __future__ import annotations

import os
from dataclasses import dataclass

import datasets

from mbxp.card import CITATION
from mbxp.conversion.rows import config_name
from mbxp.languages import LANGUAGES

_DESCRIPTION = ("MBXP, Multilingual HumanEval and MathQA-X: execution-based code-generation "
                "benchmarks converted from MBPP, HumanEval and MathQA-Python into many languages.")


@dataclass
class MbxpConfig(datasets.BuilderConfig):
    language: str = "python"
    dataset: str = "mbpp"


def _configs() -> list[MbxpConfig]:
    out = []
    for dataset in ("mbpp", "humaneval", "mathqa"):
        for language, lang in LANGUAGES.items():
            out.append(MbxpConfig(name=config_name(dataset, language), language=language, dataset=dataset,
                                  version=datasets.Version("1.0.0"),
                                  description=f"{dataset} in {lang.display}"))
    return out


class MbxpDataset(datasets.GeneratorBasedBuilder):
    BUILDER_CONFIG_CLASS = MbxpConfig
    BUILDER_CONFIGS = _configs()
    DEFAULT_CONFIG_NAME = "mbpp"

    def _info(self):
        string = datasets.Value("string")
        features = datasets.Features({
            "task_id": string, "language": string, "prompt": string, "test": string, "entry_point": string,
            "description": string, "canonical_solution": string, "stop_tokens": datasets.Sequence(string),
            "header": string, "source_task_id": string, "source_split": string, "dataset": string})
        return datasets.DatasetInfo(description=_DESCRIPTION, features=features, citation=CITATION,
                                    homepage="https://github.com/mbxp/mbxp", license="apache-2.0, cc-by-4.0, mit")

    def _split_generators(self, dl_manager):
        src = self.config.data_dir or os.environ.get("MBXP_SOURCE_DIR")
        return [datasets.SplitGenerator(name=datasets.Split.TEST, gen_kwargs={"src": src})]

    def _generate_examples(self, src):
        from mbxp.conversion.build import iter_rows
        for _, _, row in iter_rows(src, [self.config.language], [self.config.dataset]):
            if isinstance(row, dict):
                yield row["task_id"], row
