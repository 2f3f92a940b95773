"""The marker plugins use to implement hooks: ``from paragraphs import hookimpl``."""

import pluggy

hookimpl = pluggy.HookimplMarker("paragraphs")
