"""MkDocs plugin ``paragraphs-reference``: the generated reference pages inside any MkDocs site.

In ``mkdocs.yml``::

    plugins:
      - paragraphs-reference:
          titles: [mytitle]     # default: every installed title
          spoilers: false       # paragraph text stays hidden unless true

A third-party title gets its own rule reference by listing its id. The plugin also
understands ``{{ include "path/from/mkdocs.yml" }}`` in pages, so code shown in the docs
is the code the tests run (a missing file fails the build).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

_INCLUDE = re.compile(r"\{\{\s*include\s+\"([^\"]+)\"\s*\}\}")


class _Options(Config):
    titles = config_options.Type(list, default=[])
    spoilers = config_options.Type(bool, default=False)


class RuleReferencePlugin(BasePlugin[_Options]):
    """Adds the hook, API, content-format and rule-reference pages to the site."""

    def on_files(self, files: Files, config: Any) -> Files:
        from paragraphs.docs.docgen import all_pages
        from paragraphs.pluginhost.plugins import make_plugin_manager

        from paragraphs.foundation.errors import ParagraphsError

        host = make_plugin_manager()
        try:
            pages = all_pages(host, titles=self.config.titles or None, spoilers=self.config.spoilers)
        except ParagraphsError as exc:  # an unknown title, content that does not compile: one line, no traceback
            raise PluginError(f"paragraphs-reference: {exc}") from None
        for rel, text in pages.items():
            if files.get_file_from_path(rel) is not None:
                continue  # a hand-written page of the same name wins
            files.append(File.generated(config, rel, content=text))
        return files

    def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Any) -> str:
        root = Path(config["config_file_path"]).parent

        def include(match: re.Match[str]) -> str:
            path = root / match.group(1)
            if not path.is_file():
                raise PluginError(f"{page.file.src_path}: included file {match.group(1)} does not exist")
            return path.read_text(encoding="utf-8").rstrip("\n")

        return _INCLUDE.sub(include, markdown)
