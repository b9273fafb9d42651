"""``python -m meiro`` runs the command line."""

from .cli import run

run()
