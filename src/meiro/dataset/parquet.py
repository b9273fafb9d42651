"""A Parquet file of a shard's table in a few NumPy calls a column: pyarrow's reading, not its writing.

pyarrow's Parquet writer spends about 30 ns on every value of a nested list
(it works out each value's repetition and definition levels and encodes them
one by one), so a 15 x 15 maze's 961-block ``Array2D`` grid cost 30 µs to write,
four times what making, measuring and solving the maze costs. Yet a shard's
columns are plain: no nulls, and the nested ones have a fixed shape (the grid,
the ends) or one list of fixed pairs (the solution). Their levels are known in
advance: for a fixed shape they repeat every row, so their bit-packed bytes
repeat every 8 rows and are tiled, not computed; a bool column's values are
already Parquet's bits in Arrow's buffer. This module writes such a table as
a Parquet file (format 2.6: one data page of each column in each row group,
levels and values as the format defines them, zstd), which pyarrow, Hugging Face
``datasets``, DuckDB or Polars read as they read pyarrow's own: the same
schema (Arrow's, stored as pyarrow stores it, and the Parquet one it derives), the
same values, ``min``/``max`` statistics where asked.

:func:`parquet_bytes` returns ``None`` for a table it does not write (a null, an
empty list, a struct, a type it does not know): the caller writes that one with
pyarrow. ``tests/test_parquet_writer.py`` reads files of every column type back
with pyarrow against the table, and compares their Parquet schema with
pyarrow's writing.

Examples
--------
>>> import io, numpy as np, pyarrow as pa, pyarrow.parquet as pq
>>> t = pa.table({"n": pa.array(np.arange(5, dtype=np.int16)),
...               "pair": pa.FixedSizeListArray.from_arrays(pa.array(np.arange(10, dtype=np.int16)), 2)})
>>> pq.read_table(io.BytesIO(parquet_bytes(t, 2))).equals(t)
True
"""

from __future__ import annotations

import base64
import math
import struct
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._version import __version__

#: Thrift's compact protocol: the field types
_BOOL_TRUE, _BOOL_FALSE, _I16, _I32, _I64, _BINARY, _LIST, _STRUCT = 1, 2, 4, 5, 6, 8, 9, 12
#: Parquet's physical types, repetitions, encodings and codecs
_BOOLEAN, _INT32, _INT64, _FLOAT, _DOUBLE, _BYTE_ARRAY = 0, 1, 2, 4, 5, 6
_OPTIONAL, _REPEATED = 1, 2
_PLAIN, _RLE, _RLE_DICTIONARY = 0, 3, 8
_ZSTD = 6
#: converted types
_UTF8, _LIST_TYPE = 0, 3
_CONVERTED_INT = {(8, False): 11, (16, False): 12, (32, False): 13, (64, False): 14,
                  (8, True): 15, (16, True): 16, (32, True): 17, (64, True): 18}


class _Thrift:
    """Thrift's compact protocol, written (the structs Parquet's footer and page headers need)."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.last = [0]

    def varint(self, n: int) -> None:
        while n > 0x7F:
            self.out.append((n & 0x7F) | 0x80)
            n >>= 7
        self.out.append(n)

    def zigzag(self, n: int) -> None:
        self.varint((n << 1) ^ (n >> 63))

    def field(self, fid: int, kind: int) -> None:
        delta = fid - self.last[-1]
        if 0 < delta <= 15:
            self.out.append(delta << 4 | kind)
        else:
            self.out.append(kind)
            self.zigzag(fid)
        self.last[-1] = fid

    def i32(self, fid: int, n: int) -> None:
        self.field(fid, _I32)
        self.zigzag(n)

    def i64(self, fid: int, n: int) -> None:
        self.field(fid, _I64)
        self.zigzag(n)

    def boolean(self, fid: int, value: bool) -> None:
        self.field(fid, _BOOL_TRUE if value else _BOOL_FALSE)

    def binary(self, fid: int, data: bytes) -> None:
        self.field(fid, _BINARY)
        self.varint(len(data))
        self.out += data

    def begin(self, fid: int | None = None) -> None:
        """A struct (as field ``fid``, or as a list's element)."""
        if fid is not None:
            self.field(fid, _STRUCT)
        self.last.append(0)

    def end(self) -> None:
        self.out.append(0)
        self.last.pop()

    def list_header(self, fid: int, kind: int, size: int) -> None:
        self.field(fid, _LIST)
        if size < 15:
            self.out.append(size << 4 | kind)
        else:
            self.out.append(0xF0 | kind)
            self.varint(size)


@dataclass
class _Leaf:
    """One column of the table as Parquet sees it: its name, list levels and values' type."""

    name: str
    depth: int  # list levels above the values (0 to 3)
    physical: int
    arrow: Any  # the values' Arrow type


def _leaf(name: str, kind: Any) -> _Leaf | None:
    """The leaf of a column of Arrow type ``kind``, or None for a type this module does not write."""
    import pyarrow as pa

    depth = 0
    while pa.types.is_list(kind) or pa.types.is_fixed_size_list(kind):
        depth += 1
        kind = kind.value_type
    physical = _physical(kind)
    if depth > 3 or physical is None:
        return None
    return _Leaf(name, depth, physical, kind)


def _physical(kind: Any) -> int | None:
    import pyarrow as pa

    if pa.types.is_boolean(kind):
        return _BOOLEAN
    if pa.types.is_integer(kind):
        return _INT64 if kind.bit_width == 64 else _INT32
    if pa.types.is_float32(kind):
        return _FLOAT
    if pa.types.is_float64(kind):
        return _DOUBLE
    if pa.types.is_string(kind) or pa.types.is_binary(kind):
        return _BYTE_ARRAY
    return None


def parquet_bytes(table: Any, row_group: int, *, statistics: tuple[str, ...] = (),
                  level: int = 1) -> bytes | None:
    """``table`` (a pyarrow Table) as a Parquet file of ``row_group`` rows a row group, zstd at
    ``level``, with ``min``/``max`` statistics of the integer columns named in ``statistics``;
    None if the table holds what this module does not write (module docs)."""
    import pyarrow as pa

    found = [_leaf(field.name, field.type) for field in table.schema]
    leaves = [leaf for leaf in found if leaf is not None]
    if len(leaves) < len(found) or table.num_rows == 0 or any(c.null_count for c in table.columns):
        return None
    columns = [c.combine_chunks() if c.num_chunks != 1 else c.chunk(0) for c in table.columns]
    out = _File()
    out.add(b"PAR1")
    groups = []
    codec = pa.Codec("zstd", level)
    for first in range(0, table.num_rows, row_group):
        rows = min(row_group, table.num_rows - first)
        chunks = []
        for leaf, column in zip(leaves, columns):
            page = _page(leaf, column.slice(first, rows), rows)
            if page is None:
                return None
            chunks.append(_chunk(out, leaf, page, codec, leaf.name in statistics))
        groups.append((rows, chunks))
    footer = _footer(table, leaves, groups)
    out.add(footer)
    out.add(struct.pack("<I", len(footer)))
    out.add(b"PAR1")
    return b"".join(out.parts)


class _File:
    """A file's bytes as the parts written, joined once at the end: a growing ``bytearray``
    moved itself again and again and ``bytes()`` copied it once more, fresh memory each
    time (which the system maps page by page, at a cost like filling it twice)."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.size = 0

    def add(self, data: bytes) -> None:
        self.parts.append(data)
        self.size += len(data)


@dataclass
class _Page:
    levels: int  # how many entries (values and their levels)
    body: bytes  # repetition levels, definition levels and values, uncompressed
    values: Any  # the leaf values (for statistics)
    dictionary: bytes | None = None  # the dictionary page's values (PLAIN), with RLE_DICTIONARY values
    entries: int = 0  # how many the dictionary holds


#: The largest value a list's integers may hold to be stored as indices into the dictionary
#: ``0, 1, ..., most``: the coordinates of a path are 4 bits each on 15 x 15 cells, not 32.
DICTIONARY_MOST = 255


def _page(leaf: _Leaf, column: Any, rows: int) -> _Page | None:
    """One row group's page of a column: levels and values (None for what is not written)."""
    values, offsets = column, []
    for _ in range(leaf.depth):
        if values.null_count:
            return None
        opened, values = _opened(values)
        offsets.append(opened)
    if values.null_count:
        return None
    n = len(values)
    parts = []
    if leaf.depth:
        rep = _repetition(leaf.depth, offsets, rows, n)
        if rep is None:
            return None
        parts.append(rep)
    parts.append(_rle_run(n, 1 + 2 * leaf.depth))  # every value defined: one run of the top level
    if leaf.depth and leaf.physical in (_INT32, _INT64) and n:
        # small whole numbers in lists (a path's cells): each value its own index into the
        # dictionary 0, 1, ..., max, bit-packed in as few bits as the largest needs
        array = _numbers(values)
        low, high = int(array.min()), int(array.max())
        if low >= 0 and high <= DICTIONARY_MOST:
            width = max(1, high.bit_length())
            parts.append(bytes([width]) + _varint(((n + 7) // 8) << 1 | 1) + _packed(array, width))
            form = "<i4" if leaf.physical == _INT32 else "<i8"
            return _Page(n, b"".join(parts), values, np.arange(high + 1, dtype=form).tobytes(), high + 1)
    parts.append(_plain(leaf, values))
    return _Page(n, b"".join(parts), values)


def _opened(array: Any) -> tuple[np.ndarray | int, Any]:
    """A list array's slice opened: its offsets into its values, from 0 (a fixed-size list's
    size alone: its offsets are the multiples of it, never worth making), and those values,
    as ``flatten`` gives them (which imports ``pyarrow.compute``, a twentieth of a second,
    the first time)."""
    import pyarrow as pa

    if pa.types.is_fixed_size_list(array.type):
        size = int(array.type.list_size)
        return size, array.values.slice(array.offset * size, len(array) * size)
    offsets: np.ndarray = _numbers(array.offsets)
    relative: np.ndarray = offsets - offsets[0]
    return relative, array.values.slice(int(offsets[0]), int(relative[-1]))


def _repetition(depth: int, offsets: list[np.ndarray | int], rows: int, n: int) -> bytes | None:
    """The repetition levels of ``n`` values, bit-packed (one run); None where a list is empty.

    Lists of one fixed shape (the grid, the ends) repeat their levels every row, so their
    bytes repeat every 8 rows: packed once, then tiled.
    """
    sizes = [o if isinstance(o, int) else np.diff(o) for o in offsets]
    if any(s == 0 if isinstance(s, int) else (len(s) and s.min() == 0) for s in sizes):
        return None  # (an empty list is a level of its own: pyarrow writes it)
    width = depth.bit_length()  # (the bits of the deepest level: 1 or 2)
    groups = (n + 7) // 8
    if all(isinstance(s, int) or (len(s) and (s == s[0]).all()) for s in sizes):
        shape = tuple(s if isinstance(s, int) else int(s[0]) for s in sizes)
        runs = _fixed_runs(shape)
        if runs is not None:
            return _with_length(runs * rows)
        period = _fixed_levels(shape)
        data = np.tile(period, -(-rows // 8))[:groups * width]
        return _with_length(_varint((groups << 1) | 1) + data.tobytes())
    if depth == 2 and isinstance(offsets[1], int) and not isinstance(offsets[0], int):
        packed = _lists_of_fixed_levels(offsets[0], offsets[1], n)  # (a path's pairs)
    else:
        packed = _packed(_levels(offsets, n), width)
    return _with_length(_varint((groups << 1) | 1) + packed)


def _lists_of_fixed_levels(outer: np.ndarray, inner: int, n: int) -> bytes:
    """The bit-packed repetition levels of ``n`` values in lists (``outer``: their offsets, in
    inner lists) of lists of ``inner`` values, as a path's list of pairs is.

    Every inner list's levels are ``1, 2, ..., 2``, but for a row's first (``0``): the
    pattern is tiled and a row's start cleared, ten times faster than packing the levels
    one by one (a shard's paths: 13 against 150 ns a maze).

    >>> o = np.array([0, 1, 3])
    >>> _lists_of_fixed_levels(o, 2, 6) == _packed(_levels([o, 2], 6), 2)
    True
    """
    period = np.full(8 * inner, 2, np.uint8)  # 8 inner lists: whole bytes of 2-bit levels
    period[::inner] = 1
    pattern = np.frombuffer(_packed(period, 2), np.uint8)
    size = (n + 7) // 8 * 2
    data = np.tile(pattern, -(-size // len(pattern)))[:size]
    data[(2 * n + 7) // 8:] = 0  # (the last group's padding: zeros, as bit-packing leaves it)
    if n % 4:
        data[2 * n // 8] &= (1 << (2 * (n % 4))) - 1
    first = inner * outer[:-1]  # each row's first value: level 0, its low bit cleared
    np.bitwise_and.at(data, first >> 2, ~(np.uint8(1) << ((first & 3) * 2).astype(np.uint8)))
    return data.tobytes()


def _levels(offsets: list[np.ndarray | int], n: int) -> np.ndarray:
    """Each value's repetition level: the outermost list it starts (0 a row, 1 the row's next
    list, ...), or the depth where it starts none. A fixed-size list is its size."""
    depth = len(offsets)
    levels = np.full(n, depth, np.uint8)
    items = [n]  # how many lists (values at the bottom) each level holds, the deepest first
    for o in reversed(offsets):
        items.append(items[-1] // o if isinstance(o, int) else len(o) - 1)
    items.reverse()
    for k in range(depth - 1, -1, -1):  # the innermost lists first: an outer start overrides
        inner = offsets[k + 1:]
        outer = offsets[k]
        if isinstance(outer, int) and all(isinstance(o, int) for o in inner):
            levels[::outer * math.prod(o for o in inner if isinstance(o, int))] = k  # (all of one shape)
            continue
        # where level k's lists start, in level k + 1's items, then in values
        starts = np.arange(0, items[k + 1], outer) if isinstance(outer, int) else outer[:-1]
        for o in inner:
            starts = starts * o if isinstance(o, int) else o[starts]
        levels[starts] = k
    return levels


_PERIODS: dict[tuple[int, ...], np.ndarray] = {}


def _fixed_levels(shape: tuple[int, ...]) -> np.ndarray:
    """The bit-packed repetition levels of 8 rows of lists of ``shape`` (outer length first):
    a whole number of groups of 8 levels."""
    if shape not in _PERIODS:
        lists = 8 * int(np.prod(shape, dtype=np.int64))
        _PERIODS[shape] = np.frombuffer(_packed(_levels(list(shape), lists), len(shape).bit_length()), np.uint8)
    return _PERIODS[shape]


_RUNS: dict[tuple[int, ...], bytes | None] = {}


def _fixed_runs(shape: tuple[int, ...]) -> bytes | None:
    """The repetition levels of one row of lists of ``shape`` as RLE runs, when that is
    shorter than bit-packing them (None otherwise).

    A grid's row of levels is a few long runs (``0``, then ``2`` for the rest of the
    first line, ``1``, ``2`` ...): 124 bytes for a 31 x 31 grid against 240 bit-packed.
    A row's runs are whole bytes, so every row's are the same bytes, which zstd takes
    in at once: the grid column compresses a third faster, and smaller.

    >>> len(_fixed_runs((31, 31))), _fixed_runs((31, 31))[:6].hex(), _fixed_runs((2, 3))
    (124, '02003c020201', None)
    """
    if shape not in _RUNS:
        levels = _levels(list(shape), int(np.prod(shape, dtype=np.int64)))
        starts = np.flatnonzero(np.diff(levels, prepend=-1))
        lengths = np.diff(starts, append=len(levels))
        runs = b"".join(_varint(int(n) << 1) + bytes([int(levels[i])]) for i, n in zip(starts, lengths))
        packed = len(levels) * len(shape).bit_length() / 8
        _RUNS[shape] = runs if len(runs) < packed else None
    return _RUNS[shape]


def _packed(values: np.ndarray, width: int) -> bytes:
    """Whole numbers of ``width`` bits (1 to 8) bit-packed as Parquet packs them (the first in
    the lowest bits), zeros up to a whole group of 8."""
    if width == 4 and values.dtype.itemsize == 2 and len(values) % 2 == 0:
        # (a path's coordinates, 16 bits each: two side by side are a 32-bit word, whose
        # two low nibbles a shift brings together, a quarter of the time of the way below)
        word = np.ascontiguousarray(values).view("<u4")
        packed: bytes = (word | (word >> 12)).astype(np.uint8).tobytes()
        return packed + bytes(-(-len(values) // 8) * 4 - len(packed))
    padded = np.zeros(-(-len(values) // 8) * 8, np.uint8)
    padded[:len(values)] = values
    if width == 1:
        return np.packbits(padded, bitorder="little").tobytes()
    if width == 8:
        return padded.tobytes()
    if width in (2, 4):  # whole values to a byte: a few shifts of byte columns
        per = 8 // width
        columns = padded.reshape(-1, per)
        byte = columns[:, 0].copy()
        for j in range(1, per):
            byte |= columns[:, j] << np.uint8(j * width)
        return byte.tobytes()
    groups = padded.reshape(-1, 8).astype(np.uint64)  # 3, 5, 6 or 7 bits: 8 values in a word
    word = groups[:, 0].copy()
    for j in range(1, 8):
        word |= groups[:, j] << np.uint64(j * width)
    return word.astype("<u8").view(np.uint8).reshape(-1, 8)[:, :width].tobytes()


def _varint(n: int) -> bytes:
    out = bytearray()
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _with_length(data: bytes) -> bytes:
    """Levels as a data page v1 holds them: their byte count first."""
    return struct.pack("<I", len(data)) + data


def _rle_run(n: int, value: int) -> bytes:
    """``n`` equal levels: one RLE run of the RLE/bit-packing hybrid (a level fits a byte)."""
    return _with_length(_varint(n << 1) + bytes([value]))


def _numbers(values: Any) -> np.ndarray:
    """A flat Arrow array of numbers (no nulls) as a NumPy view of its buffer: pyarrow's
    ``to_numpy`` imports pandas the first time (a fifth of a second of every run)."""
    dtype: np.dtype[Any] = _DTYPES[str(values.type)]
    numbers: np.ndarray = np.frombuffer(values.buffers()[1], dtype)[values.offset:values.offset + len(values)]
    return numbers


_DTYPES: dict[str, np.dtype[Any]] = {
    **{name: np.dtype(name) for name in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")},
    "float": np.dtype("float32"), "double": np.dtype("float64")}


def _plain(leaf: _Leaf, values: Any) -> bytes:
    """The values in Parquet's PLAIN encoding."""
    if leaf.physical == _BOOLEAN:  # bits, the first in the lowest: Arrow's own buffer
        if values.offset % 8 == 0:
            first = values.offset // 8
            return bytes(memoryview(values.buffers()[1])[first:first + (len(values) + 7) // 8])
        bits = np.unpackbits(np.frombuffer(values.buffers()[1], np.uint8), bitorder="little")
        return np.packbits(bits[values.offset:values.offset + len(values)], bitorder="little").tobytes()
    if leaf.physical == _BYTE_ARRAY:  # each value's length (4 bytes), then its bytes
        _, offset_buffer, data = values.buffers()
        offsets = np.frombuffer(offset_buffer, np.int32)[values.offset:values.offset + len(values) + 1].astype(np.int64)
        raw = np.frombuffer(data, np.uint8)[offsets[0]:offsets[-1]] if data is not None else np.zeros(0, np.uint8)
        o = offsets - offsets[0]
        lengths = np.diff(o)
        if len(lengths) and (lengths == lengths[0]).all():  # (packed grids: all one size, side by side)
            rows = np.empty((len(lengths), 4 + int(lengths[0])), np.uint8)
            rows[:, :4] = np.array([lengths[0]], "<u4").view(np.uint8)
            rows[:, 4:] = raw.reshape(len(lengths), -1)
            return rows.tobytes()
        out = np.empty(4 * len(lengths) + int(o[-1]), np.uint8)
        starts = 4 * np.arange(len(lengths)) + o[:-1]
        out[(starts[:, None] + np.arange(4)).reshape(-1)] = lengths.astype("<u4").view(np.uint8)
        out[np.repeat(starts + 4 - o[:-1], lengths) + np.arange(int(o[-1]))] = raw
        return out.tobytes()
    array = _numbers(values)
    form = {_INT32: "<i4", _FLOAT: "<f4", _DOUBLE: "<f8"}.get(leaf.physical,
                                                           "<u8" if array.dtype.kind == "u" else "<i8")
    return np.ascontiguousarray(array, form).tobytes()


@dataclass
class _Chunk:
    offset: int  # where its first page starts in the file
    data_offset: int  # where its data page starts (after the dictionary page, if any)
    levels: int
    size: int  # headers and pages, compressed
    raw_size: int  # headers and pages, uncompressed
    stats: tuple[bytes, bytes] | None
    dictionary: bool


def _page_header(kind: int, raw: int, size: int, levels: int, dictionary: bool) -> bytes:
    """A page's header: a data page (``levels`` entries; its values PLAIN or dictionary
    indices) or (kind 2) a dictionary page of ``levels`` PLAIN values."""
    header = _Thrift()
    header.i32(1, kind)
    header.i32(2, raw)
    header.i32(3, size)
    if kind == 2:
        header.begin(7)
        header.i32(1, levels)
        header.i32(2, _PLAIN)
        header.end()
    else:
        header.begin(5)
        header.i32(1, levels)
        header.i32(2, _RLE_DICTIONARY if dictionary else _PLAIN)
        header.i32(3, _RLE)
        header.i32(4, _RLE)
        header.end()
    header.out.append(0)
    return bytes(header.out)


def _chunk(out: _File, leaf: _Leaf, page: _Page, codec: Any, statistics: bool) -> _Chunk:
    """Write a column chunk (a dictionary page if the page has one, then one data page) at the
    end of ``out``."""
    offset = out.size
    size = raw_size = 0
    if page.dictionary is not None:
        packed = codec.compress(page.dictionary, asbytes=True)
        header = _page_header(2, len(page.dictionary), len(packed), page.entries, False)
        out.add(header)
        out.add(packed)
        size, raw_size = len(header) + len(packed), len(header) + len(page.dictionary)
    data_offset = out.size
    body = codec.compress(page.body, asbytes=True)
    header = _page_header(0, len(page.body), len(body), page.levels, page.dictionary is not None)
    out.add(header)
    out.add(body)
    stats = None
    if statistics and leaf.depth == 0 and page.levels:
        array = _numbers(page.values)
        form = {_INT32: "<i4", _INT64: "<u8" if array.dtype.kind == "u" else "<i8"}.get(leaf.physical)
        if form is not None:
            stats = (np.array(array.min(), form).tobytes(), np.array(array.max(), form).tobytes())
    return _Chunk(offset, data_offset, page.levels, size + len(header) + len(body),
                  raw_size + len(header) + len(page.body), stats, page.dictionary is not None)


def _footer(table: Any, leaves: list[_Leaf], groups: list[tuple[int, list[_Chunk]]]) -> bytes:
    """The file's metadata: schema, row groups, Arrow's schema and the table's key-value pairs."""
    t = _Thrift()
    t.i32(1, 2)  # version
    t.list_header(2, _STRUCT, 1 + sum(1 + 2 * leaf.depth for leaf in leaves))
    _schema_element(t, name="schema", children=len(leaves))
    for leaf in leaves:
        _leaf_schema(t, leaf)
    t.i64(3, table.num_rows)
    t.list_header(4, _STRUCT, len(groups))
    for ordinal, (rows, chunks) in enumerate(groups):
        t.begin()
        t.list_header(1, _STRUCT, len(chunks))
        for leaf, chunk in zip(leaves, chunks):
            _column_chunk(t, leaf, chunk)
        t.i64(2, sum(c.raw_size for c in chunks))
        t.i64(3, rows)
        t.i64(5, chunks[0].offset)
        t.i64(6, sum(c.size for c in chunks))
        t.field(7, _I16)
        t.zigzag(ordinal)
        t.end()
    metadata = dict(table.schema.metadata or {})
    metadata[b"ARROW:schema"] = _arrow_schema(table.schema)
    t.list_header(5, _STRUCT, len(metadata))
    for key, value in metadata.items():
        t.begin()
        t.binary(1, key)
        t.binary(2, value)
        t.end()
    t.binary(6, f"meiro version {__version__}".encode())
    t.list_header(7, _STRUCT, len(leaves))
    for _ in leaves:
        t.begin()
        t.begin(1)  # TYPE_ORDER
        t.end()
        t.end()
    t.out.append(0)
    return bytes(t.out)


def _column_chunk(t: _Thrift, leaf: _Leaf, chunk: _Chunk) -> None:
    """A column chunk's metadata (one data page, PLAIN values, RLE levels, zstd)."""
    t.begin()
    t.i64(2, chunk.offset)
    t.begin(3)
    t.i32(1, leaf.physical)
    encodings = (_PLAIN, _RLE, _RLE_DICTIONARY) if chunk.dictionary else (_PLAIN, _RLE)
    t.list_header(2, _I32, len(encodings))
    for encoding in encodings:
        t.zigzag(encoding)
    path = _path(leaf)
    t.list_header(3, _BINARY, len(path))
    for part in path:
        t.varint(len(part.encode()))
        t.out += part.encode()
    t.i32(4, _ZSTD)
    t.i64(5, chunk.levels)
    t.i64(6, chunk.raw_size)
    t.i64(7, chunk.size)
    t.i64(9, chunk.data_offset)
    if chunk.dictionary:
        t.i64(11, chunk.offset)
    if chunk.stats is not None:
        t.begin(12)
        t.i64(3, 0)  # null_count
        t.binary(5, chunk.stats[1])  # max_value
        t.binary(6, chunk.stats[0])  # min_value
        t.end()
    t.end()
    t.end()


def _path(leaf: _Leaf) -> list[str]:
    return [leaf.name] + ["list", "element"] * leaf.depth


def _schema_element(t: _Thrift, *, name: str, physical: int | None = None, repetition: int | None = None,
                    children: int | None = None, converted: int | None = None,
                    logical: tuple[int, tuple[int, bool] | None] | None = None) -> None:
    t.begin()
    if physical is not None:
        t.i32(1, physical)
    if repetition is not None:
        t.i32(3, repetition)
    t.binary(4, name.encode())
    if children is not None:
        t.i32(5, children)
    if converted is not None:
        t.i32(6, converted)
    if logical is not None:
        kind, integer = logical
        t.begin(10)
        t.begin(kind)
        if integer is not None:
            t.field(1, 3)  # byte
            t.out.append(integer[0])
            t.boolean(2, integer[1])
        t.end()
        t.end()
    t.end()


def _leaf_schema(t: _Thrift, leaf: _Leaf) -> None:
    """A column's schema elements: the LIST groups (3-level lists, as pyarrow writes), the value."""
    import pyarrow as pa

    name = leaf.name
    for _ in range(leaf.depth):
        _schema_element(t, name=name, repetition=_OPTIONAL, children=1, converted=_LIST_TYPE, logical=(3, None))
        _schema_element(t, name="list", repetition=_REPEATED, children=1)
        name = "element"
    kind = leaf.arrow
    converted: int | None = None
    logical: tuple[int, tuple[int, bool] | None] | None = None
    if pa.types.is_string(kind):
        converted, logical = _UTF8, (1, None)
    elif pa.types.is_integer(kind) and not (kind.bit_width == 32 and pa.types.is_signed_integer(kind)) \
            and not (kind.bit_width == 64 and pa.types.is_signed_integer(kind)):
        signed = pa.types.is_signed_integer(kind)
        converted, logical = _CONVERTED_INT[(kind.bit_width, signed)], (10, (kind.bit_width, signed))
    _schema_element(t, name=name, physical=leaf.physical, repetition=_OPTIONAL, converted=converted,
                    logical=logical)


def _arrow_schema(schema: Any) -> bytes:
    """Arrow's schema as pyarrow stores it in a Parquet file: its IPC message, base64."""
    return base64.b64encode(schema.serialize().to_pybytes())
