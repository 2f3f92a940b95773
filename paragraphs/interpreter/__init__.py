"""The interpreter: resolving paragraphs (context, step handlers, replay, the engine) and opening a title or a folder as an engine."""
