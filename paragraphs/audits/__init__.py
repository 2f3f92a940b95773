"""Audits built on a book: luck reports and gaps in unknown table cells."""
