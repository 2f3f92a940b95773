"""Series of automatic games as ``simulate`` reports them: summaries, sweeps and charts.

Shared by the raid titles' ``simulate`` commands:

* :func:`summarise` turns the games of a series into JSON-ready statistics (mean VP with
  Student's t 95% interval, cut at the lowest VP the rules allow when the title gives it;
  each level's share with a Wilson interval; the VP histogram); nothing in it depends on
  timing, processes or the executor.
* ``--sweep KEY=V1,V2`` compares variants on the same seeds: ``optional=RULE`` plays
  without and with an optional rule, ``ruling.ID=A,B`` each reading of a ruling. Several
  sweeps combine (every combination). :func:`parse_sweeps` reads them,
  :func:`sweep_rows` makes the one table.
* ``--chart FILE.svg`` draws the VP distribution of each variant (:func:`draw_chart`)
  with matplotlib, an optional extra (``paragraphs-raids[chart]``).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paragraphs.errors import UsageError

from paragraphs_raids.montecarlo import histogram, level_table, mean_estimate


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What a series keeps of one game."""

    index: int
    seed: int
    vp: int
    result: str
    turns: int


def summarise(results: Sequence[GameSummary], levels: Sequence[str], *, vp_floor: int | None = None) -> dict[str, Any]:
    """The series' statistics as JSON-ready data.

    ``vp_floor`` is the lowest VP the title's rules allow (None: not given, as where the
    rules deduct points): the interval of the mean is cut there, and ``ci95_cut`` says so.
    """
    vps = [r.vp for r in results]
    est = mean_estimate(vps, floor=vp_floor)
    rows = level_table(levels, [r.result for r in results])
    method = f"t with {len(vps) - 1} degrees of freedom" if len(vps) > 1 else "none: one game shows no spread"
    cut = {"ci95_cut": f"at {vp_floor}, the lowest VP the rules allow"} if est.cut else {}
    return {
        "games": len(results),
        "vp": {
            "mean": round(est.mean, 4),
            "sd": round(est.sd, 4),
            "ci95": [round(est.low, 4), round(est.high, 4)],
            "ci95_method": method,
            **cut,
            "min": min(vps) if vps else 0,
            "max": max(vps) if vps else 0,
            "histogram": {str(k): v for k, v in histogram(vps).items()},
        },
        "levels": [{"level": r["level"], "games": r["games"], "p": round(r["p"], 4), "ci95": [round(r["low"], 4), round(r["high"], 4)]} for r in rows],
        "mean_turns": round(sum(r.turns for r in results) / len(results), 3) if results else 0,
    }


#: One variant of a sweep: (key, value) pairs, ``("optional", "commando")`` or
#: ``("ruling.german_surplus", "literal")``; ``("optional", "")`` means none.
Variant = tuple[tuple[str, str], ...]


def parse_sweeps(values: Sequence[str], rulings: Mapping[str, Sequence[str]], optional_rules: Mapping[str, str], title: str, already_on: Collection[str] = ()) -> list[Variant]:
    """The variants of ``--sweep KEY=V1,V2`` options (every combination of them).

    ``optional=RULE[,RULE2]`` gives the variant with the optional rules the command line
    fixed (``already_on``: by ``--optional`` or a ``--difficulty`` level) and no other,
    then one per RULE added to them; ``ruling.ID=A,B`` one per reading.

    Raises:
        UsageError: a malformed sweep, an unknown optional rule, ruling or reading, or a
            rule swept that ``already_on`` holds (its variant would replay the first).
    """
    axes: list[list[tuple[str, str]]] = []
    for text in values:
        key, sep, rest = text.partition("=")
        choices = list(dict.fromkeys(v for v in rest.split(",") if v))  # a value named twice is one variant
        if not sep or not key or not choices:
            raise UsageError(f"--sweep takes KEY=V1,V2 (optional=RULE or ruling.ID=A,B), not {text!r}")
        if key == "optional":
            for rule in choices:
                if rule not in optional_rules:
                    raise UsageError(f"{title} has no optional rule {rule!r} (it has: {', '.join(optional_rules) or 'none'})")
            fixed = [rule for rule in choices if rule in already_on]
            if fixed:
                raise UsageError(f"--sweep optional={fixed[0]}: {fixed[0]} is already on (the options given: {', '.join(sorted(already_on))}); sweep the rules they leave off")
            axes.append([("optional", "")] + [("optional", rule) for rule in choices])
        elif key.startswith("ruling."):
            ruling = key.removeprefix("ruling.")
            if ruling not in rulings:
                raise UsageError(f"{title} has no ruling {ruling!r} (it has: {', '.join(rulings)})")
            for choice in choices:
                if choice not in rulings[ruling]:
                    raise UsageError(f"ruling {ruling!r} has no reading {choice!r} (it has: {', '.join(rulings[ruling])})")
            axes.append([(key, choice) for choice in choices])
        else:
            raise UsageError(f"--sweep key {key!r}: use optional=RULE or ruling.ID=A,B")
    return [tuple(combo) for combo in itertools.product(*axes)] if axes else [()]


def variant_label(variant: Variant) -> str:
    """``optional: commando, ruling.german_surplus: literal`` (``as set`` for none)."""
    parts = [f"{k}: {v or 'none'}" for k, v in variant]
    return ", ".join(parts) or "as set"


def variant_json(variant: Variant) -> dict[str, str]:
    return {k: v or "none" for k, v in variant}


def sweep_rows(summaries: Sequence[tuple[Variant, Mapping[str, Any]]]) -> tuple[list[str], list[list[str]]]:
    """One table of the variants: mean VP and the share of each level, with 95% intervals."""
    levels = [row["level"] for row in summaries[0][1]["levels"]] if summaries else []
    header = ["variant", "games", "mean VP (95% CI)", *[f"{lvl} (95% CI)" for lvl in levels]]
    rows = []
    for variant, s in summaries:
        vp = s["vp"]
        cut = "*" if vp.get("ci95_cut") else ""  # the interval reached the lowest VP the rules allow
        # "to" between the VP bounds: below zero, "-11.13-8.33" misreads
        cells = [variant_label(variant), str(s["games"]), f"{vp['mean']:.2f} ({vp['ci95'][0]:.2f}{cut} to {vp['ci95'][1]:.2f})"]
        cells += [f"{100 * r['p']:.1f}% ({100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f})" for r in s["levels"]]
        rows.append(cells)
    return header, rows


def chart_target(text: str | None) -> Path | None:
    """The ``--chart`` file, checked before any game is played (None without ``--chart``).

    A series of thousands of games was once played in full, then refused for want of
    matplotlib or a folder to write into, and its figures were lost with it.

    Raises:
        UsageError: an empty name, matplotlib missing, a folder that is not there, or a
            file the system will not let be written (tried, as ``--svg`` is, by creating
            the write's first file: ``os.access`` tells a root user he may write in
            ``/proc``).
    """
    if text is None:
        return None
    if not text.strip():
        raise UsageError("--chart needs a file name, such as vp.svg")
    from paragraphs_raids.cli import refuse_other_picture_format

    refuse_other_picture_format(text, "--chart")
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise UsageError("--chart needs matplotlib: pip install 'paragraphs-raids[chart]'")
    path = Path(text).expanduser()
    from paragraphs.state.outputs import refuse_missing_folder

    refuse_missing_folder(path, "--chart")  # the one wording of every output option
    if path.is_dir() or not os.access(path.parent, os.W_OK):
        raise UsageError(f"--chart {text}: cannot write there")
    from paragraphs.errors import SaveError
    from paragraphs.state.savefile import check_file_writable

    try:
        check_file_writable(path, "the VP chart")
    except SaveError as exc:
        why = str(exc).partition(": cannot write the VP chart: ")[2] or str(exc)
        raise UsageError(f"--chart {text}: cannot write the VP chart: {why}") from None
    return path


def vp_steps(histogram: Mapping[str, int], games: int) -> tuple[list[int], list[float]]:
    """The chart's line of one variant: every VP from the lowest (0, or below it where the
    rules deduct points) to the highest, with the share of games that ended on it."""
    hist = {int(k): v for k, v in histogram.items()}
    xs = list(range(min(0, min(hist, default=0)), max(hist, default=0) + 1))
    return xs, [hist.get(x, 0) / games if games else 0.0 for x in xs]


def draw_chart(path: Path, summaries: Sequence[tuple[Variant, Mapping[str, Any]]], title: str) -> None:
    """The VP distribution of each variant (share of games per VP), one line each, as SVG.

    Raises:
        UsageError: matplotlib is not installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--chart needs matplotlib: pip install 'paragraphs-raids[chart]'") from None
    # A fixed hash salt and no date keep the SVG the same for the same series.
    matplotlib.rcParams["svg.hashsalt"] = "paragraphs"
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for variant, s in summaries:
        xs, ys = vp_steps(s["vp"]["histogram"], s["games"])
        ax.step(xs, ys, where="mid", label=f"{variant_label(variant)} (mean {s['vp']['mean']:.2f})")
    ax.set_xlabel("victory points")
    ax.set_ylabel("share of games")
    ax.set_title(title)
    ax.legend(fontsize="small")
    fig.tight_layout()
    import io

    from paragraphs.state.savefile import write_file_atomic

    svg = io.StringIO()
    fig.savefig(svg, format="svg", metadata={"Date": None})
    plt.close(fig)
    # written whole or not at all, like a board picture (a failure is one line, SaveError)
    write_file_atomic(path, svg.getvalue(), backup=False)
