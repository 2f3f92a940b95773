"""The plugin host: hook specifications, the records plugins register, and how plugin failures are reported."""
