"""Bounds on what content may ask of the library, so that hostile content fails cleanly.

Content comes from strangers (a shared overlay, a downloaded title). Whatever it asks for
must end in a located error, never in a hang, a ``MemoryError`` or a traceback. The YAML
reader bounds file size, depth and alias expansion (:mod:`paragraphs.pipeline.yamlread`), dice bound
their faces (:mod:`paragraphs.book.dice`); the limits that several modules share live here.
"""

from __future__ import annotations

import re

#: Most subjects a ``for_each`` or a group check may run over (one per man or unit).
MAX_SUBJECTS = 1000

#: A name that may become a file or folder name: no separator, no dot, no leading dash.
_SAFE_NAME = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z"  # (patterns as text: compiled on first use)

# The safe form of ``id_pattern``: literals, escapes, character classes and ``.``, each
# with an optional quantifier, in branches joined by ``|``. Without groups there is no
# nested quantifier, which is what makes a pattern backtrack catastrophically.
_ATOM = r"(?:\\[dDwWsS]|\\[^A-Za-z0-9]|\[\^?(?:\\[dDwWsS]|\\[^A-Za-z0-9]|[^\]\\])+\]|\.|[^\\()\[\]{}*+?|^$.])"
_QUANT = r"(?:[*+?]|\{[0-9]{1,3}(?:,[0-9]{0,3})?\})"
_BRANCH = rf"\^?(?:{_ATOM}{_QUANT}?)*\$?"
_SAFE_PATTERN = rf"{_BRANCH}(?:\|{_BRANCH})*\Z"
_UNBOUNDED = rf"{_ATOM}(?:[*+]|\{{[0-9]{{1,3}},\}})"
MAX_UNBOUNDED = 2
MAX_PATTERN = 200


def safe_name(text: str) -> bool:
    """Whether ``text`` (a title id, a collection name) can name a file safely: what
    ``_SAFE_NAME`` matches, checked without compiling it (every command checks its titles'
    ids, and the compile was an eighth of a millisecond of a start)."""
    return 0 < len(text) <= 64 and text[0] in _NAME_FIRST and _NAME_CHARS.issuperset(text)


_NAME_FIRST = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_NAME_CHARS = _NAME_FIRST | {"_", "-"}


def id_pattern_problem(pattern: str) -> str | None:
    """Why ``pattern`` cannot be used as an ``id_pattern``, or None when it can."""
    if len(pattern) > MAX_PATTERN:
        return f"id_pattern is longer than {MAX_PATTERN} characters"
    if not re.match(_SAFE_PATTERN, pattern):
        return (
            f"id_pattern {pattern!r} is not in the safe form: literals, \\d-style escapes, "
            "[classes] and '.', each with an optional ?, *, + or {m,n}, in branches joined by |, "
            "no groups"
        )
    if len(re.findall(_UNBOUNDED, pattern)) > MAX_UNBOUNDED:
        return f"id_pattern {pattern!r} has more than {MAX_UNBOUNDED} open-ended repeats (* + {{m,}})"
    try:
        re.compile(pattern)
    except re.error as exc:
        return f"id_pattern {pattern!r} is not a valid regular expression: {exc}"
    return None


def subject_count_problem(count: int) -> str | None:
    """Why a ``for_each`` or group check cannot run over ``count`` subjects, or None."""
    if count > MAX_SUBJECTS:
        return f"{count:,} subjects; at most {MAX_SUBJECTS:,} are supported"
    return None
