"""Generating the rule reference (Markdown) from content and plugins. Placeholder until the docs issue."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def export_reference(host: Any, out: Path, *, spoilers: bool = False, overlays: Any = ()) -> list[Path]:
    raise NotImplementedError
