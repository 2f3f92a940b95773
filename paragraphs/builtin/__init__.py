"""The core's own hook implementations, registered like any plugin (see plugins.BUILTIN_PLUGINS)."""
