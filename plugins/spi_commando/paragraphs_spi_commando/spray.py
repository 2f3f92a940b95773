"""Spray fire, cases [10.43]-[10.46]: a weapon of several fires shared among men.

The man acting declares before any roll how his weapon's fires go among the enemy men he
observes ([10.44]); the players vouch that the men stand within two squares of one
another ([10.45], a fact of the map). Each target has its own chance, with his own
range, posture and terrain ([10.46]); each fire is one ``spi_fire`` check (exact under
odds). Spray fire costs the fire plus a surcharge the source lost ([10.43], asked once).
Fires left on a man who dies are lost (ruling R27: the declared allocation stands).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.referee import condition_of, game_of, lies_prone, man_of, refuse_with_grenade_in_hand

if TYPE_CHECKING:
    from paragraphs.context import Context

FLAGS = ("prone", "moving", "aimed", "enemy_weapon")
TERRAINS = ("clear", "rough_crater", "trench", "woods", "forest", "dune", "rubble")


@dataclass(frozen=True, slots=True)
class Share:
    """The fires declared on one target: ``B1:3:12:prone,woods`` is three fires at B1,
    twelve squares away, prone in woods."""

    target: str
    fires: int
    distance: int
    flags: tuple[str, ...] = ()
    terrain: str = "clear"

    @classmethod
    def parse(cls, text: str) -> Share:
        parts = text.split(":")
        if len(parts) not in (3, 4) or not parts[1].isdigit() or not parts[2].isdigit():
            raise ParagraphsError(f"spray: {text!r} is not MAN:FIRES:RANGE[:prone,moving,aimed,enemy_weapon,terrain]")
        flags, terrain = [], "clear"
        for word in (parts[3].split(",") if len(parts) == 4 and parts[3] else []):
            if word in FLAGS:
                flags.append(word)
            elif word in TERRAINS:
                terrain = word
            else:
                raise ParagraphsError(f"spray: {word!r} is not prone, moving, aimed, enemy_weapon or a terrain")
        if int(parts[1]) < 1:
            raise ParagraphsError(f"spray: {parts[0]} needs one fire or more")
        return cls(parts[0], int(parts[1]), int(parts[2]), tuple(flags), terrain)


def allocate(total: int, shares: list[Share]) -> None:
    """[10.43], [10.44]: spray fire needs a weapon of several fires, two targets or more,
    and no more fires than the weapon has."""
    if total < 2:
        raise ParagraphsError("spray fire needs a weapon of more than one fire ([10.43])")
    if len({s.target for s in shares}) != len(shares) or len(shares) < 2:
        raise ParagraphsError("spray fire shares the fires among two men or more, each named once")
    used = sum(s.fires for s in shares)
    if used > total:
        raise ParagraphsError(f"the weapon has {total} fires, {used} were declared ([10.44])")


def spray(ctx: Context, firer: str = "", weapon: str = "", shares: str = "", braced: bool = False, **_: Any) -> str:
    """Spray fire of the man acting with ``weapon``: ``shares`` lists each target as
    ``MAN:FIRES:RANGE[:flags]`` ([10.43]-[10.46]); add the word ``braced`` for a braced
    weapon."""
    from paragraphs_spi_commando.procedures import _charts, _choices
    from paragraphs_spi_commando.referee import _after_fire, _fire_permission
    from paragraphs_spi_commando.return_fire import offer
    from paragraphs_spi_commando.rules import fire as rules
    from paragraphs_spi_commando.rules.sequence import may_opportunity_fire
    from paragraphs_spi_commando.turns import spend, view

    words = shares.split()
    braced = braced or "braced" in words
    parsed = [Share.parse(w) for w in words if w != "braced"]
    game = game_of(ctx)
    shooter = man_of(game, firer)
    braced = braced or bool(shooter.get("prone"))  # a prone firer is braced ([10.22])
    if weapon not in shooter["weapons"]:
        raise ParagraphsError(f"{firer} carries {', '.join(shooter['weapons'])}, not {weapon}")
    from paragraphs_spi_commando.arms import refuse_received

    refuse_received(game, firer, shooter, weapon)
    refuse_with_grenade_in_hand(firer, shooter)
    for share in parsed:
        if condition_of(man_of(game, share.target)) == "dead":
            raise ParagraphsError(f"{share.target} is already dead")
        if share.target not in game["observes"].get(firer, []):
            raise ParagraphsError(f"{firer} has not observed {share.target}: a man fires only at men he observes ([10.14])")
    if _fire_permission(game, firer, shooter, parsed[0].target if parsed else "") != "task":
        raise ParagraphsError("spray fire is a task of the man acting, not opportunity fire")
    if weapon in (shooter.get("unloaded") or []):
        raise ParagraphsError(f"{firer}'s {weapon} is unloaded: task {firer} reload first ([10.63])")
    charts = _charts(ctx)
    rulings = _choices(ctx)
    allocate(rules.fires(charts, weapon, braced=braced), parsed)
    wounded = condition_of(shooter) == "seriously wounded"
    cost = rules.fire_cost(charts, weapon, seriously_wounded=wounded, ruling_r25=rulings["R25"]) + charts.number("task_points", "spray_fire_extra") * (2 if wounded else 1)
    from paragraphs_spi_commando.arms import enemy_weapon, fire_with

    fire_with(ctx, game, firer, shooter, weapon)
    spend(firer, shooter, f"spray fire ({weapon})", cost, combat=True)
    row = rules.fire_row(charts, weapon, braced=braced)
    game["returns"] = []  # [10.55]: only the men this spray hits may fire back
    said = []
    n = 0
    carried = 0  # fires shifted from a man who died (ruling R27 shift)
    for share in parsed:
        share = Share(share.target, share.fires + carried, share.distance, share.flags, share.terrain)
        carried = 0
        victim = man_of(game, share.target)
        could_return = may_opportunity_fire(view(victim), game["phase"])
        wounds_before = int(victim["wounds"])
        rows = [r for r, flag in (("target_prone", "prone"), ("target_moving", "moving"), ("aiming", "aimed"), ("enemy_weapon", "enemy_weapon")) if flag in share.flags]
        if "enemy_weapon" not in rows and enemy_weapon(game, shooter, weapon):
            rows.append("enemy_weapon")  # taken from the enemy ([13.24])
        if lies_prone(victim) and "target_prone" not in rows:
            rows.append("target_prone")  # the target as the record shows him ([10.82], [9.22])
        chance = rules.hit_chance(
            rules.base_chance(charts, weapon, share.distance, braced=braced),
            rules.modifier_total(charts, rows, target_terrain=share.terrain),
            bonus=int(game["sides"][shooter["side"]]["fire_bonus"]),
            seriously_wounded=wounded,
            ruling_r7=rulings["R7"],
            ruling_r8=rulings["R8"],
        )
        kill = rules.kill_chance(charts, chance)
        # the share's fires as one lumped check (exact odds branch on its total)
        spec = {"chance": chance, "kill": kill, "fires": share.fires, "first": n + 1, "row": row, "purpose": f"{firer} sprays {share.target}", "damage_purpose": f"damage to {share.target}", "kill_at": True}
        outcome = ctx.check("spi_volley", spec)
        if outcome.startswith("killed"):
            fired = int(outcome.split()[-1])  # the fire that killed: the rest are his no more
            n += fired
            victim["dead"] = True
            result = f"{share.target} killed (chance {chance}, kill {kill})"
            if rulings["R27"] == "shift":
                carried = share.fires - fired
        else:
            n += share.fires
            total = int(outcome.split()[1]) if outcome.startswith("wounded") else 0
            victim["wounds"] = int(victim["wounds"]) + total
            result = f"{share.target} wounded {total} WP: {condition_of(victim)} (chance {chance})" if total else f"{share.target} missed (chance {chance})"
        if could_return and (victim["dead"] or int(victim["wounds"]) > wounds_before):
            result += offer(game, share.target, firer, wounds_before)
        said.append(result)
    _after_fire(ctx, game, firer, shooter, parsed[-1].target, man_of(game, parsed[-1].target), weapon, braced=braced, opportunity=False, wound_points=0)
    return "; ".join(said)
