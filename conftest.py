"""Test-session set-up shared by the core's and the plugins' tests."""

import os
import tempfile

# Never touch the user's cache or sessions while testing.
_tmp = tempfile.mkdtemp(prefix="paragraphs-tests-")
os.environ.setdefault("PARAGRAPHS_CACHE_DIR", os.path.join(_tmp, "cache"))
os.environ.setdefault("PARAGRAPHS_DATA_DIR", os.path.join(_tmp, "data"))
os.environ.pop("PARAGRAPHS_OVERLAY", None)
