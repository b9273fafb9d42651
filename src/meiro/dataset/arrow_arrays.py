"""Arrow arrays straight from NumPy buffers, for the shards' columns.

``pa.array`` on a NumPy array imports pandas (a third of a second of every run) to
ask whether it was given a pandas series; an array made from the buffer does not,
and copies nothing but a bool array's bits. Shared by the square shards
(:mod:`.shards`) and the grid kinds' (:mod:`.kind_shards`).

Examples
--------
>>> import numpy as np
>>> from_numpy(np.array([3, 1], np.int16)).to_pylist(), repeated_text("hex", 2).to_pylist()
([3, 1], ['hex', 'hex'])
"""

from __future__ import annotations

from typing import Any

import numpy as np


def from_numpy(array: np.ndarray) -> Any:
    """A flat NumPy array (numbers or bools) as an Arrow array, from its buffer: ``pa.array``
    would import pandas (a third of a second) to ask whether it was given a pandas series."""
    import pyarrow as pa

    array = np.ascontiguousarray(array)
    if array.dtype == np.bool_:
        bits = np.packbits(array, bitorder="little")
        return pa.Array.from_buffers(pa.bool_(), len(array), [None, pa.py_buffer(bits)])
    return pa.Array.from_buffers(pa.from_numpy_dtype(array.dtype), len(array), [None, pa.py_buffer(array)])


def strings(texts: list[str]) -> Any:
    """A string column from Python strings (built from buffers, as :func:`from_numpy`)."""
    import pyarrow as pa

    data = [t.encode() for t in texts]
    offsets = np.zeros(len(data) + 1, np.int64)
    np.cumsum([len(d) for d in data], out=offsets[1:])
    kind, form = (pa.string(), np.int32) if offsets[-1] < 2**31 else (pa.large_string(), np.int64)
    return pa.Array.from_buffers(kind, len(data), [None, pa.py_buffer(offsets.astype(form)), pa.py_buffer(b"".join(data))])


def repeated_text(text: str, n: int) -> Any:
    """A string column holding ``text`` ``n`` times (built from buffers, as :func:`from_numpy`)."""
    import pyarrow as pa

    data = text.encode()
    offsets = np.arange(n + 1, dtype=np.int32) * len(data)
    return pa.StringArray.from_buffers(n, pa.py_buffer(offsets), pa.py_buffer(data * n))
