"""Small builders for tests: books written inline, engines over them."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from paragraphs.content import SourceFile, compile_title
from paragraphs.engine import Engine
from paragraphs.grammar import grammar_for
from paragraphs.plugins import make_plugin_manager

HEADER = """
title:
  id: t
  name: Test book
  counters: [{name: vp, initial: 0}]
  tracks:
    - {name: level, key: level, prompt: "Level?", type: integer, min: 0, max: 6}
"""


def compile_text(yaml_text: str, *, plugins: tuple[Any, ...] = (), header: bool = True, name: str = "book.yaml") -> Any:
    """Compile one inline YAML document as a title ``t`` (no cache); returns CompiledTitle."""
    host = make_plugin_manager(load_entrypoints=False, plugins=plugins, strict=True)
    text = (textwrap.dedent(HEADER) if header else "") + textwrap.dedent(yaml_text)
    files = [SourceFile(name, text.encode())]
    return compile_title(host, "t", files, "test", grammar_for(host, "t")), host


def engine_for(yaml_text: str, *, plugins: tuple[Any, ...] = (), **kwargs: Any) -> Engine:
    """An engine over an inline book; fails the test if the book has errors."""
    compiled, host = compile_text(yaml_text, plugins=plugins)
    errors = [p.format() for p in compiled.errors]
    assert not errors, errors
    return Engine(compiled.book, host, **kwargs)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def one_line_error(capsys: Any, *args: str) -> tuple[int, str]:
    """Run the CLI with ``args``; assert it wrote one ``paragraphs: error:`` line and no
    traceback on stderr; return the exit code and that line."""
    from paragraphs.cli import main

    code = main(list(args))
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert "Traceback" not in err[0] and err[0].startswith("paragraphs: error:"), err[0]
    return code, err[0]
