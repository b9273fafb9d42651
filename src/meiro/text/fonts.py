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

import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from typing import NoReturn
from collections.abc import Iterable, Mapping

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


def _fail(path: str, exc: Exception) -> NoReturn:
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not a font file"
    raise MazeError(f"cannot read the font {path!r}: {reason} (fonts are .ttf, .otf or .ttc files)") from None


_READ_ERRORS = (OSError, KeyError, AssertionError, ValueError, EOFError, IndexError, TypeError)


@lru_cache(maxsize=16)
def _families(path: str) -> tuple[str, ...]:
    """The family name of each face of a font file (a collection has several)."""
    from fontTools.ttLib import TTCollection, TTFont, TTLibError

    if os.path.exists(path):  # a FIFO or a device is refused at once, never waited on nor read
        check_regular(path, what="the font")
    try:
        with open(path, "rb") as handle:
            tag = handle.read(4)
        fonts = (TTCollection(path, lazy=True).fonts if tag == b"ttcf"
                 else [TTFont(path, lazy=True)])
        return tuple(font["name"].getDebugName(1) or "" for font in fonts)
    except (TTLibError, *_READ_ERRORS) as exc:
        _fail(path, exc)


@lru_cache(maxsize=16)
def character_map(path: str, index: int) -> dict[int, str]:
    """The face's map from code points to glyph names (read once, shared with the PDF writer)."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(path, fontNumber=index if len(_families(path)) > 1 else -1, lazy=True)
        cmap: dict[int, str] = font.getBestCmap() or {}  # code point -> glyph name
        return cmap
    except (TTLibError, *_READ_ERRORS) as exc:
        _fail(path, exc)


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
    "candidates",
    "character_map",
    "describe",
    "find_font",
    "is_plain",
    "missing_characters",
    "open_font",
    "parse_font_name",
]

