"""One emitter module per language; `get_emitter("kotlin")` imports `emitters/kotlin.py`."""
from __future__ import annotations

import importlib

from .base import Emitter


def get_emitter(language: str) -> Emitter:
    module = importlib.import_module(f"{__name__}.{language}")
    return module.EMITTER
