"""Reading a mask: a bool array, a ``.``/``#`` text picture or a file, as a bool cell array.

Split from :mod:`meiro.generators.masking` (which carves inside a mask, with the
kernels) so that a :class:`~meiro.recipe.Recipe` can check its mask without them.
"""

from __future__ import annotations

import io
import os
import warnings
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import MazeError

#: mask text characters
INSIDE, OUTSIDE = ".", "#"

#: What :func:`load_mask` accepts: a bool (or 0/1) array, a text picture, or a file's path.
MaskSource = ArrayLike | str | os.PathLike[str]


def parse_mask_text(text: str) -> np.ndarray:
    """A text picture (``.`` inside, ``#`` outside) -> bool array, ``True`` = inside.

    Examples
    --------
    >>> parse_mask_text("..#\\n...").astype(int)
    array([[1, 1, 0],
           [1, 1, 1]])
    """
    if not isinstance(text, str):
        raise TypeError(f"a mask picture must be a str, got {type(text).__name__}")
    lines = [line.rstrip("\r") for line in text.strip("\n").split("\n")]
    if not lines or not lines[0]:
        raise MazeError("the mask picture is empty")
    width = len(lines[0])
    for number, line in enumerate(lines):
        if len(line) != width:
            raise MazeError(f"mask row {number} has {len(line)} cells but row 0 has {width}")
        bad = line.replace(INSIDE, "").replace(OUTSIDE, "")
        if bad:
            raise MazeError(f"mask row {number}, column {line.index(bad[0])}: unknown character "
                            f"{bad[0]!r} (only '{INSIDE}' for inside and '{OUTSIDE}' for outside)")
    # one byte a cell, not a Python object: a mask may have as many cells as a maze
    codes = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8)
    inside: NDArray[np.bool_] = codes == ord(INSIDE)
    return inside.reshape(len(lines), width)


def read_mask_png(path: str | os.PathLike[str]) -> np.ndarray:
    """A black-and-white PNG -> bool array: light pixels (>= 50 % grey) are inside.

    The picture's size is read from its header and checked first, by the rule
    of :func:`~meiro.sizes.ensure_fits` (one pixel a cell), so a picture too
    large for a maze on this machine is refused before it is decoded.

    Examples
    --------
    >>> import tempfile, os
    >>> from PIL import Image
    >>> path = os.path.join(tempfile.mkdtemp(), "mask.png")
    >>> Image.fromarray(np.array([[255, 0, 255], [255, 255, 200]], np.uint8)).save(path)
    >>> read_mask_png(path).tolist()
    [[True, False, True], [True, True, True]]
    """
    from ..io.files import read_bytes

    return _mask_from_png(read_bytes(path), os.fspath(path))


def _mask_from_png(data: bytes, name: str) -> np.ndarray:
    from ..io.files import png_size
    from ..sizes import ensure_fits

    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:  # pragma: no cover - depends on the installation
        raise MazeError("reading a PNG mask needs Pillow: pip install pillow") from None
    size = png_size(data)
    if size is None:
        raise MazeError(f"cannot read the mask image {name!r}: not a PNG image")
    width, height = size
    if not width or not height:
        raise MazeError(f"cannot read the mask image {name!r}: it is {width}x{height} pixels")
    try:
        ensure_fits(width, height)
    except MazeError as exc:
        raise MazeError(f"the mask image {name!r} is {width}x{height} pixels, one a cell: {exc}") from None
    try:
        with warnings.catch_warnings():
            # the size was judged above, by meiro's rule; Pillow's warning would only add noise
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=["PNG"]) as image:
                grey = np.asarray(image.convert("L"))
    except Image.DecompressionBombError:
        raise MazeError(f"the mask image {name!r} is {width}x{height} pixels, more than Pillow "
                        f"decodes ({2 * (Image.MAX_IMAGE_PIXELS or 0):,}); use a smaller mask") from None
    except (OSError, UnidentifiedImageError, ValueError, SyntaxError) as exc:
        raise MazeError(f"cannot read the mask image {name!r}: {exc}") from None
    return grey >= 128


def load_mask(mask: MaskSource) -> np.ndarray:
    """Turn any accepted mask form into a bool array (``True`` = inside).

    A ``str`` that contains a line break, or only ``.`` and ``#``, is a
    picture; any other ``str`` or path names a file (``.png`` -> image, else
    a text picture).

    Examples
    --------
    >>> load_mask(".#\\n..").tolist()
    [[True, False], [True, True]]
    >>> load_mask([[1, 0], [1, 1]]).tolist()
    [[True, False], [True, True]]
    """
    if isinstance(mask, str) and ("\n" in mask or (mask and not mask.strip(INSIDE + OUTSIDE))):
        return parse_mask_text(mask)
    if isinstance(mask, (str, os.PathLike)):
        from ..io.files import decode_text, read_bytes

        path = Path(mask)
        if not path.exists():
            raise MazeError(f"mask file {os.fspath(mask)!r} does not exist")
        # read once, bounded: a FIFO or /dev/stdin gives its bytes a single time
        data = read_bytes(path)
        if data.startswith(b"\x89PNG") or path.suffix.lower() == ".png":
            return _mask_from_png(data, os.fspath(path))
        return parse_mask_text(decode_text(data, path))
    try:
        arr = np.asarray(mask)
    except Exception:
        raise MazeError(f"a mask must be a bool array, a '#'/'.' picture or a file, "
                        f"got {type(mask).__name__}") from None
    if arr.ndim != 2 or arr.size == 0:
        raise MazeError(f"a mask must be a two-dimensional (height, width) array, got shape {arr.shape}")
    if arr.dtype != np.bool_:
        if arr.dtype.kind not in "biu" or arr.min() < 0 or arr.max() > 1:
            raise MazeError("a mask array must hold booleans or 0/1 integers (1 = inside)")
        arr = arr.astype(bool)
    return np.ascontiguousarray(arr)


