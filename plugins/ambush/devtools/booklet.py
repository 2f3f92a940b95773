"""The Silver Star booklet as the shared fact-check tools read it (for tests and reports).

The booklet text and the scripts that split it and extract its references live in the
read-only ``shared`` folder beside the repository (``../shared``); they are not part of
the package. Everything here returns None when that folder is not there.
"""

from __future__ import annotations

import importlib
import os
import sys
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve()
SHARED = Path(os.environ.get("PARAGRAPHS_SHARED", HERE.parents[4] / "shared"))
SEED = SHARED / "seeds" / "004_7e99a467565a0408.txt"
TOOLS = SHARED / "tools" / "ambush"
TUNNEL = {358, 375, 794}
NAVIGATIONAL = ("see", "perform", "table", "read")


def available() -> bool:
    return SEED.is_file() and (TOOLS / "ambush_refgraph.py").is_file()


def _tools():
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    parse = importlib.import_module("ambush_parse")
    refgraph = importlib.import_module("ambush_refgraph")
    return parse, refgraph


def pid(number: int) -> str:
    """The content id of a booklet number (tunnel paragraphs carry a T)."""
    return f"T{number}" if number in TUNNEL else str(number)


@lru_cache(maxsize=1)
def paragraphs() -> dict[str, dict]:
    """Booklet paragraphs by content id: number, source line, text."""
    parse, _ = _tools()
    paras, _, _ = parse.split(parse.load(str(SEED)))
    return {pid(p["number"]): p for p in paras}


@lru_cache(maxsize=1)
def edges() -> set[tuple[str, str]]:
    """The booklet's distinct navigational (from, to) pairs, as content ids."""
    _, refgraph = _tools()
    out = set()
    for key, p in paragraphs().items():
        for kind, target, _ in refgraph.extract(p["text"]):
            if kind in NAVIGATIONAL:
                out.add((key, pid(target)))
    return out


def unreferenced() -> set[str]:
    """Paragraphs no other paragraph reaches by a navigational reference."""
    targets = {b for a, b in edges() if a != b}
    return set(paragraphs()) - targets


DAMAGED = {
    "318", "368", "379", "387", "388", "389", "396", "413", "472", "516", "529", "560", "564", "632",
}
