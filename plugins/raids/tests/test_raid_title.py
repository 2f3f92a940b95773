"""The attributes every raid title has: declared once on RaidTitle with their defaults.

The templates read ``spec.alert_word`` and ``spec.vp_floor`` plainly, so a title that does
not set one must still have it (inherited), and the two titles set what differs.
"""

from __future__ import annotations

import pickle

import pytest
from paragraphs_bruneval.raid_title import BrunevalTitle
from paragraphs_dieppe.raid_title import DieppeTitle
from paragraphs_raids.templates import RaidTitle


def test_the_defaults_are_declared_on_raid_title() -> None:
    assert RaidTitle.alert_word == "alert"
    assert RaidTitle.vp_floor is None


@pytest.mark.parametrize(("title", "word", "floor"), [(BrunevalTitle, "alert", 0), (DieppeTitle, "alarm", None)])
def test_each_title_has_both_attributes(title: type[RaidTitle], word: str, floor: int | None) -> None:
    spec = title()
    assert RaidTitle in title.__mro__  # derived, not only alike: the defaults are inherited
    assert spec.alert_word == word  # Bruneval does not set it: the default
    assert spec.vp_floor == floor  # Dieppe deducts VP (chapter 12), Bruneval never does


@pytest.mark.parametrize("title", [BrunevalTitle, DieppeTitle])
def test_a_title_still_travels_to_worker_processes(title: type[RaidTitle]) -> None:
    spec = pickle.loads(pickle.dumps(title()))
    assert (spec.id, spec.alert_word, spec.vp_floor) == (title.id, title.alert_word, title.vp_floor)
    assert spec.result_levels and spec.rulings is not None
