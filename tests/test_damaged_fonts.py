"""Damaged fonts are judged before use: every failure is one MazeError (CLI: one line, exit 2)
naming the file and the damaged table, never a fontTools, struct or arithmetic traceback."""

import struct

import pytest

from meiro.cli import main
from meiro.errors import MazeError
from meiro.text import fonts

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def dejavu() -> bytes:
    try:
        with open(DEJAVU, "rb") as handle:
            return handle.read()
    except OSError:
        pytest.skip("DejaVu Sans is not installed (fonts-dejavu-core)")


def tables(data: bytes) -> dict[str, tuple[int, int]]:
    """Each table's (offset, length) from the font's table directory."""
    count = struct.unpack(">H", data[4:6])[0]
    out = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        out[tag.decode("latin-1")] = (offset, length)
    return out


def damage(data: bytes, tag: str, fill: int = 0xFF, start: int = 0, length: int | None = None) -> bytes:
    offset, size = tables(data)[tag]
    length = size - start if length is None else length
    out = bytearray(data)
    out[offset + start:offset + start + length] = bytes([fill]) * length
    return bytes(out)


def use(path) -> None:
    """What a booklet does with its font: open, measure, encode and embed a subset."""
    from meiro.render.pdf_font import PdfFont

    font = PdfFont(fonts.find_font("Café", explicit=str(path)))
    font.width("Café", 10)
    font.encode("Café")
    font.objects(1)


@pytest.fixture(autouse=True)
def fresh_cache():
    for cached in (fonts._families, fonts.character_map, fonts.opened_face):
        cached.cache_clear()
    yield
    for cached in (fonts._families, fonts.character_map, fonts.opened_face):
        cached.cache_clear()


@pytest.mark.parametrize("tag,fill,start,length,table", [
    ("head", 0x00, 18, 2, "head"),          # unitsPerEm 0: every width divided by zero
    ("hhea", 0x00, 0, None, "hmtx"),        # no metrics counted: hmtx cannot be read
    ("maxp", 0xFF, 0, None, "hmtx"),        # 65535 glyphs claimed
    ("loca", 0xFF, 4, 4, "glyf"),           # an offset past the glyph table
    ("gasp", 0x00, 0, None, "gasp"),
])
def test_a_damaged_table_is_named_in_one_line(tmp_path, tag, fill, start, length, table):
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(damage(dejavu(), tag, fill, start, length))
    with pytest.raises(MazeError) as caught:
        use(bad)
    message = str(caught.value)
    assert "bad.ttf" in message and f"'{table}'" in message and "\n" not in message


@pytest.mark.parametrize("size", [12, 300, 5000, 200_000])
def test_a_truncated_font_is_one_line(tmp_path, size):
    bad = tmp_path / "cut.ttf"
    bad.write_bytes(dejavu()[:size])
    with pytest.raises(MazeError, match=r"cut\.ttf") as caught:
        use(bad)
    assert "\n" not in str(caught.value)


def test_a_face_outside_the_file_is_one_line(tmp_path):
    dejavu()
    with pytest.raises(MazeError, match=r"holds one face \(#0\), not #3"):
        fonts.open_font(f"{DEJAVU}#3")


def test_the_command_line_refuses_a_damaged_font_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(damage(dejavu(), "gasp", 0x00))
    target = tmp_path / "sheet.pdf"
    assert main(["sheet", "--title", "Café", "--lang", "en", "--font", str(bad), "--count", "1",
                 "--seed", "1", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meiro: error: the font bad.ttf is damaged") and err.count("\n") == 1
    assert "'gasp'" in err and not target.exists()


def test_a_font_larger_than_the_read_cap_is_refused_before_reading(tmp_path, monkeypatch):
    from meiro.io import files

    monkeypatch.setattr(files, "read_limit", lambda cost=files.LOAD_COST: 1000)
    with pytest.raises(MazeError, match="larger than the largest file"):
        fonts.open_font(DEJAVU if dejavu() else "")


def test_a_damaged_layout_table_is_never_read(tmp_path):
    # a subset sets text glyph by glyph: the layout tables are dropped before the subsetter reads them
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(damage(dejavu(), "GSUB"))
    use(bad)
