"""Version of the paragraphs-engine distribution."""

__version__ = "0.1.0"
