"""A tiny title for the core's tests."""
