"""Dieppe's rules, one module per chapter of the rulebook.

Each function names its section, takes a roller (never rolls by itself) and works on
pieces and plain values, so the automatic game, the exact odds and the tests run the very
same code.
"""
