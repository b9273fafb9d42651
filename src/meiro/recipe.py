"""The generation recipe a maze file keeps beside its grid, and its validation.

Shared by the JSON reader (:mod:`meiro.io`) and the NumPy archive reader
(:mod:`meiro.io.interop`): what was generated how (algorithm, seed, origin,
braid, mask) is checked the same way whichever file it came from.
"""

from __future__ import annotations

from typing import Any

import reprlib

from .errors import MazeError

# a value as a message shows it: a file may hold a string of a gigabyte or a list of millions
_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxdict = 4
_SHORT.maxlevel = 2


def shown(value: Any) -> str:
    """``repr(value)``, cut short enough for a one-line message.

    Examples
    --------
    >>> shown([1, True])
    '[1, True]'
    >>> shown("#" * 10**6)
    "'#################...##################'"
    >>> shown(list(range(10**6)))
    '[0, 1, 2, 3, ...]'
    """
    return _SHORT.repr(value)


def position_field(doc: dict[str, Any], key: str) -> tuple[int, int]:
    """``doc[key]`` as a ``(row, col)`` pair of integers, else a :class:`~meiro.MazeError`.

    Examples
    --------
    >>> position_field({"start": [1, 3]}, "start")
    (1, 3)
    >>> position_field({"start": [1, True]}, "start")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: "start" must be a [row, col] pair of integers, got [1, True]
    """
    value = doc.get(key)
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise MazeError(f'"{key}" must be a [row, col] pair of integers, got {shown(value)}')
    return value[0], value[1]


def recipe_from(doc: dict[str, Any], shape: tuple[int, int]) -> dict[str, Any] | None:
    """Validate the generation recipe stored beside a grid of ``shape`` blocks.

    Returns None for a hand-made maze (no algorithm and no seed).

    Examples
    --------
    >>> recipe_from({"algorithm": "dig", "seed": 4}, (5, 7))["width"]
    3
    >>> recipe_from({"algorithm": "dig", "seed": 4, "braid": 2}, (5, 7))
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: "braid" must be a number from 0 to 1 or null, got 2
    """
    if doc.get("algorithm") is None and doc.get("seed") is None:
        return None
    seed, algorithm = doc.get("seed"), doc.get("algorithm")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise MazeError(f'"seed" must be an integer from 0 to 2**64-1 or null, got {shown(seed)}')
    if not isinstance(algorithm, str) or not 0 < len(algorithm) <= 100:
        raise MazeError(f'"algorithm" must be a name or null, got {shown(algorithm)}')
    width, height = (shape[1] - 1) // 2, (shape[0] - 1) // 2
    origin = position_field(doc, "origin") if doc.get("origin") is not None else (1, 1)
    if not (origin[0] % 2 == 1 and origin[1] % 2 == 1
            and 0 < origin[0] < shape[0] and 0 < origin[1] < shape[1]):
        raise MazeError(f'"origin" must be a cell of the grid (odd row and column inside it), '
                        f"got {shown(list(origin))}")
    recipe = {"algorithm": algorithm, "seed": seed, "width": width, "height": height,
              "origin": list(origin)}
    braid = doc.get("braid")
    if braid is not None:
        if isinstance(braid, bool) or not isinstance(braid, (int, float)) or not 0 <= braid <= 1:
            raise MazeError(f'"braid" must be a number from 0 to 1 or null, got {shown(braid)}')
        if braid:
            recipe["braid"] = float(braid)
    mask = doc.get("mask")
    if mask is not None:
        if (not isinstance(mask, list) or len(mask) != height
                or not all(isinstance(row, str) and len(row) == width and not row.strip(".#")
                           for row in mask)):
            raise MazeError(f'"mask" must be {height} strings of {width} "." (inside) or "#" '
                            "(outside) characters, or null")
        recipe["mask"] = list(mask)
    return recipe
