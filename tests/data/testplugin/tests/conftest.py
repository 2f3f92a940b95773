"""Only for this repository, where the example is not pip-installed: make it importable.

Your own plugin is installed (``pip install -e .``), so its tests need no such file.
"""

import sys
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parents[2] / "site"


@pytest.fixture(autouse=True)
def example_installed(monkeypatch):
    monkeypatch.syspath_prepend(str(SITE))
    yield
    for name in [m for m in sys.modules if m.startswith("paragraphs_testplugin")]:
        del sys.modules[name]
