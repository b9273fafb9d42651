"""The exceptions meiro raises.

Every problem a caller can cause (a bad size, a malformed file, an unknown
algorithm) is a :class:`MazeError` with a message that says what is wrong and
where; the CLI prints that message on one line and exits with status 2.
"""


class MazeError(ValueError):
    """A maze, a maze file or a request for one is invalid.

    It is a :class:`ValueError`, so code that already catches those keeps
    working; the message is one line that says what is wrong.

    Examples
    --------
    >>> import meiro
    >>> meiro.generate(0, 5)
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: width must be at least 1 cell, got 0
    >>> try:
    ...     meiro.load("no-such-maze.json")
    ... except meiro.MazeError as exc:
    ...     print(exc)
    cannot read no-such-maze.json: no such file
    """


class NoPathError(MazeError):
    """The goal cannot be reached from the start (possible in loaded mazes).

    Generated mazes are always connected; a hand-made or edited grid may not
    be. Catching :class:`MazeError` catches this too.

    Examples
    --------
    >>> import meiro
    >>> m = meiro.parse_text("#####\\n#S#G#\\n#####")
    >>> meiro.solve(m)
    Traceback (most recent call last):
    ...
    meiro.errors.NoPathError: the goal (1, 3) cannot be reached from the start (1, 1)
    >>> try:
    ...     meiro.solve(m)
    ... except meiro.NoPathError:
    ...     print("no way through")
    no way through
    """
