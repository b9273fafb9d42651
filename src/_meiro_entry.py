"""The ``meiro`` program's entry point (the console script calls :func:`run`).

It lives outside the ``meiro`` package on purpose: importing ``meiro`` loads
NumPy and numba, most of a second, and only code that runs before that
import can catch a Ctrl-C pressed meanwhile, to end quietly with the status
Ctrl-C always gives (130) instead of a traceback.
"""

import sys


def run() -> None:
    """Load the command line and run it (:func:`meiro.cli.run`)."""
    try:
        from meiro.cli import run as run_cli
    except KeyboardInterrupt:
        if sys.stderr is not None:
            sys.stderr.write("\n")
        sys.exit(130)
    run_cli()
