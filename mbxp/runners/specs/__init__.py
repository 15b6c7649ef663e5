"""One runner spec per language; `get_runner("kotlin")` imports `specs/kotlin.py`."""
from __future__ import annotations

import importlib
from functools import cache

from ..base import Runner


@cache
def get_runner(language: str) -> Runner:
    module = importlib.import_module(f"{__name__}.{language}")
    return module.RUNNER
