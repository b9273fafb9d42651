"""Datasets of mazes for machine learning: Parquet shards for the Hugging Face Hub, filters, pictures.

``meiro dataset`` is built on this package:

- :mod:`.spec` — :class:`DatasetSpec`: the recipe, the :class:`Filters`, the extra
  columns and how the draws are cut into shards;
- :mod:`.shards` — one shard: its draws made, measured and filtered, then its rows
  as a Parquet file with Hugging Face feature types (the columns are listed there);
- :mod:`.build` — the whole dataset in this process (``jobs`` threads), settled
  in draw order, with resume; :func:`collect_batch` for the ``.npz`` form;
- :mod:`.cluster` — the same on a Dask distributed cluster;
- :mod:`.card` — the dataset card (``README.md``) with each shard's checksum;
- :mod:`.folder` — a local folder or an fsspec URL;
- :mod:`.pixels` — the easy-to-hard input and target pictures as uint8 arrays.

pyarrow and PyYAML (``pip install "meiro[datasets]"``) are needed only to write shards and their card,
and Dask only for a cluster; nothing here imports them until then.

Examples
--------
>>> import tempfile
>>> from meiro.dataset import DatasetSpec, Filters, build_dataset
>>> result = build_dataset(DatasetSpec(100, 8, 8, seed=1, filters=Filters(min_length=20)),
...                        tempfile.mkdtemp() + "/mazes")
>>> result.rows, result.drawn > 100
(100, True)
"""

from .build import DatasetResult, build_dataset, collect_batch
from .pixels import picture, pixels
from .shards import unpack_grid
from .spec import DatasetSpec, Filters

__all__ = ["DatasetResult", "DatasetSpec", "Filters", "build_dataset", "collect_batch", "picture",
           "pixels", "unpack_grid"]
