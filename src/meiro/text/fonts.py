"""Finding a font file that can draw a given text: for printed sheets and booklets,
and for mazes shaped like a character.

A PDF that should print the same everywhere carries its font inside it (see
:mod:`meiro.render.pdf_font`), so meiro needs a font *file*, not just a name the
system's text drawing understands. Where it looks, in order:

1. a file named by the caller (``meiro book --font FILE``);
2. the ``MEIRO_FONT`` environment variable;
3. fontconfig (``fc-match``), which knows every font of a Linux or BSD system and
   picks the preferred one for Japanese (``:lang=ja``) or for Latin text;
4. the places where common Japanese fonts live: Noto Sans CJK (Linux packages),
   Yu Gothic, Meiryo and MS Gothic (Windows), Hiragino (macOS).

The first candidate that has a glyph for every character of the text wins. A
font named by the user that cannot draw some characters is refused with those
characters named, never silently replaced; when no font is found at all, the
message says how to get one. Font collections (``.ttc``) are opened at their
Japanese face when they have one (Noto Sans CJK's ``JP``), else the first, or at
``FILE.ttc#N``.

Hand-made rather than a library: fontconfig is asked through its own command
where it exists (its Python bindings are not packaged for every system), and the
rest is a short list of paths; reading the fonts is fontTools' job.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import stat
import struct
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NoReturn
from collections.abc import Iterable, Iterator, Mapping

from ..errors import MazeError
from ..io.files import check_regular

#: The environment variable that names a font file (``FILE`` or ``FILE.ttc#N``).
FONT_ENV = "MEIRO_FONT"

#: Where common Japanese fonts are installed, most wanted first.
KNOWN_FONTS = (
    # Linux: Debian/Ubuntu fonts-noto-cjk, Fedora google-noto-sans-cjk, Arch noto-fonts-cjk
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-sans-cjk-fonts/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    # Windows
    "C:/Windows/Fonts/YuGothM.ttc",
    "C:/Windows/Fonts/meiryo.ttc",
    "C:/Windows/Fonts/msgothic.ttc",
    # macOS
    "/System/Library/Fonts/ヒラギノ角ゴシック W3.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
)

#: What to do when no font is found.
HOW_TO_GET_ONE = ("install a Japanese font (Debian/Ubuntu: apt install fonts-noto-cjk; Fedora: dnf "
                  "install google-noto-sans-cjk-fonts; Windows and macOS have one) or name a "
                  ".ttf/.otf/.ttc file with --font FILE or the MEIRO_FONT environment variable")


@dataclass(frozen=True)
class FontFile:
    """A font: its file and, in a collection (``.ttc``), which face."""

    path: str
    index: int = 0

    @property
    def name(self) -> str:
        """The file's name, and the face when it is one of a collection.

        Examples
        --------
        >>> FontFile("/fonts/a.ttc", 2).name, FontFile("/fonts/b.ttf").name
        ('a.ttc#2', 'b.ttf')
        """
        base = os.path.basename(self.path)
        return f"{base}#{self.index}" if self.index else base


def is_plain(text: str) -> bool:
    """True when ``text`` needs no font file: printable ASCII, which every PDF viewer
    draws in its built-in Helvetica.

    Examples
    --------
    >>> is_plain("Maze 1 - seed 42"), is_plain("めいろ"), is_plain("café")
    (True, False, False)
    """
    return all(" " <= c <= "~" for c in text)


def describe(chars: Iterable[str]) -> str:
    """Characters named for a message: the character and its code point.

    Examples
    --------
    >>> describe("☃x")
    "'☃' (U+2603), 'x' (U+0078)"
    """
    return ", ".join(f"{c!r} (U+{ord(c):04X})" for c in chars)


def parse_font_name(value: str | os.PathLike[str]) -> FontFile:
    """``FILE`` or ``FILE.ttc#N`` -> a :class:`FontFile` (not yet opened).

    Examples
    --------
    >>> parse_font_name("/fonts/noto.ttc#3")
    FontFile(path='/fonts/noto.ttc', index=3)
    >>> parse_font_name("/fonts/a.ttf").index
    -1
    """
    text = os.fspath(value)
    path, hash_, face = text.rpartition("#")
    if hash_ and face.isdigit() and path:
        return FontFile(path, int(face))
    return FontFile(text, -1)  # -1: the collection's Japanese face, or its first


#: What reading a damaged font raises: fontTools' own error, the ``struct`` and index errors of a
#: table cut short, the arithmetic on nonsense values (a ``unitsPerEm`` of 0). ``TTLibError`` is
#: added where fontTools is imported (:func:`font_errors`).
_READ_ERRORS = (OSError, KeyError, AssertionError, ValueError, EOFError, IndexError, TypeError,
                struct.error, ZeroDivisionError, OverflowError, AttributeError, RecursionError)


def font_errors() -> tuple[type[BaseException], ...]:
    """The exceptions that mean "this font is damaged" (fontTools' ``TTLibError`` among them)."""
    from fontTools.ttLib import TTLibError

    return (TTLibError, *_READ_ERRORS)


@contextlib.contextmanager
def quiet_fonttools() -> Iterator[None]:
    """fontTools' warnings (a damaged table logs one line per record) kept out of a library's output."""
    logger = logging.getLogger("fontTools")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def _check_size(path: str) -> None:
    """Refuse a font file larger than the read cap before fontTools maps it."""
    from ..io.files import read_limit

    try:
        info = os.stat(path)
    except OSError:
        return  # opening it says why, in one line
    limit = read_limit()
    if stat.S_ISREG(info.st_mode) and info.st_size > limit:
        raise MazeError(f"cannot read the font {path!r}: it is larger than the largest file this "
                        f"machine reads ({limit / 2**20:.0f} MiB)")


def broken_table(path: str, index: int = -1) -> tuple[str, str] | None:
    """The first table of a font file that cannot be read or written again, and why; or None.

    Used after a failure, to say which part of the file is damaged: each table is
    read whole (glyphs too) and compiled back, as subsetting does.

    Examples
    --------
    >>> broken_table("/no/such/font.ttf") is None
    True
    """
    from fontTools.ttLib import TTFont

    errors = font_errors()
    with quiet_fonttools():
        try:
            font = TTFont(path, fontNumber=index, lazy=False)
            tags = sorted(font.reader.keys(), key=lambda t: (t not in _CORE, t))
        except MazeError:
            raise
        except errors:
            return None
        for step in ("read", "compile"):
            for tag in tags:
                try:
                    table = font[tag]
                    if step == "compile":
                        table.compile(font)
                except MazeError:
                    raise
                except errors as exc:
                    return tag, _reason(exc)
    return None


def _reason(exc: BaseException) -> str:
    """A fontTools error in a few words: its message, and the record it was reading."""
    args = [str(a) for a in exc.args] if isinstance(exc.args, tuple) else []
    if len(args) > 1 and all(args):  # otBase: (message, innermost record, ..., the table's top record)
        text = f"{args[0]} in {args[1]}"
    else:
        text = str(exc) or type(exc).__name__
    text = " ".join(text.split())
    return text if len(text) <= 100 else text[:99] + "…"


#: Tables every font meiro reads has, judged first: a damage there explains the rest.
_CORE = ("head", "hhea", "maxp", "loca", "hmtx", "cmap", "name")


def damaged(font: FontFile | str, exc: BaseException, doing: str = "reading") -> MazeError:
    """The one-line error for a font that failed while ``doing``: its file and the damaged table.

    Examples
    --------
    >>> print(damaged("/no/such.ttf", ValueError("bad"), "subsetting"))
    the font such.ttf is damaged (subsetting it failed: bad); choose another with --font or MEIRO_FONT
    """
    path, index = (font.path, font.index) if isinstance(font, FontFile) else (font, -1)
    name = font.name if isinstance(font, FontFile) else os.path.basename(path)
    found = broken_table(path, index) if os.path.isfile(path) else None
    if found is not None:
        where, reason = f"its {found[0]!r} table cannot be read", found[1]
    else:
        where, reason = f"{doing} it failed", _reason(exc)
    return MazeError(f"the font {name} is damaged ({where}: {reason}); choose another with "
                     f"--font or {FONT_ENV}")


@contextlib.contextmanager
def judged(font: FontFile | str, doing: str = "reading") -> Iterator[None]:
    """Any error fontTools (or arithmetic on the font's values) raises inside becomes one line
    naming the file and the damaged table (:func:`damaged`)."""
    errors = font_errors()
    try:
        with quiet_fonttools():
            yield
    except MazeError:
        raise
    except errors as exc:
        raise damaged(font, exc, doing) from None


def _fail(path: str, exc: BaseException) -> NoReturn:
    if isinstance(exc, OSError) and exc.strerror:
        raise MazeError(f"cannot read the font {path!r}: {exc.strerror} (fonts are .ttf, .otf or "
                        f".ttc files)") from None
    if os.path.isfile(path) and broken_table(path) is not None:
        raise damaged(path, exc) from None
    raise MazeError(f"cannot read the font {path!r}: not a font file (fonts are .ttf, .otf or "
                    f".ttc files)") from None


@lru_cache(maxsize=16)
def _families(path: str) -> tuple[str, ...]:
    """The family name of each face of a font file (a collection has several)."""
    from fontTools.ttLib import TTCollection, TTFont

    if os.path.exists(path):  # a FIFO or a device is refused at once, never waited on nor read
        check_regular(path, what="the font")
    _check_size(path)
    try:
        with open(path, "rb") as handle:
            tag = handle.read(4)
        with quiet_fonttools():
            fonts = (TTCollection(path, lazy=True).fonts if tag == b"ttcf"
                     else [TTFont(path, lazy=True)])
            return tuple(font["name"].getDebugName(1) or "" for font in fonts)
    except MazeError:
        raise
    except font_errors() as exc:
        _fail(path, exc)


@lru_cache(maxsize=4)
def opened_face(path: str, index: int) -> Any:
    """The face (a fontTools ``TTFont``) opened lazily, once: its tables are read when first
    asked for, so that the character map here and the PDF writer's metrics share what both
    need (a CJK font's glyph order alone takes a tenth of a second to read)."""
    from fontTools.ttLib import TTFont

    faces = len(_families(path))
    return TTFont(path, fontNumber=index if faces > 1 else -1, lazy=True, recalcTimestamp=False)


@lru_cache(maxsize=16)
def character_map(path: str, index: int) -> dict[int, str]:
    """The face's map from code points to glyph names (read once, shared with the PDF writer)."""
    faces = len(_families(path))
    with judged(FontFile(path, index if faces > 1 else 0)):
        font = opened_face(path, index)
        cmap: dict[int, str] = font.getBestCmap() or {}  # code point -> glyph name
        return cmap


def open_font(font: FontFile | str | os.PathLike[str]) -> FontFile:
    """The font checked to be a readable font file, at a definite face.

    A collection without a face given opens at its first face whose family
    name says Japanese (``JP``, ``Japanese``), else at its first.

    Examples
    --------
    >>> open_font("/no/such/font.ttf")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read the font '/no/such/font.ttf': No such file or directory (fonts are .ttf, .otf or .ttc files)
    """
    if not isinstance(font, FontFile):
        font = parse_font_name(font)
    faces = _families(font.path)
    index = font.index
    if index < 0:
        japanese = [i for i, family in enumerate(faces)
                    if " JP" in family or "Japanese" in family or family.endswith("JP")]
        index = japanese[0] if japanese else 0
    if index >= len(faces):
        if len(faces) == 1:
            raise MazeError(f"the font {font.path!r} holds one face (#0), not #{index}")
        raise MazeError(f"the font collection {font.path!r} has {len(faces)} faces (#0 to "
                        f"#{len(faces) - 1}), not #{index}")
    return FontFile(font.path, index)


def missing_characters(font: FontFile, text: str) -> str:
    """The characters of ``text`` (other than line breaks) that ``font`` has no glyph for,
    each once, in order."""
    have = character_map(font.path, max(font.index, 0))
    seen: dict[str, None] = {}
    for c in text:
        if ord(c) not in have and c not in "\n\r\t" and c not in seen:
            seen[c] = None
    return "".join(seen)


def _fontconfig(text: str) -> list[FontFile]:
    """The fonts fontconfig prefers for ``text``, best first (none without fontconfig)."""
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        return []
    pattern = ":lang=ja" if not is_plain(text) else ":lang=en"
    try:
        out = subprocess.run([fc_match, "--format=%{file}\t%{index}\n", "-s", pattern],
                             capture_output=True, text=True, timeout=20, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    found = []
    for line in out.splitlines()[:40]:
        path, _, index = line.partition("\t")
        if path.lower().endswith((".ttf", ".otf", ".ttc", ".otc")):
            found.append(FontFile(path, int(index) if index.isdigit() else 0))
    return found


#: A font the user names: a :class:`FontFile`, or ``FILE`` / ``FILE.ttc#N``.
FontName = FontFile | str | os.PathLike[str]


def candidates(explicit: FontName | None = None,
               environ: Mapping[str, str] | None = None) -> list[FontFile]:
    """The font the user named (``explicit``, else ``MEIRO_FONT``) as a one-item list, or an
    empty list: then the system's fonts are searched."""
    env = os.environ if environ is None else environ
    if isinstance(explicit, FontFile):
        return [explicit]
    if explicit:
        return [parse_font_name(explicit)]
    if env.get(FONT_ENV):
        return [parse_font_name(env[FONT_ENV])]
    return []


def find_font(text: str, explicit: FontName | None = None,
              environ: Mapping[str, str] | None = None) -> FontFile:
    """A font file that draws every character of ``text``.

    Parameters
    ----------
    text : str
        Everything that will be written with the font.
    explicit : str or path, optional
        A font named by the user (``FILE`` or ``FILE.ttc#N``): it is used or refused,
        never replaced.

    Raises
    ------
    MazeError
        The named font cannot be read or lacks characters (they are named), or no
        font on the system has them all (says how to get one).

    Examples
    --------
    >>> find_font("めいろ", explicit="/no/such.ttc")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: cannot read the font '/no/such.ttc': No such file or directory (fonts are .ttf, .otf or .ttc files)
    """
    named = candidates(explicit, environ)
    if named:
        font = open_font(named[0])
        missing = missing_characters(font, text)
        if missing:
            raise MazeError(f"the font {font.name} cannot draw {describe(missing)}; choose "
                            f"another with --font or {FONT_ENV}")
        return font
    first_missing: tuple[FontFile, str] | None = None
    tried: set[str] = set()
    for font in [*_fontconfig(text), *(FontFile(p, -1) for p in KNOWN_FONTS)]:
        if font.path in tried or not os.path.isfile(font.path):
            continue
        tried.add(font.path)  # a collection is tried at its best face, once
        try:
            font = open_font(font)
        except MazeError:
            continue
        missing = missing_characters(font, text)
        if not missing:
            return font
        if first_missing is None:
            first_missing = (font, missing)
    if first_missing is None:
        raise MazeError(f"no font for {describe(_first_fancy(text))} was found: {HOW_TO_GET_ONE}")
    font, missing = first_missing
    raise MazeError(f"no installed font can draw {describe(missing)} (the closest, {font.name}, "
                    f"lacks them); change the text, or name a font that has them with --font FILE "
                    f"or {FONT_ENV}")


def _first_fancy(text: str) -> str:
    fancy = [c for c in text if not is_plain(c) and c not in "\n\r\t"]
    return "".join(dict.fromkeys(fancy))[:3] or text[:3]


__all__ = [
    "FONT_ENV",
    "HOW_TO_GET_ONE",
    "KNOWN_FONTS",
    "FontFile",
    "broken_table",
    "candidates",
    "character_map",
    "damaged",
    "describe",
    "find_font",
    "font_errors",
    "is_plain",
    "judged",
    "missing_characters",
    "open_font",
    "parse_font_name",
]

