"""Luck audit: how lucky were the dice of a session?

A roll can carry what its rule knows of the player's order of outcomes (worst to best):
``RollRecord.luck`` holds the exact probability of each outcome level and the level the
roll reached (:meth:`paragraphs.interpreter.context.Context.explain_roll`). For such a roll, *luck* is
the exact probability of a result at least this good: small means lucky. For the whole
session the mean of those probabilities is compared with its exact distribution under fair
dice (each roll independent): the chance of an evening at least as lucky. When the exact
distribution would have too many values it is estimated by a seeded Monte Carlo run, and
the report says so.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from paragraphs.foundation.dataclass_code import field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

#: Above this many distinct sums the distribution of the mean is estimated.
EXACT_LIMIT = 50_000
MONTE_CARLO_RUNS = 20_000


@dataclass(frozen=True)
class LuckItem:
    """One roll of the session whose rule knows the player's order of outcomes."""

    step: int
    purpose: str
    face: int
    meaning: str
    p: Fraction  # probability of a result at least this good
    levels: tuple[tuple[Fraction, Fraction], ...]  # (value of "at least this good", its chance), per level


@dataclass
class LuckReport:
    """The luck of a whole session: each roll, their mean, and the chance of an evening at
    least as lucky under fair dice."""

    items: list[LuckItem] = field(default_factory=list)
    mean: Fraction | None = None
    at_least_as_lucky: Fraction | float | None = None
    method: str = "exact"
    rolls: int = 0  # every roll of the session, audited or not

    def text(self) -> str:
        if not self.items and self.rolls:
            # a title whose rolls declare no order (the raids): no "yet", none will come
            return f"none of the {self.rolls} rolls of this session says which of its results is good for you (their rules declare no order), so there is no luck to audit"
        if not self.items:
            return "no roll of this session says how good its result was for you (no luck to audit yet)"
        lines = ["luck: the chance of a result at least this good (small is lucky)"]
        for item in self.items:
            meaning = f" ({item.meaning})" if item.meaning else ""
            lines.append(f"  {item.step:>3}. {item.purpose}: rolled {item.face}{meaning}: {_frac(item.p)}")
        assert self.mean is not None and self.at_least_as_lucky is not None
        chance = _frac(self.at_least_as_lucky) if isinstance(self.at_least_as_lucky, Fraction) else f"about {self.at_least_as_lucky:.3f}"
        how = "exact" if self.method == "exact" else f"seeded Monte Carlo estimate, {MONTE_CARLO_RUNS} evenings"
        lines.append(f"evening: mean {float(self.mean):.3f} over {len(self.items)} rolls; with fair dice an evening at least this lucky has chance {chance} ({how})")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "items": [{"step": i.step, "purpose": i.purpose, "face": i.face, "meaning": i.meaning, "p": str(i.p)} for i in self.items],
            "mean": str(self.mean) if self.mean is not None else None,
            "at_least_as_lucky": str(self.at_least_as_lucky) if self.at_least_as_lucky is not None else None,
            "method": self.method,
        }


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({float(p):.3f})"


def luck_items(journal: Iterable[Mapping[str, Any]]) -> list[LuckItem]:
    items = []
    for entry in journal:
        for roll in entry.get("rolls") or ():
            luck = roll.get("luck")
            if not luck:
                continue
            levels = tuple((Fraction(v), Fraction(q)) for v, q in luck["levels"])
            items.append(LuckItem(int(entry.get("step", 0)), str(roll.get("purpose", "")), int(roll["value"]), str(roll.get("meaning", "")), Fraction(luck["p"]), levels))
    return items


def luck_report(journal: Iterable[Mapping[str, Any]], *, seed: int = 0) -> LuckReport:
    """The luck of every roll that declares an order of outcomes, and of the evening."""
    journal = list(journal)
    items = luck_items(journal)
    report = LuckReport(items, rolls=sum(len(entry.get("rolls") or ()) for entry in journal))
    if not items:
        return report
    n = len(items)
    total = sum((i.p for i in items), Fraction(0))
    report.mean = total / n
    sums: dict[Fraction, Fraction] = {Fraction(0): Fraction(1)}
    for item in items:
        nxt: dict[Fraction, Fraction] = {}
        for s, ps in sums.items():
            for value, chance in item.levels:
                key = s + value
                nxt[key] = nxt.get(key, Fraction(0)) + ps * chance
        sums = nxt
        if len(sums) > EXACT_LIMIT:
            break
    else:
        report.at_least_as_lucky = sum((ps for s, ps in sums.items() if s <= total), Fraction(0))
        return report
    rng = random.Random(seed)
    hits = 0
    for _ in range(MONTE_CARLO_RUNS):
        s = Fraction(0)
        for item in items:
            s += rng.choices([v for v, _ in item.levels], weights=[float(q) for _, q in item.levels])[0]
        hits += s <= total
    report.at_least_as_lucky = hits / MONTE_CARLO_RUNS
    report.method = "monte carlo"
    return report


def order_luck(chances: Mapping[str, Fraction], order: tuple[str, ...], outcome: str) -> dict[str, Any]:
    """The ``luck`` record of one roll: ``chances`` of each outcome, ``order`` worst to best.

    The value of a level is the chance of a result at least that good.
    """
    levels = []
    for index, name in enumerate(order):
        at_least = sum((Fraction(chances.get(o, 0)) for o in order[index:]), Fraction(0))
        levels.append((at_least, Fraction(chances.get(name, 0))))
    p = levels[order.index(outcome)][0]
    return {"p": str(p), "levels": [[str(v), str(q)] for v, q in levels if q]}
