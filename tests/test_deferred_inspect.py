"""Modules imported with ``inspect`` deferred until it is used (#9 item 7, start-up).

pluggy (through ``paragraphs.hookimpl``) and ``dataclasses`` import ``inspect`` and use it
rarely; a read served by the plugin index never does. When it is used, the real module
takes the placeholder's place everywhere.
"""

from __future__ import annotations

import os
import subprocess
import sys


def _run(script: str) -> list[str]:
    env = dict(os.environ, PARAGRAPHS_NO_CACHE="1")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_hook_marker_comes_without_inspect_and_a_full_load_gets_the_real_one() -> None:
    script = (
        "import sys\n"
        "from paragraphs import hookimpl\n"
        "import pluggy\n"
        "print('inspect' in sys.modules, isinstance(hookimpl, pluggy.HookimplMarker))\n"
        "from paragraphs.pluginhost.plugins import make_plugin_manager\n"
        "host = make_plugin_manager()\n"  # registers every plugin: pluggy uses inspect
        "import inspect, pluggy._manager, pluggy._decorators\n"
        "print(pluggy._manager.inspect is inspect, pluggy._decorators.inspect is inspect, 'sample' in host.titles(), not host.problems)\n"
    )
    assert _run(script) == ["False", "True", "True", "True", "True", "True"]


def test_an_import_after_inspect_is_a_plain_one() -> None:
    script = (
        "import inspect, sys\n"
        "from paragraphs.foundation.deferred_inspect import import_without_inspect\n"
        "module = import_without_inspect('pluggy._manager')\n"
        "print(module.inspect is inspect)\n"
    )
    assert _run(script) == ["True"]
