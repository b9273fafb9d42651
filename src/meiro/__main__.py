"""``python -m meiro`` runs the command line, through the same entry as the ``meiro`` script.

Python has loaded the package by now (a moment: its names load on first use);
:func:`_meiro_entry.run` still ends a Ctrl-C pressed while the command line's own
modules load quietly, with status 130.
"""

from _meiro_entry import run

run()
