"""The exceptions meiro raises.

Every problem a caller can cause (a bad size, a malformed file, an unknown
algorithm) is a :class:`MazeError` with a message that says what is wrong and
where; the CLI prints that message on one line and exits with status 2.
"""


class MazeError(ValueError):
    """A maze, a maze file or a request for one is invalid."""


class NoPathError(MazeError):
    """The goal cannot be reached from the start (possible in loaded mazes)."""
