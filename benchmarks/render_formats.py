"""How fast and how small meiro's pictures are, against the straightforward way.

Run: PYTHONPATH=src python benchmarks/render_formats.py [cells]

* PNG: meiro paints the block grid with NumPy (one palette lookup and two
  repeats); the straightforward way draws one rectangle per block with
  Pillow's ImageDraw, as the Tk seed draws one canvas rectangle per block.
* SVG: meiro merges collinear wall pieces into one segment per straight wall;
  the straightforward way writes one line per wall slot between two cells.
Every figure comes from this one run on this machine; compare the ratios.
"""

import io
import sys

import numpy as np
from timing import best_of

import meiro
from meiro.render.pdf import render_sheet
from meiro.render.png import render_png
from meiro.render.svg import render_svg


def png_per_block(maze, block):
    from PIL import Image, ImageDraw

    rows, cols = maze.grid.shape
    image = Image.new("RGB", (cols * block, rows * block), "white")
    draw = ImageDraw.Draw(image)
    for r, c in np.argwhere(maze.grid).tolist():
        draw.rectangle((c * block, r * block, (c + 1) * block - 1, (r + 1) * block - 1), fill=(64, 64, 64))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def svg_per_slot(maze, cell=16):
    grid, unit = maze.grid, cell / 2
    lines = []
    for r, c in np.argwhere(grid).tolist():
        if r % 2 == 0 and c % 2 == 1:
            lines.append(f'<line x1="{(c - 1) * unit:g}" y1="{r * unit:g}" x2="{(c + 1) * unit:g}" y2="{r * unit:g}"/>')
        elif r % 2 == 1 and c % 2 == 0:
            lines.append(f'<line x1="{c * unit:g}" y1="{(r - 1) * unit:g}" x2="{c * unit:g}" y2="{(r + 1) * unit:g}"/>')
    return '<svg xmlns="http://www.w3.org/2000/svg">' + "".join(lines) + "</svg>"


def main():
    cells = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    maze = meiro.generate(cells, cells, seed=1)
    print(f"{cells}x{cells} cells ({maze.grid.shape[1]}x{maze.grid.shape[0]} blocks)")
    fast, data = best_of(3, lambda: render_png(maze, block=4)), render_png(maze, block=4)
    slow = best_of(1, lambda: png_per_block(maze, 4))
    print(f"PNG, 4-pixel blocks: meiro {fast * 1000:.0f} ms, one rectangle per block "
          f"{slow * 1000:.0f} ms  -> {slow / fast:.1f}x faster; {len(data) / 1024:.0f} KiB")
    fast, svg = best_of(3, lambda: render_svg(maze)), render_svg(maze)
    plain = svg_per_slot(maze)
    segments = svg.count("M")  # one moveto per merged segment
    print(f"SVG: {fast * 1000:.0f} ms, {segments} merged segments, {len(svg) / 1024:.0f} KiB; "
          f"one line per wall slot: {plain.count('<line')} lines, {len(plain) / 1024:.0f} KiB "
          f"-> {len(plain) / len(svg):.1f}x smaller")
    fast, pdf = best_of(1, lambda: render_sheet([maze], per_page=1)), render_sheet([maze], per_page=1)
    print(f"PDF (maze + answer page): {fast * 1000:.0f} ms, {len(pdf) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
