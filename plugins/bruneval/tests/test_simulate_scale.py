"""simulate beyond one machine and across variants: Dask executors, sweeps, charts (#13.3).

The Dask tests start a real local cluster and a real scheduler plus worker on localhost;
they play few games so CI stays quick.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time

from paragraphs.cli import main

GAMES = "6"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def summary(capsys, *extra: str) -> dict:
    code, out, err = run(capsys, "simulate", "bruneval", "--games", GAMES, "--seed", "11", "--json", *extra)
    assert code == 0, err
    return json.loads(out)


def test_the_same_seed_gives_the_same_summary_with_any_jobs_and_a_local_dask_cluster(capsys) -> None:
    one = summary(capsys, "--jobs", "1")
    assert summary(capsys, "--jobs", "2") == one
    assert summary(capsys, "--executor", "dask", "--jobs", "2") == one


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_scheduler_and_a_worker_on_localhost_give_the_same_summary(capsys, tmp_path) -> None:
    import distributed  # the paragraphs-raids[dask] extra, installed by tasks.py test
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = None
    try:
        worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                with distributed.Client(address, timeout="5s") as client:
                    client.wait_for_workers(1, timeout=60)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        assert summary(capsys, "--scheduler", address) == summary(capsys, "--jobs", "1")
    finally:
        for proc in (worker, scheduler):
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=30)


def test_an_unreachable_scheduler_is_one_line_and_exit_2(capsys) -> None:
    code, _, err = run(capsys, "simulate", "bruneval", "--games", "2", "--scheduler", f"tcp://127.0.0.1:{_free_port()}")
    assert code == 2 and err.startswith("paragraphs: error: cannot reach the Dask scheduler") and err.count("\n") == 1


def test_without_the_dask_extra_one_line_and_exit_2(capsys, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # importing it now fails
    code, _, err = run(capsys, "simulate", "bruneval", "--games", "2", "--executor", "dask")
    assert code == 2 and "paragraphs-raids[dask]" in err and err.count("\n") == 1


def test_a_sweep_compares_an_optional_rule_and_a_ruling_on_the_same_seeds_in_one_table(capsys) -> None:
    data = summary(capsys, "--jobs", "1", "--sweep", "optional=commando", "--sweep", "ruling.alert_groups=drop_waves,groups")
    variants = [v["variant"] for v in data["variants"]]
    assert variants == [
        {"optional": "none", "ruling.alert_groups": "drop_waves"},
        {"optional": "none", "ruling.alert_groups": "groups"},
        {"optional": "commando", "ruling.alert_groups": "drop_waves"},
        {"optional": "commando", "ruling.alert_groups": "groups"},
    ]
    plain = summary(capsys, "--jobs", "1")
    first = data["variants"][0]
    assert first["vp"] == plain["vp"] and first["levels"] == plain["levels"]  # same seeds, same games
    assert data["variants"][2]["options"]["optional"] == ["commando"]
    code, out, _ = run(capsys, "simulate", "bruneval", "--games", "2", "--jobs", "1", "--sweep", "ruling.german_surplus=step_back,literal")
    assert code == 0 and "mean VP (95% CI)" in out and "ruling.german_surplus: literal" in out


def test_sweep_mistakes_are_one_line(capsys) -> None:
    for sweep, words in (("ruling.snow=a", "no ruling 'snow'"), ("ruling.german_surplus=fly", "no reading 'fly'"), ("optional=snow", "no optional rule 'snow'"), ("colour=red", "--sweep key")):
        code, _, err = run(capsys, "simulate", "bruneval", "--games", "2", "--sweep", sweep)
        assert code == 2 and words in err, (sweep, err)


def test_chart_draws_the_vp_distributions_as_svg(capsys, tmp_path) -> None:
    chart = tmp_path / "vp.svg"
    code, _, _ = run(capsys, "simulate", "bruneval", "--games", "4", "--jobs", "1", "--sweep", "optional=commando", "--chart", str(chart))
    text = chart.read_text()
    assert code == 0 and text.startswith("<?xml") and "<svg" in text and "commando" in text


def test_chart_without_matplotlib_is_one_line_and_exit_2(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, _, err = run(capsys, "simulate", "bruneval", "--games", "2", "--jobs", "1", "--chart", str(tmp_path / "x.svg"))
    assert code == 2 and "paragraphs-raids[chart]" in err


def test_a_sweep_keeps_the_options_given_and_refuses_one_already_on(capsys) -> None:
    # found by the eyes pass: `--optional commando --sweep optional=commando` played its
    # "none" row without the rule the user gave, silently
    code, _, err = run(capsys, "simulate", "bruneval", "--games", "2", "--optional", "commando", "--sweep", "optional=commando")
    assert code == 2 and err.strip() == "paragraphs: error: --sweep optional=commando: commando is already on (the options given: commando); sweep the rules they leave off"
    code, out, _ = run(capsys, "simulate", "bruneval", "--games", "2", "--jobs", "1", "--json", "--no-events", "--sweep", "optional=commando")
    variants = json.loads(out)["variants"]
    assert code == 0 and [(v["options"]["optional"], v["options"]["events"]) for v in variants] == [([], False), (["commando"], False)]
    code, out, _ = run(capsys, "simulate", "bruneval", "--games", "2", "--jobs", "1", "--optional", "commando")
    assert code == 0 and out.splitlines()[0].endswith("2 automatic games, seed 0, policy default, 1 job(s); optional rule 18")
