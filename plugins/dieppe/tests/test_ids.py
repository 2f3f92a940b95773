"""`paragraphs ids dieppe`: the ids an owner types and corrects (issue 11 item 9, for Dieppe as for Bruneval)."""

from __future__ import annotations

import json

from paragraphs.cli import main


def test_ids_lists_the_zones_counters_and_groups_with_the_assumed_ones_marked(capsys) -> None:
    assert main(["ids", "dieppe", "--json"]) == 0
    lists = {entry["id"]: entry for entry in json.loads(capsys.readouterr().out)["lists"]}
    assert {"zones", "connections", "counters", "groups"} <= set(lists)
    zones = {row["id"]: row["about"] for row in lists["zones"]["ids"]}
    assert {"G1", "G2", "NEWHAVEN"} <= set(zones)
    # the rulebook prints no map: every zone is schematic and says so
    assert all(about.endswith("[assumed]") for about in zones.values())
    assert main(["ids", "dieppe", "--kind", "zones"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Zones of the map (") and "NEWHAVEN" in out
