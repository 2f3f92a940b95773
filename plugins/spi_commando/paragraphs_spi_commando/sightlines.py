"""Range between two squares ([8.11], ruling R31) and a line of sight past one obstacle
([8.22]-[8.26], ruling R22): the referee reads what the players read off their map.

Squares are the map's four-digit coordinates ([3.7]: the first two digits are the
short-side row, the last two the long-side column, "2547"). The players still lay the
straightedge for the obstacles; the referee then applies the rules' reading to the
levels and distances they report.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

if TYPE_CHECKING:
    from paragraphs.context import Context


def square(code: str) -> tuple[int, int]:
    """A four-digit map coordinate as (row, column) ([3.7])."""
    if len(code) != 4 or not code.isdigit():
        raise ParagraphsError(f"a square is four digits, its row then its column ([3.7], e.g. 2547), not {code!r}")
    return int(code[:2]), int(code[2:])


def rangefinder(rows: int, columns: int) -> int:
    """[8.11]: the range read with a map edge laid as a rangefinder: mark 01 at the centre
    of the observer's square, the edge turned through the target's square (centre to
    centre), the lowest mark inside that square, minus one. The mark k + 1 lies k squares
    out, so the range is the first whole distance at which the edge has entered the
    target's square."""
    dx, dy = abs(columns), abs(rows)
    if dx == dy == 0:
        return 0
    length = math.hypot(dx, dy)
    # the edge enters the square once it is inside both its column band and its row band
    entry = max((d - 0.5) * length / d for d in (dx, dy) if d)
    return math.ceil(entry - 1e-9)


def ruler(rows: int, columns: int) -> int:
    """The Addenda's ruler (a quarter inch a square), centre to centre, read in whole
    squares as :func:`paragraphs_spi_commando.rules.observation.range_from_ruler` reads
    inches (the fraction dropped)."""
    from paragraphs_spi_commando.rules.observation import range_from_ruler

    return range_from_ruler(math.hypot(rows, columns) / 4)


def range_between(origin: str, target: str, ruling_r31: str = "squares") -> int:
    """The range from one square to another under ruling R31: ``squares`` (the
    rangefinder of [8.11]) or ``ruler`` (the Addenda's ruler)."""
    (r1, c1), (r2, c2) = square(origin), square(target)
    return ruler(r2 - r1, c2 - c1) if ruling_r31 == "ruler" else rangefinder(r2 - r1, c2 - c1)


def blocks(observer_level: int, target_level: int, obstacle_level: int, to_observer: int, to_target: int, ruling_r22: str = "lower_man") -> bool:
    """Whether terrain between two men blocks the line of sight ([8.24]-[8.26]). The
    obstacle's level already counts blocking terrain one higher ([8.22]). Not higher
    than the lower man: no block. Higher than both: blocked ([8.25]). In between, it
    blocks only when closer to "the observer" than to the higher man, and not at equal
    distances ([8.26]); ruling R22 reads "the observer" as the lower man (``lower_man``)
    or as the man observing (``observing_man``: closer to him than to the other man)."""
    low, high = sorted((observer_level, target_level))
    if obstacle_level <= low:
        return False
    if obstacle_level > high:
        return True
    if ruling_r22 == "observing_man":
        return to_observer < to_target
    to_lower, to_higher = (to_observer, to_target) if observer_level <= target_level else (to_target, to_observer)
    return to_lower < to_higher


def range_verb(ctx: Context, origin: str = "", target: str = "", **_: Any) -> str:
    """The range between two squares ([8.11], ruling R31); no die, nothing recorded."""
    from paragraphs_spi_commando.procedures import _choices

    ruling = _choices(ctx).get("R31", "squares")
    how = "the Addenda's ruler" if ruling == "ruler" else "the rangefinder of [8.11]"
    return f"range {origin} to {target}: {range_between(origin, target, ruling)} squares ({how}, ruling R31)"


def sight(ctx: Context, observer_level: int = 0, target_level: int = 0, obstacle_level: int = 0, to_observer: int = 0, to_target: int = 0, options: str | None = None, **_: Any) -> str:
    """Whether one obstacle the players see on the straightedge blocks the line of sight
    (:func:`blocks`); ``blocking`` in ``options`` raises a blocking terrain's level by one
    ([8.22]). No die, nothing recorded."""
    from paragraphs_spi_commando.procedures import _choices

    level = int(obstacle_level)
    for word in (options or "").split():
        if word != "blocking":
            raise ParagraphsError(f"sight: {word!r} is not blocking")
        level += 1
    if min(int(to_observer), int(to_target)) < 1:
        raise ParagraphsError("sight: the obstacle lies one square or more from each man")
    ruling = _choices(ctx).get("R22", "lower_man")
    blocked = blocks(int(observer_level), int(target_level), level, int(to_observer), int(to_target), ruling)
    return f"line of sight {'blocked' if blocked else 'clear'}: obstacle at level {level}, men at {observer_level} (observer) and {target_level} ([8.24]-[8.26], ruling R22)"
