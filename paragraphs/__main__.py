"""``python -m paragraphs`` runs the CLI."""

from paragraphs.cli import main

raise SystemExit(main())
