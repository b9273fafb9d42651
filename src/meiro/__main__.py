"""``python -m meiro`` runs the command line (:func:`meiro.cli.run`).

Python has loaded the package by now; a Ctrl-C while the command line's own
modules load still ends quietly, with the status Ctrl-C always gives (130).
(A Ctrl-C during the package's own loading is handled in ``meiro/__init__.py``.)
"""

import sys

try:
    from .cli import run
except KeyboardInterrupt:
    if sys.stderr is not None:
        sys.stderr.write("\n")
    sys.exit(130)

run()
