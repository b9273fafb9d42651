"""The Tk window's dealings with the system around it: the screen's DPI, Japanese fonts,
the file manager and the save dialog (its Japanese: :mod:`meiro.ui.tk_catalogue`). Kept apart from the window's layout, drawing and keys
(:mod:`meiro.ui.tk_app`), so that a platform quirk is fixed here without reading the game.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tkinter as tk
from pathlib import Path
from tkinter import filedialog

from .tk_catalogue import translated


def enable_dpi_awareness() -> None:
    """Ask Windows for system DPI awareness (``SetProcessDpiAwareness(1)``), so that text and the
    maze are drawn at the screen's pixels rather than blurred by Windows' scaling.

    Must run before the first Tk window. Elsewhere Tk follows the screen's DPI
    itself; :func:`apply_tk_scaling` sets its point size from the real DPI.
    """
    if sys.platform == "win32":
        try:
            import ctypes

            ctypes.windll.shcore.SetProcessDpiAwareness(1)
        except (AttributeError, OSError):
            pass


def apply_tk_scaling(root: tk.Tk) -> None:
    """Make Tk's points match the screen's pixels per inch (fonts scale on high-DPI screens)."""
    try:
        dpi = float(root.winfo_fpixels("1i"))
    except tk.TclError:
        return
    if 48 <= dpi <= 600:
        root.tk.call("tk", "scaling", dpi / 72.0)


def open_in_file_manager(folder: Path) -> subprocess.Popen[bytes] | None:
    """Open ``folder`` with the platform's file manager (explorer / open / xdg-open).

    Returns the opener's process (None on Windows), for the caller to reap and to
    learn from its exit status whether a file manager answered: ``xdg-open``
    fails after a while when none is installed.
    """
    if sys.platform == "win32":
        os.startfile(folder)  # type: ignore[attr-defined]
        return None
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    return subprocess.Popen([opener, str(folder)], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def shown_path(path: str | os.PathLike[str]) -> str:
    """``path`` as a player reads it: relative to the folder the game started in, if inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


#: Families known to draw Japanese, for systems without fontconfig to ask.
JAPANESE_FAMILIES = ("Yu Gothic", "Meiryo", "MS Gothic", "Hiragino Sans", "Hiragino Kaku Gothic ProN",
                     "Noto Sans CJK JP", "Noto Serif CJK JP", "Noto Sans JP", "IPAexGothic",
                     "IPAGothic", "TakaoGothic", "VL Gothic", "Source Han Sans JP")


def japanese_font_available(root: tk.Misc) -> bool:
    """Whether the system can draw Japanese (Windows and macOS always can).

    Elsewhere Tk draws through fontconfig, which falls back to any installed
    font that has the characters: ask it for one (``fc-list :lang=ja``), or,
    without fontconfig, look for a known Japanese family among Tk's.
    """
    if sys.platform in ("win32", "darwin"):
        return True
    try:
        found = subprocess.run(["fc-list", ":lang=ja", "family"], capture_output=True, text=True,
                               timeout=5)
        return bool(found.stdout.strip())
    except (OSError, subprocess.SubprocessError):
        from tkinter import font

        return bool(set(JAPANESE_FAMILIES) & set(font.families(root)))


#: The file types of the save dialog, in Tk's terms (their names translated by the catalogue).
FILE_TYPES = (("PNG Image", ".png"), ("Web page to play the maze", ".html"), ("SVG Image", ".svg"))


def ask_save_path(initialdir: Path, initialfile: str, parent: tk.Misc | None = None) -> str:
    """The save dialog over ``parent``: the chosen path, or "" if the player cancelled.

    It speaks the language :func:`meiro.ui.tk_catalogue.speak` last set for ``parent``'s
    interpreter, the file types' names included (English without a ``parent``).
    """
    types = [(name if parent is None else translated(parent, name), pattern)
             for name, pattern in FILE_TYPES]
    return filedialog.asksaveasfilename(parent=parent, initialdir=str(initialdir),
                                        initialfile=initialfile, defaultextension=".png",
                                        filetypes=types)
