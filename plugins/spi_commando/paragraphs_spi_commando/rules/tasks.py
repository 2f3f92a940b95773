"""Task points, sections [5.2], [6.4], [7.0] and the costs the rules text states."""

from __future__ import annotations

from dataclasses import dataclass, field

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts


def cost(charts: Charts, task: str, *, seriously_wounded: bool = False) -> int:
    """A task's [5.22] cost, doubled for a seriously wounded man ([9.21], [9.32])."""
    value = charts.number("task_points", task)
    return 2 * value if seriously_wounded else value


def move_cost(
    charts: Charts,
    *,
    diagonal: bool = False,
    prone: bool = False,
    terrain: str = "clear",
    door: bool = False,
    seriously_wounded: bool = False,
    ruling_r4: str = "chart",
) -> int:
    """One square of movement ([7.2], [7.3]): the [5.22] cost times the terrain multiple
    plus its additive ([7.33], [7.34]); a door adds its own additive ([7.35]); a wall is
    impassable. Ruling R4 reads the woods multiple from the chart (1) or the text of
    [7.34] (2). A seriously wounded man pays double the total ([9.21])."""
    row = ("move_diagonal" if diagonal else "move_orthogonal") + ("_prone" if prone else "")
    multiple = charts.number("terrain", terrain, "multiple")
    if terrain == "woods" and ruling_r4 == "text":
        multiple = 2
    total = charts.number("task_points", row) * multiple + charts.number("terrain", terrain, "additive")
    if door:
        total += charts.number("terrain", "door", "additive")
    return 2 * total if seriously_wounded else total


def entry_queue_cost(position: int) -> int:
    """[38.53]: the n-th man to enter by the same edge square this turn has already spent
    5 for each man before him (the third: 10)."""
    if position < 1:
        raise ParagraphsError("the first man to enter is number 1")
    return 5 * (position - 1)


def opportunity_plot_cost(fire_cost: int, *, fired: bool, ruling_r5: str = "fire_cost_plus_five") -> int:
    """What a man plotted for opportunity fire or throw pays: the fire's cost plus 5
    ([10.76], [11.64]). Ruling R5 ``five_only``: a man who did not fire pays only the 5
    of the chart's footnote."""
    if fired or ruling_r5 == "fire_cost_plus_five":
        return fire_cost + 5
    return 5


@dataclass
class TaskLedger:
    """One man's task points for one game-turn ([5.2], [6.42]-[6.44], [7.6])."""

    allowance: int = 50
    spent: int = 0
    combat_tasks: int = 0
    tasks: list[tuple[str, int]] = field(default_factory=list)

    @property
    def left(self) -> int:
        return max(self.allowance - self.spent, 0)

    def spend(self, task: str, points: int, *, combat: bool = False) -> None:
        """Spend ``points`` on ``task``; refused beyond the allowance ([6.44]) or for a
        second combat task in the turn ([6.42])."""
        if combat and self.combat_tasks >= 1:
            raise ParagraphsError(f"{task}: one combat task per game-turn ([6.42])")
        if points > self.left:
            raise ParagraphsError(f"{task}: costs {points} task points, {self.left} left ([6.44])")
        self.spent += points
        self.combat_tasks += int(combat)
        self.tasks.append((task, points))

    def fall_prone_last(self) -> None:
        """[7.6]: falling prone as the last task costs nothing, whatever is left."""
        self.tasks.append(("fall prone (last task)", 0))
        self.spent = self.allowance

    def lose(self, points: int) -> None:
        """Task points lost to a wound ([9.31]); a man pushed past his allowance may only
        fall prone."""
        self.spent += points


def initiative(roll_a: int, roll_b: int) -> str | None:
    """[6.1]: the higher d10 has the initiative, ``"A"`` or ``"B"``; ``None`` on a tie, when
    both roll again. The same die decides each hand-to-hand combat ([12.54], ruling R18)."""
    if roll_a == roll_b:
        return None
    return "A" if roll_a > roll_b else "B"


def square_id(short_side: int, long_side: int) -> str:
    """[3.7]: a square's four-digit coordinate, short-side row first (25 and 47: 2547)."""
    return f"{short_side:02d}{long_side:02d}"
