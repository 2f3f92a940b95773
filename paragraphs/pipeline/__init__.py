"""The content pipeline: reading YAML, validating it, compiling it into a book, linting it, and caching the result."""
