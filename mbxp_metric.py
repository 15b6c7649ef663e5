"""mbxp_exec: a drop-in for evaluate's `code_eval` that runs code in every mbxp language, sandboxed.

    import evaluate
    mbxp_exec = evaluate.load("path/to/mbxp_metric.py")     # or "mbxp_exec" from a Space folder
    pass_at_k, results = mbxp_exec.compute(predictions=[[completion, ...]], references=["MBKP/11"], k=[1])

References are either task ids of a built mbxp dataset (`dataset=` folder, or $MBXP_DATASET, or
./mbxp), whose prompt and test are used, or test programs as in code_eval (then `language=` is
required and each prediction is a whole program).
"""
from __future__ import annotations

import os
from collections import defaultdict

import datasets
import evaluate

_CITATION = """@inproceedings{athiwaratkun2023multilingual,
  title={Multi-lingual Evaluation of Code Generation Models},
  author={Athiwaratkun, Ben and Gouda, Sanjay Krishna and Wang, Zijian and others},
  booktitle={ICLR}, year={2023}
}"""

_DESCRIPTION = """Execution-based pass@k for code generation in 20+ languages (MBXP, Multilingual
HumanEval, MathQA-X), each program in a bubblewrap sandbox, with a verdict per sample (passed,
failed, compile_error, runtime_error, timeout, memory_limit, toolchain_missing)."""

_KWARGS_DESCRIPTION = """
Args:
    predictions: list of candidate lists, one list per problem. With task-id references each
        candidate is a completion of the row's prompt (the prompt itself may be included); with
        test-program references each candidate is a whole program.
    references: one per problem: an mbxp task id ("MBKP/11", "HumanEval_java/0") or a test program.
    k: list of k for pass@k (only k <= candidates per problem are reported). Default [1, 10, 100].
    num_workers: parallel workers. Default 4.
    timeout: seconds per program run. Default 3.0.
    language: required when references are test programs (e.g. "java", "kotlin").
    dataset: folder built by `mbxp build` (default $MBXP_DATASET, else ./mbxp).
    sandbox: "auto" (default), "required" or "none".
Returns:
    pass_at_k: dict {"pass@k": mean over problems}.
    results: dict problem index -> list of (completion_id, {task_id, completion_id, passed, result,
        verdict, exit_code, stderr}), as code_eval.
Examples:
    >>> mbxp_exec = evaluate.load("mbxp_exec")
    >>> pass_at_k, results = mbxp_exec.compute(references=["MBPP/11"], predictions=[["    return s"]], k=[1])
"""

_WARNING = """
################################################################################
                                  !!!WARNING!!!
################################################################################
The "mbxp_exec" metric executes untrusted model-generated code. mbxp runs it in a
sandbox (namespaces, no network, cgroup and rlimit limits), but no sandbox is
perfect. Make sure you understand the risk before going further.

Once you have read this disclaimer, set the environment variable
HF_ALLOW_CODE_EVAL="1". Within Python you can do so with:

>>> import os
>>> os.environ["HF_ALLOW_CODE_EVAL"] = "1"
################################################################################\
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class MbxpExec(evaluate.Metric):
    def _info(self):
        return evaluate.MetricInfo(
            module_type="metric",
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features({"predictions": datasets.Sequence(datasets.Value("string")),
                                        "references": datasets.Value("string")}),
            homepage="https://github.com/mbxp/mbxp",
            codebase_urls=["https://github.com/mbxp/mbxp"],
            reference_urls=["https://arxiv.org/abs/2210.14868"],
            license="Apache-2.0",
        )

    def _compute(self, predictions, references, k=[1, 10, 100], num_workers=4, timeout=3.0,  # noqa: B006
                 language=None, dataset=None, sandbox="auto"):
        if os.getenv("HF_ALLOW_CODE_EVAL", "0") != "1":
            raise ValueError(_WARNING)
        if os.name == "nt":
            raise NotImplementedError("mbxp_exec runs on Linux (bubblewrap sandbox).")
        from mbxp.runners.assemble import assemble
        from mbxp.runners.base import Job
        from mbxp.runners.engine import judge
        from mbxp.runners.passk import mean_pass_at_k

        jobs = []
        tasks = _tasks(references, dataset) if language is None else {}
        for i, (candidates, ref) in enumerate(zip(predictions, references)):
            for j, cand in enumerate(candidates):
                if language is None:
                    row = tasks[ref]
                    completion = cand[len(row["prompt"]):] if cand.startswith(row["prompt"]) else cand
                    jobs.append(Job(f"{i}#{j}", row["language"], assemble(row, completion),
                                    extra={"task_id": ref, "i": i, "j": j}))
                else:
                    from mbxp.languages import get_language
                    jobs.append(Job(f"{i}#{j}", get_language(language).name, cand + "\n" + ref,
                                    extra={"task_id": i, "i": i, "j": j, "foreign": True}))
        results = defaultdict(list)
        for job, outcome in judge(jobs, workers=num_workers, timeout=timeout, sandbox=sandbox):
            e = job.extra
            results[e["i"]].append((e["j"], {
                "task_id": e["task_id"], "completion_id": e["j"], "passed": outcome.passed,
                "result": "passed" if outcome.passed else f"{outcome.verdict}: {outcome.stderr[-300:]}",
                "verdict": outcome.verdict, "exit_code": outcome.exit_code, "stderr": outcome.stderr}))
        counts = []
        for i in range(len(predictions)):
            results[i].sort(key=lambda r: r[0])
            counts.append((len(results[i]), sum(r[1]["passed"] for r in results[i])))
        ks = [k] if isinstance(k, int) else list(k)
        return mean_pass_at_k(counts, ks), dict(results)


def _tasks(references, dataset):
    from mbxp.data import read_tasks
    folder = dataset or os.environ.get("MBXP_DATASET") or "mbxp"
    if not os.path.isdir(folder):
        raise ValueError(f"references look like task ids but no built dataset was found at {folder!r}: "
                         "pass dataset=<folder built by `mbxp build`>, set MBXP_DATASET, or pass "
                         "language= with test programs as references")
    tasks = read_tasks(folder)
    unknown = [r for r in references if r not in tasks]
    if unknown:
        raise ValueError(f"unknown task ids (not in {folder}): {unknown[:5]}; with test programs as "
                         "references, pass language=")
    return tasks
