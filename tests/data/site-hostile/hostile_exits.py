"""Leaves the interpreter while being imported."""

import sys

sys.exit(3)
