"""The 128-bit fingerprint a dataset de-duplicates its mazes by: two SplitMix64-mixed hashes of each row of bytes.

Two different mazes share one with a chance of about ``2**-128`` per pair. The
square grid's shards (:func:`meiro.dataset.shards.fingerprints`) and the other
kinds' (:func:`meiro.dataset.kind_shards.kind_fingerprints`) lay their mazes out
as bytes differently and hash them here, the same way.
"""

from __future__ import annotations

import numpy as np

from ..generators.seeds import GOLDEN, mix64

#: the two hash lanes' keys: SplitMix64's step and xxHash64's second prime (any two odd
#: 64-bit constants with well-spread bits would do; these fix the fingerprints)
_LANE_KEYS = (GOLDEN, 0xC2B2AE3D27D4EB4F)


def row_fingerprints(data: np.ndarray) -> np.ndarray:
    """The 128-bit fingerprint (two 64-bit hashes) of each row of a 2-D ``uint8`` array.

    Examples
    --------
    >>> import numpy as np
    >>> f = row_fingerprints(np.array([[1, 2, 3], [1, 2, 4], [1, 2, 3]], np.uint8))
    >>> f.shape, bool((f[0] == f[2]).all()), bool((f[0] == f[1]).any())
    ((3, 2), True, False)
    """
    pad = (-data.shape[1]) % 8
    words = np.pad(data, ((0, 0), (0, pad))).view("<u8")
    out = np.empty((len(data), 2), np.uint64)
    for lane, key in enumerate(_LANE_KEYS):
        h = np.full(len(data), key ^ words.shape[1], np.uint64)
        for j in range(words.shape[1]):
            h = mix64(h ^ words[:, j] + np.uint64(key))
        out[:, lane] = h
    return out
