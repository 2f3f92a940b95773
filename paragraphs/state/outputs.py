"""The one-file outputs a person names on the command line (``--svg FILE``, ``--out FILE``,
``--state FILE``, ``--session PATH.json``...), checked before a command does any work.

A missing folder is refused rather than made: a mistyped folder (``boards/`` for
``board/``) would otherwise be created without a word and the file left where nobody looks
for it. The refusal is a usage error naming the option and the folder, and nothing is
written, not even the folder or a lock file beside the output.
"""

from __future__ import annotations

import os
from pathlib import Path

from paragraphs.foundation.errors import UsageError


def refuse_missing_folder(path: str | os.PathLike[str], option: str) -> None:
    """Refuse an output ``path`` whose folder does not exist (or is not a folder).

    Args:
        path: the file as the person typed it.
        option: the option that named it (``--svg``), for the message.

    Raises:
        UsageError: an empty path, or a folder that is missing or is a file (exit 2).
    """
    text = os.fspath(path)
    if not text.strip():
        raise UsageError(f"{option} needs the path of a file to write")
    folder = Path(os.path.abspath(text)).parent
    if folder.is_dir():
        return
    if os.path.lexists(folder):
        raise UsageError(f"{option} {text}: {folder} is not a folder (nothing was written)")
    raise UsageError(f"{option} {text}: the folder {folder} does not exist: create it first, or name a file in a folder that exists (nothing was written)")


def check_output_file(path: str | os.PathLike[str], option: str, what: str) -> None:
    """:func:`refuse_missing_folder`, then whether the file itself can be written (a probe
    beside it, removed at once: :func:`paragraphs.state.savefile.check_file_writable`).

    Raises:
        UsageError: the folder is missing or not a folder (exit 2).
        SaveError: the file is read-only, not a regular file, or its folder takes no new file (exit 1).
    """
    from paragraphs.state.savefile import check_file_writable

    refuse_missing_folder(path, option)
    check_file_writable(path, what)
