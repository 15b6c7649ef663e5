import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
os.environ.setdefault("MBXP_SOURCE_DIR", str(REPO.parent / "shared" / "data"))


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: slow tests (whole cross-language runs)")
    config.addinivalue_line("markers", "lang: per-language execution tests")


@pytest.fixture(scope="session")
def source_dir() -> Path:
    return Path(os.environ["MBXP_SOURCE_DIR"])
