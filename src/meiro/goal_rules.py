"""The goal rules' names and titles: what ``--goal`` takes, without loading NumPy.

Split from :mod:`meiro.goals` (which places the goal, with NumPy) so that ``meiro list``
and the command line's help can name the rules and start in a blink.
"""

from __future__ import annotations

from .errors import MazeError


class _Names(tuple[str, ...]):
    """A tuple of names in which only a ``str`` can be found.

    ``x in names`` compares ``x`` with each name; for an array that comparison is
    elementwise, and its truth value an error: here anything but a ``str`` is simply
    not one of the names.
    """

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        return isinstance(item, str) and tuple.__contains__(self, item)


GOALS = _Names(("corner", "farthest", "diameter"))
#: What a Japanese reader sees for each goal rule.
_GOAL_TITLES = {"ja": {"corner": "右下の角", "farthest": "いちばん遠いマス", "diameter": "最長経路"}}


def goal_title(goal: str, lang: str = "en") -> str:
    """The goal rule ``goal`` as a reader of ``lang`` should see it.

    Examples
    --------
    >>> goal_title("farthest", "ja"), goal_title("farthest")
    ('いちばん遠いマス', 'farthest')
    """
    if goal not in GOALS:
        raise MazeError(f"unknown goal {goal!r}; choose one of: {', '.join(GOALS)}")
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a language code such as 'ja', got {lang!r}")
    return _GOAL_TITLES.get(lang, {}).get(goal, goal)


__all__ = ["GOALS", "goal_title"]
