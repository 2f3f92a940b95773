"""Finding a package's data folders (content, schemas) quickly.

``importlib.resources.files`` is the portable way, but importing it costs several
milliseconds at every command; for a package installed as ordinary files (a wheel or an
editable install) the folder beside its ``__init__.py`` is the same thing. Zipped
packages still go through ``importlib.resources``.
"""

from __future__ import annotations

import importlib
import os
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def package_folder(package: str) -> Any:
    """The folder of ``package`` as a ``Path`` (or a ``Traversable`` when zipped)."""
    where = package_dir(package)
    if where is not None:
        from pathlib import Path

        return Path(where)
    from importlib.resources import files

    return files(package)


def package_dir(package: str) -> str | None:
    """The folder of ``package`` as a string, or None when it is not a folder of files
    (zipped): :func:`package_folder` without ``pathlib``, which the core's own sample
    title does without at start-up (see :class:`paragraphs.pluginhost.title_records.Title`)."""
    module = importlib.import_module(package)
    where = getattr(module, "__file__", None)
    if where and os.path.isfile(where):
        return os.path.dirname(where)
    return None
