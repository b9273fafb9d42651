"""How long a million-cell round (theta) maze takes to draw as PNG and SVG, and the memory it takes.

Run: PYTHONPATH=src python benchmarks/kind_pictures.py [rings]   (default 560 rings: 971,227 cells)

For each format, in a process of its own (so that each peak is its own): the
maze is made and its walls drawn from the geometry first; then the writer runs
once, timed, with the process's peak resident memory reset just before it
(``/proc/self/clear_refs``), and the peak it reached is printed beside the
memory :func:`meiro.render.check_output` said it would take, and the file's
size. Beside meiro's writers, the straightforward way, in the same processes:

* PNG: one Pillow ``ImageDraw.line`` call a wall (theta's arcs as the same chords);
* SVG: one Python f-string a wall.

Every figure comes from this one run on this machine; compare the ratios.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

CHILD = r"""
import io, json, sys, time
import numpy as np
import meiro
from meiro.render import check_output, picture_shape, render_file

rings, fmt, way = int(sys.argv[1]), sys.argv[2], sys.argv[3]
maze = meiro.generate(rings, rings, grid="theta", seed=1)
maze.geometry.walls  # the geometry's own drawing, made once whatever draws it


def peak():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM"))


def baseline():
    from meiro.render.kind_drawing import drawing_of, MARGIN
    d = drawing_of(maze)
    if fmt == "svg":
        parts = [f"M{x0:g} {y0:g}L{x1:g} {y1:g}" for x0, y0, x1, y1 in d.segments.tolist()]
        parts += [f"M{x0:g} {y0:g}A{r:g} {r:g} 0 0 1 {x1:g} {y1:g}" for x0, y0, x1, y1, r in d.arcs.tolist()]
        return ('<svg xmlns="http://www.w3.org/2000/svg"><path d="' + "".join(parts) + '"/></svg>').encode()
    from PIL import Image, ImageDraw
    from meiro.render.kind_raster import arc_chords, canvas_for
    from meiro.render.png import fitted_block
    from meiro.render.kind_drawing import block_shape
    canvas = canvas_for(maze.geometry, fitted_block(block_shape(maze.geometry)))
    image = Image.new("P", (canvas.width, canvas.height), 0)
    draw = ImageDraw.Draw(image)
    width = canvas.stroke(0.125)
    pieces = np.concatenate([d.segments, arc_chords(d.arcs, d.hub, canvas.ppu)])
    for x0, y0, x1, y1 in ((pieces + MARGIN) * canvas.ppu).tolist():
        draw.line((x0, y0, x1, y1), fill=1, width=width)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


with open("/proc/self/clear_refs", "w") as refs:
    refs.write("5")  # the peak from here on
before = peak()
t0 = time.perf_counter()
data = render_file(maze, "m." + fmt) if way == "meiro" else baseline()
seconds = time.perf_counter() - t0
needs = check_output(fmt, picture_shape(maze, fmt))
print(json.dumps({"cells": maze.cells, "seconds": seconds, "peak": peak(), "before": before,
                  "needs": needs.memory, "bytes": len(data), "block": needs.block}))
"""


def run(rings: int, fmt: str, way: str) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, str(rings), fmt, way], capture_output=True, text=True,
                         check=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    rings = int(sys.argv[1]) if len(sys.argv) > 1 else 560
    started = time.perf_counter()
    for fmt in ("png", "svg"):
        fast, slow = run(rings, fmt, "meiro"), run(rings, fmt, "straightforward")
        mib = 2 ** 20
        print(f"{fmt.upper()} of a {rings}-ring theta maze ({int(fast['cells']):,} cells"
              + (f", {int(fast['block'])}-pixel blocks" if fast["block"] else "") + "): "
              f"meiro {fast['seconds']:.2f} s, peak {(fast['peak'] - fast['before']) / mib:.0f} MiB over the "
              f"maze's {fast['before'] / mib:.0f} MiB (check_output said {fast['needs'] / mib:.0f} MiB), "
              f"{fast['bytes'] / mib:.1f} MiB file; one call a wall {slow['seconds']:.2f} s "
              f"-> {slow['seconds'] / fast['seconds']:.1f}x")
    print(f"(whole run {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
