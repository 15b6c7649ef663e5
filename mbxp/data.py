"""The built dataset folder: one parquet file per config, in the Hub's layout.

    DIR/README.md                               dataset card with YAML `configs`
    DIR/<config>/test-00000-of-00001.parquet    rows
    DIR/_validation/<config>.parquet            oracle / wrong completions (datasets ignores `_` dirs)
    DIR/conversion_report.json                  converted and dropped problems, with reasons
"""
from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

ROW_FIELDS = [
    ("task_id", pa.string()), ("language", pa.string()), ("prompt", pa.string()), ("test", pa.string()),
    ("entry_point", pa.string()), ("description", pa.string()), ("canonical_solution", pa.string()),
    ("stop_tokens", pa.list_(pa.string())), ("header", pa.string()), ("source_task_id", pa.string()),
    ("source_split", pa.string()), ("dataset", pa.string()),
]
ROW_SCHEMA = pa.schema(ROW_FIELDS)
CHECK_SCHEMA = pa.schema([("task_id", pa.string()), ("kind", pa.string()), ("completion", pa.string()),
                          ("program", pa.string())])
PARQUET_NAME = "test-00000-of-00001.parquet"


def write_table(rows: list[dict], schema: pa.Schema, path: Path) -> int:
    """Write rows; returns the table's size in bytes (the card's `num_bytes`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    table = pa.Table.from_pylist(rows, schema=schema)
    # no statistics/pandas metadata: two builds must be byte-identical
    pq.write_table(table, path, compression="zstd", write_statistics=False)
    return table.nbytes


def write_config(out: Path, config: str, rows: list[dict], checks: list[dict]) -> int:
    write_table(checks, CHECK_SCHEMA, out / "_validation" / f"{config}.parquet")
    return write_table(rows, ROW_SCHEMA, out / config / PARQUET_NAME)


def configs_in(folder: str | Path) -> list[str]:
    folder = Path(folder)
    if not folder.is_dir():
        raise FileNotFoundError(f"dataset folder {folder} does not exist (build it with `mbxp build --out {folder}`)")
    return sorted(p.parent.name for p in folder.glob(f"*/{PARQUET_NAME}") if not p.parent.name.startswith("_"))


def read_config(folder: str | Path, config: str) -> list[dict]:
    return pq.read_table(Path(folder) / config / PARQUET_NAME).to_pylist()


def read_checks(folder: str | Path, config: str) -> list[dict]:
    path = Path(folder) / "_validation" / f"{config}.parquet"
    return pq.read_table(path).to_pylist() if path.exists() else []


def read_tasks(folder: str | Path, configs: list[str] | None = None) -> dict[str, dict]:
    """task_id -> row, over every config of a built folder."""
    tasks = {}
    for config in configs or configs_in(folder):
        for row in read_config(folder, config):
            row["config"] = config
            tasks[row["task_id"]] = row
    return tasks
