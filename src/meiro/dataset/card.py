"""The dataset card: the ``README.md`` the Hugging Face Hub shows and reads beside the shards.

Its YAML header holds what the Hub reads (the data files, the features, the
number of rows) and one line for meiro itself, ``meiro: {...}``: the recipe and
every shard's rows, seed range and SHA-256, written as one line of JSON (which
is also YAML), so that a re-run can check the shards already there without a
YAML library. The card is written again after every shard, with ``status``
``incomplete`` until the last one: a run that is stopped leaves a card that
says what is done.

The header is written by PyYAML (``yaml.safe_dump``, in the ``datasets`` and
``dask`` extras beside pyarrow, which shards need anyway), so that any name or
string the Hub reads is quoted as YAML requires.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .._version import __version__
from ..errors import MazeError
from .shards import features
from .spec import DatasetSpec

SHARDS = "data/shard-{:05d}.parquet"
#: With splits, shard ``k`` is one file a split: ``data/train-00000.parquet``, ...
SPLIT_SHARDS = "data/{}-{:05d}.parquet"


def yaml_features(spec: DatasetSpec) -> list[dict[str, Any]]:
    """The features as the card's ``dataset_info.features`` list (``Features._to_yaml_list()``)."""
    out = []
    for name, feature in features(spec).items():
        kind = feature["_type"]
        if kind == "Value":
            out.append({"name": name, "dtype": feature["dtype"]})
        elif kind in ("Array2D", "Array3D"):
            key = "array2_d" if kind == "Array2D" else "array3_d"
            out.append({"name": name, "dtype": {key: {"shape": feature["shape"], "dtype": feature["dtype"]}}})
        elif kind == "Image":
            out.append({"name": name, "dtype": "image"})
        elif kind == "List" and feature["feature"]["_type"] == "Value":
            entry: dict[str, Any] = {"name": name, "list": feature["feature"]["dtype"]}
            if "length" in feature:
                entry["length"] = feature["length"]
            out.append(entry)
        else:  # a list of pairs
            inner = feature["feature"]
            out.append({"name": name, "list": {"list": inner["feature"]["dtype"], "length": inner["length"]}})
    return out


def card_text(spec: DatasetSpec, shards: list[dict[str, Any]], drawn: int, complete: bool) -> str:
    """The card's text for the shards made so far."""
    rows = sum(s["rows"] for s in shards)
    names = [name for name, _ in spec.splits] or ["train"]

    def of(name: str) -> list[dict[str, Any]]:
        return [s for s in shards if s.get("split", "train") == name]

    header = {
        "configs": [{"config_name": "default", "data_files": [
            {"split": name, "path": f"data/{name}-*.parquet" if spec.splits else "data/*.parquet"}
            for name in names]}],
        "dataset_info": {"features": yaml_features(spec), "splits": [
            {"name": name, "num_bytes": sum(s.get("bytes", 0) for s in of(name)),
             "num_examples": sum(s["rows"] for s in of(name))} for name in names]},
        "tags": ["maze", "meiro"],
    }
    record = {"meiro": __version__, "status": "complete" if complete else "incomplete",
              "rows": rows, "drawn": drawn, "recipe": spec.recipe(), "shards": shards}
    lines = ["---", *_yaml(header), "meiro: " + json.dumps(record, sort_keys=True, ensure_ascii=False), "---", ""]
    f = spec.filters
    wanted = [text for text, on in (
        (f"solution length at least {f.min_length}", f.min_length is not None),
        (f"solution length at most {f.max_length}", f.max_length is not None),
        (f"at least {f.min_dead_ends} dead ends", f.min_dead_ends is not None),
        (f"difficulty from {f.difficulty[0]:g} to {f.difficulty[1]:g}" if f.difficulty else "", f.difficulty),
        ("start and goal in dead ends", f.dead_end_ends),
        ("no maze twice" + (" up to rotation and reflection" if spec.dedupe == "symmetry" else ""),
         spec.dedupe),
        (f"no puzzle of {', '.join(spec.exclude)} (up to rotation and reflection)", spec.exclude),
        (f"the goal at {_band(spec.path_length)} cell steps from the start", spec.path_length)) if on]
    if spec.kind != "square":
        lines += _kind_body(spec, rows, drawn, complete, wanted)
    else:
        lines += _square_body(spec, rows, drawn, complete, wanted)
    if spec.splits:
        lines += [_splits_text(spec, shards), ""]
    lines += [
        "| shard | rows | draws | sha256 |",
        "|---|---:|---|---|",
        *(f"| {s['file']} | {s['rows']:,} | {s['first']:,}-{s['first'] + s['draws'] - 1:,} | `{s['sha256']}` |"
          for s in shards),
        "",
    ]
    return "\n".join(lines)


def _band(band: tuple[int, int] | None) -> str:
    return "" if band is None else str(band[0]) if band[0] == band[1] else f"{band[0]}-{band[1]}"


def _splits_text(spec: DatasetSpec, shards: list[dict[str, Any]]) -> str:
    """The card's paragraph on the splits."""
    counts = ", ".join(f"{name} {sum(s['rows'] for s in shards if s.get('split') == name):,} "
                       f"(share {share:g})" for name, share in spec.splits)
    return (f"Splits: {counts}. A maze goes to a split by the fingerprint of its canonical form (the "
            "smallest of its rotations and reflections, grid, start and goal moved together: "
            "`meiro.analysis.symmetry`), so no puzzle is in two splits, whatever the seed, the "
            "workers or a later extension of the set. `datasets.load_dataset(FOLDER)` gives them.")


def _kind_body(spec: DatasetSpec, rows: int, drawn: int, complete: bool, wanted: list[str]) -> list[str]:
    """The card's text about a dataset of another grid kind (:mod:`.kind_shards`)."""
    return [
        f"# {spec.count:,} {spec.algorithm} {spec.kind} mazes of size {spec.size_text()}",
        "",
        f"Made with meiro {__version__}: `{command_line(spec)}`"
        + ("" if complete else " (**incomplete**: re-run the command with `--resume` to finish it)."),
        "",
        f"- rows: {rows:,}, from {drawn:,} draws" + (f" ({rows / drawn:.1%} passed)" if drawn else ""),
        f"- filters: {', '.join(wanted) if wanted else 'none'}",
        f"- grid kind: {spec.kind}, {spec.cell_count():,} cells; goal rule: {spec.goal}, braid {spec.braid:g}, "
        f"batch seed {spec.seed}",
        "",
        f"Row `i` holds draw `index`: `meiro.generate(recipe=meiro.recipe.Recipe.from_dict({{\"grid\": "
        f"\"{spec.kind}\", \"size\": {list(spec.size)}, \"algorithm\": \"{spec.algorithm}\", \"seed\": seed, "
        f"\"goal\": \"{spec.goal}\"" + (f", \"braid\": {spec.braid:g}" if spec.braid else "") + "}))` makes its "
        "maze again. A maze is its open passages: `passages` lists each open pair `[a, b]` of cell numbers "
        "(`a < b`); `start`, `goal` and the `solution` are cell numbers too. The cells' centres (`cells`, "
        "`[x, y]`" + (" or `[x, y, z]` with z the layer" if spec.kind == "3d" else "") + ") and every "
        "neighbouring pair (`neighbours`) are in `geometry.json` beside this card, numbered as the rows "
        "number them (the keys of a maze's JSON file), so the graph can be rebuilt without meiro."
        + (" A weave's neighbours depend on each maze's crossings: `geometry.json` lists the square grid's "
           "pairs, and at each crossing `[c, over]` of a row's `crossings` (`over` 0: the passage over `c` "
           "runs east-west, 1: north-south) `c` is no neighbour of its two cells at right angles to that "
           "passage, which are neighbours of each other instead (the tunnel under `c`)."
           if spec.kind == "weave" else "")
        + " The columns are described in meiro's `meiro.dataset.kind_shards` module.",
        "",
        "Load it with `datasets.load_dataset(\"parquet\", data_files=\"data/*.parquet\")` or, on the Hub, "
        "by its name. Publish it with `huggingface-cli upload --repo-type dataset NAME .` from this folder.",
        "",
    ]


def _square_body(spec: DatasetSpec, rows: int, drawn: int, complete: bool, wanted: list[str]) -> list[str]:
    """The card's text about a dataset of square mazes."""
    return [
        f"# {spec.count:,} {spec.algorithm} mazes of {spec.width}x{spec.height} cells",
        "",
        f"Made with meiro {__version__}: `{command_line(spec)}`"
        + ("" if complete else " (**incomplete**: re-run the command with `--resume` to finish it)."),
        "",
        f"- rows: {rows:,}, from {drawn:,} draws" + (f" ({rows / drawn:.1%} passed)" if drawn else ""),
        f"- filters: {', '.join(wanted) if wanted else 'none'}",
        f"- goal rule: {spec.goal}, braid {spec.braid:g}, batch seed {spec.seed}",
        "",
        "Row `i` holds draw `index`: `meiro.generate(width, height, algorithm, seed=seed, "
        f"goal={spec.goal!r}, braid={spec.braid:g})` makes its maze again"
        + ("" if spec.path_length is None else
           f" (and `meiro.generators.distance_goal.goals_at_distance(grids, starts, seeds, "
           f"{spec.path_length[0]}, {spec.path_length[1]})` its goal)") + ". Grid, start and goal are in "
        "blocks (True = wall), the solution in cells as maze-dataset's; cell (i, j) is block (2i + 1, 2j + 1). "
        "Lengths (`solution_length`, `longest_path`) count cell steps, as `moves` does; "
        "`solution_mask` marks blocks. The columns are described in meiro's `meiro.dataset.shards` module."
        + (" Each grid is stored as its rows' bits: `meiro.dataset.shards.unpack_grid(value, "
           f"{spec.rows}, {spec.cols})` or `numpy.unpackbits(numpy.frombuffer(value, numpy.uint8)"
           f".reshape({spec.rows}, -1), axis=1, count={spec.cols}).astype(bool)` gives it back."
           if spec.grid == "bits" else ""),
        "",
        ("Load its splits with `datasets.load_dataset(FOLDER)` (this folder)" if spec.splits else
         "Load it with `datasets.load_dataset(\"parquet\", data_files=\"data/*.parquet\")`")
        + " or, on the Hub, by its name. Publish it with `huggingface-cli upload --repo-type dataset NAME .` "
        "from this folder.",
        "",
    ]


def command_line(spec: DatasetSpec) -> str:
    """The ``meiro dataset`` command that makes this dataset."""
    f = spec.filters
    parts = ["meiro dataset", f"-n {spec.count}", f"--size {spec.size_text()}",
             f"-a {spec.algorithm}", f"--goal {spec.goal}", f"--seed {spec.seed}"]
    if spec.kind != "square":
        parts.insert(2, f"--grid {spec.kind}")
    if spec.braid:
        parts.append(f"--braid {spec.braid:g}")
    for flag, value in (("--min-length", f.min_length), ("--max-length", f.max_length),
                        ("--min-dead-ends", f.min_dead_ends)):
        if value is not None:
            parts.append(f"{flag} {value}")
    if f.difficulty:
        parts.append(f"--difficulty-range {f.difficulty[0]:g} {f.difficulty[1]:g}")
    if f.dead_end_ends:
        parts.append("--dead-end-ends")
    if spec.dedupe:
        parts.append("--dedupe" + (" symmetry" if spec.dedupe == "symmetry" else ""))
    if spec.exclude:
        parts.append("--exclude " + " ".join(spec.exclude))
    if spec.splits:
        parts.append("--split " + ",".join(f"{name}={share:g}" for name, share in spec.splits))
    if spec.path_length:
        parts.append(f"--path-length {_band(spec.path_length)}")
    if spec.extras:
        parts.append("--with " + ",".join(spec.extras))
    if spec.grid != "array":
        parts.append(f"--grid {spec.grid}")
    if "pixels" in spec.extras and spec.block != 2:
        parts.append(f"--block {spec.block}")
    if {"prompt", "answer"} & set(spec.extras):
        parts.append(f"--text-format {spec.text_format}")
    parts.append(f"--shard-draws {spec.shard_draws} -o FOLDER")
    return " ".join(parts)


#: The largest card read (a card of 100,000 shards is some 20 MB): a larger README.md is
#: no card meiro wrote, refused unread.
MAX_CARD = 64 * 2**20

#: The name of every shard a card may list.
_SHARD_NAME = re.compile(r"data/[A-Za-z0-9_][A-Za-z0-9_-]*-[0-9]{5}\.parquet")
_SHA256 = re.compile(r"[0-9a-f]{64}")
#: Largest count a card may hold (draws, rows, bytes): far beyond any dataset, below any overflow.
_MOST = 2**53


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        shown = repr(value) if len(repr(value)) <= 40 else type(value).__name__
        raise MazeError(f"its README.md is not a meiro dataset card: {where} is {shown}, not a whole number")
    if not 0 <= value <= _MOST:
        raise MazeError(f"its README.md is not a meiro dataset card: {where} is {value}, "
                        f"not from 0 to {_MOST}")
    return value


def check_record(record: object) -> dict[str, Any]:
    """The ``meiro: {...}`` record, every field of the right type and range, else one :class:`MazeError`.

    Only what a resume uses is kept from a card: which shard files it lists, with the rows
    and checksum each should have; everything else is made again from the recipe.

    Examples
    --------
    >>> entry = {"file": "data/shard-00000.parquet", "rows": 3, "first": 0, "draws": 3, "bytes": 9,
    ...          "sha256": "0" * 64}
    >>> good = {"status": "complete", "rows": 3, "drawn": 3, "recipe": {}, "shards": [entry]}
    >>> check_record(good)["shards"][0]["rows"]
    3
    >>> check_record({**good, "shards": [{**entry, "rows": "3"}]})
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: its README.md is not a meiro dataset card: shards[0].rows is '3', not a whole number
    """
    if not isinstance(record, dict):
        raise MazeError("its README.md is not a meiro dataset card")
    if record.get("status") not in ("complete", "incomplete"):
        raise MazeError("its README.md is not a meiro dataset card: status is neither complete nor incomplete")
    for key in ("rows", "drawn"):
        _count(record.get(key), key)
    if not isinstance(record.get("recipe"), dict):
        raise MazeError("its README.md is not a meiro dataset card: recipe is not an object")
    shards = record.get("shards")
    if not isinstance(shards, list):
        raise MazeError("its README.md is not a meiro dataset card: shards is not a list")
    seen: set[str] = set()
    for i, entry in enumerate(shards):
        where = f"shards[{i}]"
        if not isinstance(entry, dict):
            raise MazeError(f"its README.md is not a meiro dataset card: {where} is not an object")
        name = entry.get("file")
        if not isinstance(name, str) or not _SHARD_NAME.fullmatch(name):
            raise MazeError(f"its README.md is not a meiro dataset card: {where}.file is not a shard's "
                            "name (data/shard-NNNNN.parquet, data/SPLIT-NNNNN.parquet)")
        if name in seen:
            raise MazeError(f"its README.md is not a meiro dataset card: {name} is listed twice")
        seen.add(name)
        for key in ("rows", "first", "draws", "bytes"):
            _count(entry.get(key), f"{where}.{key}")
        digest = entry.get("sha256")
        if not isinstance(digest, str) or not _SHA256.fullmatch(digest):
            raise MazeError(f"its README.md is not a meiro dataset card: {where}.sha256 is not a SHA-256 "
                            "(64 hexadecimal digits)")
    return record


def read_record(text: str) -> dict[str, Any]:
    """The ``meiro: {...}`` record of a card written by :func:`card_text`, checked by :func:`check_record`."""
    from ..io.files import parse_json

    header = text.split("\n---", 1)[0] if text.startswith("---") else ""
    for line in header.splitlines():
        if line.startswith("meiro: "):
            try:
                record = parse_json(line[len("meiro: "):])
            except MazeError:
                break
            return check_record(record)
    raise MazeError("its README.md is not a meiro dataset card")


def _yaml(header: dict[str, Any]) -> list[str]:
    """The header's lines: block style, keys in the order given, non-ASCII text as it is.

    Examples
    --------
    >>> _yaml({"tags": ["maze"], "shape": {"rows": 3}})
    ['tags:', '- maze', 'shape:', '  rows: 3']
    """
    try:
        import yaml
    except ImportError:
        raise MazeError("Parquet datasets need PyYAML: pip install \"meiro[datasets]\"") from None
    text: str = yaml.safe_dump(header, sort_keys=False, allow_unicode=True, default_flow_style=False,
                               width=2**16)
    return text.splitlines()
