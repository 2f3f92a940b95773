"""The foundation layer: errors, problems, limits, hook markers, package data folders and terminal styling. It imports nothing else from the core."""
