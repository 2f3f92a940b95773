"""Scenarios [39.0]-[50.0]: loaded, consistent with the seed, and what each still needs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from paragraphs.content import load_book
from paragraphs.errors import ParagraphsError

from paragraphs_spi_commando.cells import Charts
from paragraphs_spi_commando.rules import observation, wounds
from paragraphs_spi_commando.scenarios import gaps, needed_cells, problems, scenario, scenarios

SEED = Path("/work/shared/seeds/002_33fd920d80ddd1f8.txt")
STANDARD = {"39", "40", "41", "44", "45", "46", "48"}


@pytest.fixture(scope="module")
def book(host):
    return load_book(host, "spi_commando", use_cache=False)


@pytest.fixture(scope="module")
def charts(book) -> Charts:
    return Charts.from_book(book)


def seed_section(number: int) -> list[str]:
    text = SEED.read_text(encoding="utf-8").split("\n")
    start = next(i for i, line in enumerate(text) if line.startswith(f"[{number}.0]"))
    end = next(i for i in range(start + 1, len(text)) if re.match(rf"^\[{number + 1}\.0\]|^Designer's Notes", text[i]))
    return text[start:end]


def test_all_twelve_scenarios_load_and_add_up(book, charts) -> None:
    found = scenarios(book)
    assert sorted(found, key=int) == [str(n) for n in range(39, 51)]
    for s in found.values():
        assert problems(charts, s) == [], s.id
    assert {sid for sid, s in found.items() if s.record["standard"]} == STANDARD


@pytest.mark.parametrize("number", range(39, 51))
def test_side_numbers_match_the_seed(book, number) -> None:
    """Panic, preservation, men, endurance (value and code) and observation letter of
    every listed side, read from the seed's scenario text in order."""
    lines = seed_section(number)
    def values(label: str) -> list[str]:
        return [line.split(":", 1)[1].strip() for line in lines if line.startswith(f"- {label}:")]
    sides = [side for side in scenario(book, str(number)).sides]
    panic = [int(re.match(r"(\d+)", v).group(1)) for v in values("Panic Percentage")]
    assert [s["panic"] for s in sides] == panic
    assert [s["preservation"] for s in sides] == [int(re.match(r"(\d+)", v).group(1)) for v in values("Preservation Multiple")]
    assert [s["men"] for s in sides] == [int(re.match(r"(\d+)", v).group(1)) for v in values("Number of Men")]
    codes = [re.match(r"([A-N])\b", v).group(1) for v in values("Observation Code Letter")]
    assert [s["observation"] for s in sides] == codes
    for side, text in zip(sides, values("Combat Bonus (+) or Debit (−)") + values("Combat Bonus or Debit"), strict=True):
        text = text.replace("−", "-")
        fire, _, grenade = text.partition("Grenade")
        fire_number = re.search(r"[+-]?\d+", fire)
        assert side["fire_bonus"] == (int(fire_number.group()) if fire_number else 0), (number, text)
        grenade_number = re.search(r"[+-]?\d+", grenade)
        if grenade_number:
            assert side["grenade_bonus"] == int(grenade_number.group()), (number, text)
        else:
            assert side.get("grenade_bonus", 0) == 0, (number, text)
    for side, text in zip(sides, values("Endurance"), strict=True):
        m = re.match(r"(?:\d+ are )?(\d+) \((D\d+) \+ (\d+)\)", text)
        assert (side["endurance"], side["endurance_code"]) == (int(m.group(1)), f"{m.group(2)}+{m.group(3)}"), (number, text)


@pytest.mark.parametrize("number", range(39, 51))
def test_conditions_and_zones_match_the_seed(book, number) -> None:
    lines = seed_section(number)
    record = scenario(book, str(number)).record
    weather = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("- Weather Condition"))
    light = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("- Light Condition"))
    assert record["weather"] == weather.lower().replace(" ", "_")
    assert record["light"] == {"Day": "day", "Night": "night", "Dawn/Dusk": "dawn_dusk"}[light]
    assert record["map"] == next(line.split(":", 1)[1].strip() for line in lines if line.startswith("- Map"))
    words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
    zones = {}
    for line in lines:
        m = re.match(r"- \[\d+\.6\d\] Zones? (\d+)(?: through (\d+))?: (.*)", line)
        if not m:
            continue
        text = m.group(3).split("Note:")[0].rstrip(". ")
        if m.group(2):
            for z in range(int(m.group(1)), int(m.group(2)) + 1):
                zones[str(z)] = 1
        elif text.startswith("all"):
            zones[m.group(1)] = record["zones"][m.group(1)]
        else:
            # "none", "three men", "5 men inside ...; two outside", "five men and the tank"
            numbers = re.findall(r"\b(\d+|one|two|three|four|five)\b", text.lower())
            zones[m.group(1)] = sum(int(n) if n.isdigit() else words[n] for n in numbers)
    assert (record["zones"] or {}) == zones


def test_observation_ranges_of_the_scenarios(book, charts) -> None:
    ranges = {sid: observation.observation_range(charts, s.record["weather"], s.record["light"]) for sid, s in scenarios(book).items()}
    assert ranges["39"] == 12 and ranges["40"] == 20 and ranges["45"] == 8 and ranges["46"] == 50 and ranges["41"] is None
    assert ranges["50"] == 10  # blizzard by day, derived from [33.25]


def test_rolled_endurance_for_scenario_45(book) -> None:
    british = scenario(book, "45").side("british")
    assert [wounds.endurance(british["endurance_code"], [d]) for d in (1, 3, 6)] == [14, 16, 19]


def test_gaps_of_scenario_45(book, charts) -> None:
    s = scenario(book, "45")
    keys = {c.key for c in gaps(charts, s)}
    # the British SMG and the German rifle and machine pistol are lost; the pistol is printed
    assert "cell.fire_combat.smg.9-20" in keys and "cell.fire_combat.rifle_braced.0-1" in keys and "cell.fire_combat.machine_pistol.2-3" in keys
    assert not any(k.startswith("cell.fire_combat.pistol.") for k in keys)
    assert "cell.fire_combat.smg.fires" not in keys  # derived from [10.41]
    assert "cell.task_points.fire_pistol.result" in keys and "cell.kill_percentage.72-90.result" in keys
    assert "cell.grenade_accuracy.wwii_smoke.1-1" not in keys and "cell.grenade_accuracy.wwii_smoke.1" in keys
    assert not any(k.startswith("cell.grenade_accuracy.modern_") for k in keys)
    assert "cell.melee_weapons.combat_knife.hit" in keys and "cell.melee_weapons.swagger_stick.kill" in keys
    assert not any(k.startswith(("cell.fire_combat.carbine", "cell.melee_weapons.umbrella", "cell.observation_range.")) for k in keys)
    assert all(c.kind == "unknown" for c in gaps(charts, s))
    answered = charts.with_answers({k: 50 for k in keys})
    assert gaps(answered, s) == [] and len(needed_cells(answered, s)) > len(keys)


def test_a_scenario_without_grenades_needs_no_grenade_cells(book, charts) -> None:
    keys = {c.key for c in gaps(charts, scenario(book, "42"))}
    assert not any(k.startswith("cell.grenade_") for k in keys)
    assert "cell.fire_combat.machinegun_braced.51+" in keys and "cell.melee_weapons.sword.hit" in keys


def test_unknown_scenario(book) -> None:
    with pytest.raises(ParagraphsError, match="scenarios: 39"):
        scenario(book, "51")


def test_validate_counts_the_missing_cells_and_flags_bad_scenarios(host, tmp_path) -> None:
    from paragraphs.content import check_title
    from paragraphs.problems import Severity

    compiled = check_title(host, "spi_commando")
    info = [p for p in compiled.problems if p.code == "COM100"]
    assert len(info) == 1 and info[0].severity is Severity.INFO and "chart cells are not in the source" in info[0].message
    assert "charts/" in str(info[0].pos)
    (tmp_path / "bad.yaml").write_text('scenarios:\n  - {id: "45", zones: {"1": 9}}\nrulings:\n  - {id: R4, choice: both}\n')
    compiled = check_title(host, "spi_commando", [tmp_path])
    errors = [p.message for p in compiled.problems if p.code == "COM001"]
    assert any("zones hold 9 men, the defenders number 13" in m for m in errors)
    assert any("R4" in m for m in errors)
