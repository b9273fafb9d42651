"""A font embedded in a PDF as a subset: any text (Japanese first) that prints the same
on every machine and that ``pdftotext`` gives back exactly.

Why extend meiro's own PDF writer (:mod:`meiro.render.pdf`) with a Type 0 font
rather than move to fpdf2: the writer already draws the mazes quickly and byte
for byte the same every time, and what a font needs beyond it is small: the PDF
objects of a composite font (Type 0 with ``Identity-H`` two-byte codes, its
CIDFont with the glyph widths, a font descriptor, a ToUnicode map so text can be
copied and searched) and the font program cut down to the glyphs used. The hard
part, cutting a font down, is done by fontTools (``fontTools.subset``), the
library font tools themselves are built on, which reads TrueType and the
CFF-outline OpenType fonts that Japanese fonts usually are (Noto Sans CJK,
Hiragino), in collections too. fpdf2 would bring its own page model, with the
same fontTools underneath.

How codes are chosen, so a page's text can be written before the subset is
made (pages are compressed as soon as they are drawn):

* CID-keyed CFF fonts (Noto Sans CJK, most Japanese OpenType fonts): the code
  is the glyph's CID, which fontTools keeps in the subset's charset; embedded as
  ``FontFile3`` / ``CIDFontType0C``.
* TrueType fonts (Yu Gothic, Meiryo, DejaVu): the code is the glyph's number in
  the whole font; a ``CIDToGIDMap`` stream maps it to its number in the subset;
  ``FontFile2``.
* Name-keyed CFF fonts: the code is the glyph's number, kept in the subset
  (``retain_gids``); ``FontFile3`` / ``OpenType``.

Every choice is deterministic (the subset's tag is a hash of the glyphs used,
the font's timestamps are not renewed), so the same text gives the same bytes.
Text is set glyph by glyph with the font's advance widths, without kerning or
ligatures: Japanese needs neither, and labels are short.
"""

from __future__ import annotations

import hashlib
import io
import unicodedata
import zlib
from typing import Any

from ..errors import MazeError
from ..text.fonts import FontFile, character_map, describe, judged, open_font, opened_face, quiet_fonttools


def _stream(body: bytes, extra: str = "") -> bytes:
    data = zlib.compress(body, 9)
    return (f"<< /Length {len(data)} /Filter /FlateDecode{extra} >>\nstream\n".encode()
            + data + b"\nendstream")


def right_to_left(text: str) -> str:
    """The characters of ``text`` written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko...,
    and the marks that turn text right to left), each once: the writer would print them mirrored,
    and Arabic unjoined.

    Examples
    --------
    >>> right_to_left("Maze 迷路"), right_to_left("מבוך"), right_to_left("متاهة 1")
    ('', 'מבוך', 'متاهة')
    """
    return "".join(dict.fromkeys(c for c in text if unicodedata.bidirectional(c) in _RTL))


#: The tables of a font that an embedded subset does without: layout (text is set glyph by glyph,
#: without kerning or ligatures), vertical metrics (text is set horizontally, ``Identity-H``),
#: math and justification.
_UNREAD = ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "kerx", "vhea", "vmtx", "VORG")

def _empty_cmap(font: Any) -> None:
    """Put an empty character map in ``font`` (a fontTools ``TTFont``): the subsetter asks for
    one, and a CJK font's own (tens of thousands of characters) takes it long to read."""
    from fontTools.ttLib import newTable

    cmap = newTable("cmap")
    cmap.tableVersion = 0
    cmap.tables = []
    font["cmap"] = cmap


#: Unicode's bidirectional classes of right-to-left letters and of the marks that reorder text.
_RTL = frozenset({"R", "AL", "RLE", "RLO", "RLI"})


class PdfFont:
    """An embedded font: codes and widths for text, and the PDF objects at the end.

    Examples
    --------
    >>> from meiro.text.fonts import find_font
    >>> font = PdfFont(find_font("Goal"))           # any font the system has for Latin text
    >>> code = font.encode("Go")                    # two-byte glyph codes, in hex
    >>> code.startswith("<") and len(code) == 10, font.width("Go", 10) > font.width("G", 10)
    (True, True)
    """

    def __init__(self, font: FontFile | str):
        self.file = open_font(font)
        self._cmap = character_map(self.file.path, self.file.index)
        self._gid: dict[str, int] | None = None  # glyph numbers, read when first needed
        with judged(self.file):  # every table used later is read now, so a damaged one is named first
            self._font = opened_face(self.file.path, self.file.index)  # the one the cmap was read from
            self._upem: int = self._font["head"].unitsPerEm
            self._advance: dict[str, tuple[int, int]] = self._font["hmtx"].metrics  # (advance, left bearing)
            self._font["hhea"], self._font["name"]  # read now for their checks
            if "CFF " in self._font:
                top = self._font["CFF "].cff.topDictIndex[0]
                self.kind = "cid" if hasattr(top, "ROS") else "cff"
            elif "glyf" in self._font:
                self._font["glyf"]
                self.kind = "ttf"
            else:
                raise MazeError(f"the font {self.file.name} has no outlines meiro can embed "
                                f"(neither TrueType nor CFF); choose another with --font")
        if not 16 <= self._upem <= 16384:  # the OpenType range; 0 would divide every width by zero
            raise MazeError(f"the font {self.file.name} is damaged (its 'head' table gives "
                            f"{self._upem} units per em, not 16 to 16384); choose another with --font")
        self.used: dict[int, tuple[str, str]] = {}  # code -> (glyph name, the text it stands for)
        # each text's glyphs, found once: a booklet sets the same few words on every page
        # (a grade, スタート, ゴール, the numbers), and measures most of them twice
        self._set: dict[str, tuple[list[tuple[int, str, str]], int, str]] = {}

    @property
    def name(self) -> str:
        """The font's file name (and face)."""
        return self.file.name

    def missing(self, text: str) -> str:
        """The characters of ``text`` the font cannot draw, each once."""
        return "".join(dict.fromkeys(c for c in text if ord(c) not in self._cmap))

    def _code(self, glyph: str) -> int:
        if self.kind == "cid":
            return int(glyph[3:]) if glyph.startswith("cid") else 0
        if self._gid is None:
            self._gid = {name: i for i, name in enumerate(self._font.getGlyphOrder())}
        return self._gid[glyph]

    def _glyphs(self, text: str) -> tuple[list[tuple[int, str, str]], int, str]:
        """``text``'s glyphs (code, name, character), its width in font units and its hex codes."""
        found = self._set.get(text)
        if found is None:
            with judged(self.file):  # a glyph the cmap names but the font lacks, or without a width
                glyphs = self._look_up(text)
                units = sum(self._advance[glyph][0] for _, glyph, _ in glyphs)
            shown = "<" + "".join(f"{code:04X}" for code, _, _ in glyphs) + ">"
            found = self._set[text] = (glyphs, units, shown)
        return found

    def _look_up(self, text: str) -> list[tuple[int, str, str]]:
        backwards = right_to_left(text)
        if backwards:
            raise MazeError(f"the PDF writer sets text left to right, glyph by glyph, and cannot set "
                            f"right-to-left scripts (Hebrew, Arabic): {describe(backwards[:3])} in "
                            f"{text!r}; change the text")
        missing = self.missing(text)
        if missing:
            raise MazeError(f"the font {self.name} cannot draw {describe(missing)} in {text!r}; "
                            f"change the text or choose another font with --font")
        out = []
        for c in text:
            glyph = self._cmap[ord(c)]
            out.append((self._code(glyph), glyph, c))
        return out

    def encode(self, text: str) -> str:
        """``text`` as a PDF hex string of two-byte codes; the glyphs are kept for the subset."""
        glyphs, _, shown = self._glyphs(text)
        for code, glyph, char in glyphs:
            self.used.setdefault(code, (glyph, char))
        return shown

    def width(self, text: str, size: float) -> float:
        """The advance width of ``text`` set at ``size`` points."""
        return self._glyphs(text)[1] * size / self._upem

    def _scaled(self, value: float) -> int:
        return round(value * 1000 / self._upem)

    def _subset(self) -> tuple[bytes, dict[str, int]]:
        """The font program cut down to the used glyphs, and each glyph's number in it."""
        with judged(self.file, "subsetting"):
            return self._cut()

    def _cut(self) -> tuple[bytes, dict[str, int]]:
        from fontTools import subset
        from fontTools.ttLib import TTFont

        options = subset.Options()
        options.layout_features = []
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6]  # the names and the copyright/licence lines
        options.name_languages = ["*"]
        options.notdef_outline = True
        options.desubroutinize = True
        options.hinting = self.kind == "ttf"
        options.retain_gids = self.kind == "cff"
        font = TTFont(self.file.path, fontNumber=self.file.index, recalcTimestamp=False)
        # tables a PDF never reads are dropped before the subsetter reads them: it would parse
        # a CJK font's layout tables (GSUB, GPOS: tens of thousands of records) only to drop
        # them (no layout features are kept): half of its time
        for tag in _UNREAD:
            if tag in font:
                del font[tag]
        if self.kind == "cid":  # its program is the CFF table alone: the rest need not be read
            _empty_cmap(font)
            del font["hmtx"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(glyphs=sorted({glyph for glyph, _ in self.used.values()}))
        with quiet_fonttools():  # it logs the tables it drops; a library prints nothing
            subsetter.subset(font)
        numbers = {name: i for i, name in enumerate(font.getGlyphOrder())}
        if self.kind == "cid":
            return font["CFF "].compile(font), numbers
        out = io.BytesIO()
        font.save(out)
        return out.getvalue(), numbers

    def objects(self, first: int) -> list[bytes]:
        """The PDF objects of the font, numbered from ``first`` (the Type 0 font is ``first``)."""
        program, numbers = self._subset()
        with judged(self.file):
            return self._objects(first, program, numbers)

    def _objects(self, first: int, program: bytes, numbers: dict[str, int]) -> list[bytes]:
        codes = sorted(self.used)
        digest = hashlib.sha256(repr(codes).encode() + program).digest()
        tag = "".join(chr(65 + b % 26) for b in digest[:6])
        base = (self._font["name"].getDebugName(6) or "Font").replace(" ", "")
        base = "".join(c for c in base if c.isalnum() or c in "-_") or "Font"
        name = f"{tag}+{base}"
        head, hhea = self._font["head"], self._font["hhea"]
        os2 = self._font.get("OS/2")
        ascent = self._scaled(getattr(os2, "sTypoAscender", hhea.ascent) if os2 else hhea.ascent)
        descent = self._scaled(getattr(os2, "sTypoDescender", hhea.descent) if os2 else hhea.descent)
        cap = self._scaled(getattr(os2, "sCapHeight", 0) or ascent * self._upem / 1000) if os2 else ascent
        bbox = " ".join(str(self._scaled(v)) for v in (head.xMin, head.yMin, head.xMax, head.yMax))
        widths = " ".join(f"{code} [{self._scaled(self._advance[self.used[code][0]][0])}]"
                          for code in codes)
        type0, cidfont, descriptor, program_ref, tounicode, cidmap = range(first, first + 6)
        if self.kind == "cid":
            ros = self._font["CFF "].cff.topDictIndex[0].ROS
            system = f"<< /Registry ({ros[0]}) /Ordering ({ros[1]}) /Supplement {ros[2]} >>"
        else:
            system = "<< /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
        subtype = "CIDFontType2" if self.kind == "ttf" else "CIDFontType0"
        objects = [
            (f"<< /Type /Font /Subtype /Type0 /BaseFont /{name} /Encoding /Identity-H "
             f"/DescendantFonts [{cidfont} 0 R] /ToUnicode {tounicode} 0 R >>").encode(),
            (f"<< /Type /Font /Subtype /{subtype} /BaseFont /{name} /CIDSystemInfo {system} "
             f"/FontDescriptor {descriptor} 0 R /DW 1000 /W [{widths}]"
             + (f" /CIDToGIDMap {cidmap} 0 R" if self.kind == "ttf" else "") + " >>").encode(),
            (f"<< /Type /FontDescriptor /FontName /{name} /Flags 4 /FontBBox [{bbox}] "
             f"/ItalicAngle 0 /Ascent {ascent} /Descent {descent} /CapHeight {cap} /StemV 80 "
             + {"ttf": "/FontFile2", "cid": "/FontFile3", "cff": "/FontFile3"}[self.kind]
             + f" {program_ref} 0 R >>").encode(),
            _stream(program, {"ttf": f" /Length1 {len(program)}", "cid": " /Subtype /CIDFontType0C",
                              "cff": " /Subtype /OpenType"}[self.kind]),
            _stream(self._tounicode(codes)),
        ]
        if self.kind == "ttf":
            table = bytearray(2 * (codes[-1] + 1 if codes else 1))
            for code in codes:
                gid = numbers[self.used[code][0]]
                table[2 * code:2 * code + 2] = gid.to_bytes(2, "big")
            objects.append(_stream(bytes(table)))
        return objects

    def _tounicode(self, codes: list[int]) -> bytes:
        lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
                 "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
                 "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
                 "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
        for first in range(0, len(codes), 100):
            chunk = codes[first:first + 100]
            lines.append(f"{len(chunk)} beginbfchar")
            for code in chunk:
                utf16 = self.used[code][1].encode("utf-16-be").hex().upper()
                lines.append(f"<{code:04X}> <{utf16}>")
            lines.append("endbfchar")
        lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
        return "\n".join(lines).encode("ascii")
