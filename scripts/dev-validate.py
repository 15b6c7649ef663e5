"""Dev check for one language: scripts/dev-validate.py LANG [LIMIT] [DATASETS]

IDS=67,539 (source numbers) restricts the check to those problems of the chosen datasets."""
import os, sys, time
from mbxp.conversion.build import iter_rows
from mbxp.conversion.ir import Dropped
from mbxp.conversion.validate import validate
lang = sys.argv[1]; limit = int(sys.argv[2]) if len(sys.argv) > 2 else 40
datasets = sys.argv[3].split(",") if len(sys.argv) > 3 else ["mbpp", "humaneval", "mathqa"]
items, drops = [], []
ids = set(os.environ["IDS"].split(",")) if os.environ.get("IDS") else None
for config, p, row in iter_rows("/work/shared/data", [lang], datasets, limit):
    number = row.task_id.split("/")[-1] if isinstance(row, Dropped) else str(p.number)
    if ids and number not in ids:
        continue
    (drops if isinstance(row, Dropped) else items).append((config, p, row))
for c, p, d in drops: print("DROPPED", d.task_id, d.reason)
t = time.time()
rep = validate(items, workers=2, progress=False)
print(rep.table()); print(f"{time.time()-t:.1f}s")
for m in rep.misses[:15]: print("MISS", m[0], m[1], m[2], m[3][-400:].replace("\n", " | "))
