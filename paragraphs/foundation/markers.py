"""The marker plugins use to implement hooks: ``from paragraphs import hookimpl``."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    import pluggy
else:
    from paragraphs.foundation.deferred_inspect import import_without_inspect

    # pluggy uses inspect only to register a plugin, which a host built from the plugin
    # index does not do (paragraphs.foundation.deferred_inspect)
    pluggy = import_without_inspect("pluggy")

hookimpl = pluggy.HookimplMarker("paragraphs")
