import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from .sandbox_kit import box  # noqa: F401 - the sandbox tests' fixture

REPO = Path(__file__).resolve().parent.parent
os.environ.setdefault("MBXP_SOURCE_DIR", str(REPO.parent / "shared" / "data"))
# The whole suite runs offline, with a private HF cache (datasets and evaluate read these at import).
os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_EVALUATE_OFFLINE="1")
os.environ["HF_HOME"] = tempfile.mkdtemp(prefix="mbxp-test-hf-")
atexit.register(shutil.rmtree, os.environ["HF_HOME"], ignore_errors=True)


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: slow tests (whole cross-language runs)")
    config.addinivalue_line("markers", "lang: per-language execution tests")


@pytest.fixture(scope="session", autouse=True)
def sandbox_reaches_tmp_path(tmp_path_factory):
    """pytest makes its base directory 0700; let uid 65534 traverse it (not list it), so that
    programs sandboxed in a tmp_path get the real-uid sandbox, as in production, rather than the
    root-started fallback and its warning."""
    top = Path(tempfile.gettempdir()).resolve()
    d = tmp_path_factory.getbasetemp().resolve()
    while d != top and top in d.parents:
        try:
            d.chmod(d.stat().st_mode | 0o111)
        except PermissionError:
            break
        d = d.parent


@pytest.fixture(scope="session")
def source_dir() -> Path:
    return Path(os.environ["MBXP_SOURCE_DIR"])


@pytest.fixture(scope="session")
def python_dataset(tmp_path_factory, source_dir) -> Path:
    """A small built folder (Python configs, first 12 problems of each source)."""
    from mbxp.conversion.build import build
    out = tmp_path_factory.mktemp("built") / "mbxp"
    build(out, str(source_dir), ["python"], limit=12, workers=1, progress=False)
    return out
