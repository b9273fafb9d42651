"""numba kernels shared by several algorithms.

Kernels work on flat NumPy arrays (a maze's block grid is passed as ``grid.ravel()``)
and take every piece of state explicitly, the PRNG state included, so that they are
deterministic and free of hidden globals. Only meiro's core modules call them.

Where compiled kernels are kept
-------------------------------
Kernels are compiled on first use and cached (``@njit(cache=True)``), by
numba, in the ``__pycache__`` folders beside their source. An installation
that cannot be written to (system-wide, read-only, another user's) would
make numba refuse to load the kernels at all, so when meiro's folders are not
writable and ``NUMBA_CACHE_DIR`` is not set, it is set (for this process and
the ones it starts) to the first of these that can be used:

1. ``meiro/numba`` in the user's cache folder, as platformdirs finds it
   (``$XDG_CACHE_HOME`` or ``~/.cache`` on Linux, ``~/Library/Caches`` on
   macOS, the local application data folder, ``%LOCALAPPDATA%``, on Windows);
2. ``meiro-numba-UID`` in the temporary folder, made private to the user;
3. a fresh private temporary folder removed at exit: nothing is kept between
   runs, which a :class:`meiro.errors.NumbaCacheWarning` says (the ``meiro``
   program shows it as one line, ``meiro: note: ...``).

This runs before the first compiled kernel is defined (:func:`prepare_numba`,
called by :func:`meiro.kernels.jit.njit`; numba may be loaded before it; its
settings are then reloaded). Kernels run as plain Python (see
:mod:`meiro.kernels.jit`) load neither numba nor any of this.

When compiled kernels are thrown away
-------------------------------------
When any kernel source changes, not only the kernel's own file: see
:mod:`meiro.kernels.freshness`, installed here too.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
import warnings

from ..errors import NumbaCacheWarning

#: meiro's subpackages whose modules define cached kernels.
_KERNEL_FOLDERS = ("kernels", "generators", "solvers")


def _writable(folder: str) -> bool:
    """Whether numba can cache beside the code in ``folder`` (in its ``__pycache__``)."""
    cache = os.path.join(folder, "__pycache__")
    return os.access(cache if os.path.isdir(cache) else folder, os.W_OK)


def _user_cache() -> str | None:
    """``meiro/numba`` in the user's cache folder (platformdirs), or None when it has none."""
    import platformdirs

    try:  # (no author folder on Windows, no "Cache" folder under meiro's: the folders of old)
        base = platformdirs.user_cache_dir("meiro", appauthor=False, opinion=False)
    except (OSError, RuntimeError):  # no home folder to be found
        return None
    return os.path.join(base, "numba") if os.path.isabs(base) else None


def _shared_temp() -> str | None:
    try:
        temp = tempfile.gettempdir()
    except OSError:  # no usable temporary folder at all
        return None
    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return os.path.join(temp, f"meiro-numba-{user}")


def _usable(folder: str | None) -> bool:
    """Make ``folder`` if needed; whether it is a folder of this user's that only they can write.

    In a shared temporary folder the name could have been taken first by someone
    else, who could then plant compiled code; such a folder is not used.
    """
    if folder is None:
        return False
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode) or not os.access(folder, os.W_OK | os.X_OK):
        return False
    if hasattr(os, "getuid"):
        return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    return True


def _private_temp() -> str | None:
    import atexit
    import shutil

    try:
        folder = tempfile.mkdtemp(prefix="meiro-numba-")
    except OSError:
        return None
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def numba_cache_folder() -> str | None:
    """The folder numba should cache meiro's kernels in, or None to leave numba's own choice.

    None when ``NUMBA_CACHE_DIR`` is set already or meiro's own folders are
    writable (the usual case); see the module's notes for the rest.

    Examples
    --------
    >>> folder = numba_cache_folder()
    >>> folder is None or os.path.isdir(folder)
    True
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if all(_writable(os.path.join(package, name)) for name in _KERNEL_FOLDERS):
        return None
    for folder in (_user_cache(), _shared_temp()):
        if _usable(folder):
            return folder
    folder = _private_temp()
    if folder is not None:
        warnings.warn("no writable folder for numba's cache (set NUMBA_CACHE_DIR to keep compiled "
                      "kernels); they are compiled again in each run", NumbaCacheWarning, stacklevel=2)
    return folder


def _use_cache_folder() -> None:
    folder = numba_cache_folder()
    if folder is None:
        return
    os.environ["NUMBA_CACHE_DIR"] = folder  # inherited by worker processes, which then use it too
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba read its settings when it was imported: read them again
        config.reload_config()


def prepare_numba() -> None:
    """Choose numba's cache folder and stamp cached kernels with the sources key; once per process."""
    global _prepared
    if _prepared:
        return
    _prepared = True
    _use_cache_folder()
    from .freshness import install
    from .prefetch import register

    install()
    register()  # (numba compiles the kernels that ask for a prefetch with it)


_prepared = False
