"""mbxp: multilingual code-generation benchmarks (MBXP, Multilingual HumanEval, MathQA-X).

For generation code: `mbxp.stop_sequences(language)` and `mbxp.truncate(completion, language)`.
"""
from .runners.assemble import stop_sequences, truncate

__all__ = ["stop_sequences", "truncate"]
__version__ = "0.1.0"
