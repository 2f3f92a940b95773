"""Problems found in content: one type for YAML, schema and lint findings alike.

Every problem prints as ``path:line:col: CODE message`` so an editor or terminal can jump
to it; problems sort by place, then code.
"""

from __future__ import annotations

import os
from paragraphs.foundation.dataclass_code import field, replace
from enum import Enum
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass


def shown(path: str) -> str:
    """A path as the user should see it: relative to the working folder when inside it.

    Positions keep absolute paths (so compiled content can be cached and reused from any
    folder); they are made relative only when printed.
    """
    if not os.path.isabs(path):
        return path
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


class Severity(str, Enum):
    """How bad a problem is. Errors fail validation; warnings and info do not."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True, order=True)
class SourcePos:
    """A place in a content file, 1-based like editors count."""

    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        return f"{shown(self.path)}:{self.line}:{self.col}"

    def __reduce__(self) -> tuple[type[SourcePos], tuple[str, int, int]]:
        # Pickled as a call of the class. A compiled book holds a position per record (about
        # a thousand in a large title's cached book, unpickled at every start), and the
        # frozen dataclass's own ``__setstate__`` (``fields()`` and a loop, per object) loads
        # them three times slower.
        return (SourcePos, (self.path, self.line, self.col))


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One finding about content.

    Attributes:
        pos: where it is.
        code: stable code such as ``REF001``; documented in the content-format page.
        message: one line, in plain words.
        severity: error, warning or info.
        json_path: for schema errors, the JSON path inside the document (``$.paragraphs[3]``).
    """

    pos: SourcePos
    code: str
    message: str = field(compare=True)
    severity: Severity = field(default=Severity.ERROR, compare=False)
    json_path: str = field(default="", compare=False)

    def format(self) -> str:
        """The clickable one-line form."""
        tail = f" ({self.json_path})" if self.json_path else ""
        return f"{self.pos}: {self.code} {self.message}{tail}"

    def lowered(self, severity: Severity) -> Problem:
        """The same problem with a lower severity (used for assumed or damaged content)."""
        return replace(self, severity=severity)

    def to_json(self) -> dict[str, object]:
        return {
            "path": shown(self.pos.path),
            "line": self.pos.line,
            "col": self.pos.col,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "json_path": self.json_path,
        }
