"""Cached kernels are thrown away when any kernel source changes, not only their own file.

numba keeps a compiled kernel on disk (``@njit(cache=True)``) with a stamp of
the one file that defines it, and reuses it while that file is unchanged. But
a kernel also holds compiled copies of what it calls: the PRNG of
:mod:`meiro.kernels.rng` is inlined into every generator, and
:mod:`meiro.generators.compiled` compiles every generator into one switch. Edit
``_below`` in ``rng.py`` and numba would go on running the old code in
``dig.py``'s cached kernel.

So the stamp of each of meiro's kernels is widened to the stamp numba takes
plus a *sources key*: a hash of meiro's version and of every kernel source,
that is, every module in :data:`KERNEL_FOLDERS` and every other module of the
package that defines kernels (uses ``njit``). An edit to any of them makes every cached kernel
stale, and numba compiles it again on its next use (and overwrites the old
cache files). A module-level constant a kernel reads is frozen into its
machine code too: keep such constants in those modules.

Chosen over a cache folder per sources key (``NUMBA_CACHE_DIR``): that would
need setting before numba is imported, would change numba's cache for other
code in the same process, and would leave one stale folder per edit behind.
Chosen over clearing caches in the test set-up: a developer running ``meiro``
from a checkout is protected too, and so is an upgraded installation whose
per-user cache holds kernels of the previous version.

How: numba picks a *cache locator* per function from a list of classes
(``CacheImpl._locator_classes``); :func:`install` puts one in front that takes
only the functions defined in meiro's files, hands them to the locator numba
would have used (so ``NUMBA_CACHE_DIR`` and the read-only fallbacks work as
before) and adds the sources key to its stamp. That list is numba's internal
API, stable since numba 0.49; if a numba release renames it, :func:`install`
leaves numba's behaviour as it is and ``tests/test_numba_cache.py`` fails.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

#: meiro's subpackages that hold kernels (every module in them is a kernel source).
KERNEL_FOLDERS = ("kernels", "generators", "solvers")
#: meiro's modules (paths in the package) that hold no kernel but constants frozen into one:
#: the registry declares each generator's code in the compiled switch
#: (:mod:`meiro.generators.compiled`).
KERNEL_DECLARATIONS = ("registry.py",)

_PACKAGE = Path(__file__).resolve().parent.parent  # meiro/, above kernels/


def kernel_sources(package: Path = _PACKAGE) -> list[Path]:
    """The kernel sources of ``package``: its :data:`KERNEL_FOLDERS`' modules and every
    other module that uses numba, in a fixed order.

    Examples
    --------
    >>> names = [path.relative_to(_PACKAGE).as_posix() for path in kernel_sources()]
    >>> "kernels/rng.py" in names and "generators/dig.py" in names and "text/maze_text.py" not in names
    True
    >>> "registry.py" in names
    True
    """
    found = []
    for path in sorted(Path(package).rglob("*.py")):
        inside = path.relative_to(package).parts
        if "__pycache__" in inside:
            continue
        if (inside[0] in KERNEL_FOLDERS or path.relative_to(package).as_posix() in KERNEL_DECLARATIONS
                or b"njit" in path.read_bytes()):
            found.append(path)
    return found


def sources_key(package: Path = _PACKAGE, version: str = "") -> str:
    """A hash of ``version`` and of the names and contents of ``package``'s kernel sources.

    Examples
    --------
    >>> key = sources_key(version="1.0")
    >>> len(key), key == sources_key(version="1.0"), key == sources_key(version="1.1")
    (64, True, False)
    """
    digest = hashlib.sha256(version.encode())
    for path in kernel_sources(Path(package)):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


@functools.cache
def _key_of(package: Path) -> str:
    """:func:`sources_key` once per process (an edit made while it runs is seen by the next)."""
    version = ""
    if package == _PACKAGE:
        from .._version import __version__ as version
    return sources_key(package, version)


def _inside(path: str, package: Path) -> bool:
    try:
        Path(path).resolve().relative_to(package)
    except (OSError, ValueError):
        return False
    return True


def _locator_list() -> list[Any] | None:
    """numba's list of cache locator classes, or None if this numba keeps it elsewhere."""
    from numba.core import caching

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    classes = getattr(impl, "_locator_classes", None)
    return classes if isinstance(classes, list) else None


def install(package: Path = _PACKAGE) -> bool:
    """Make numba's cache of the functions defined in ``package``'s files follow its sources key.

    Runs before the first compiled kernel is defined (:func:`meiro.kernels.prepare_numba`);
    a second call for the same folder does nothing. Returns whether the locator is in place.

    Examples
    --------
    >>> install()
    True
    """
    classes = _locator_list()
    if classes is None:
        return False
    located: list[Any] = classes  # (the narrowing, for the class below)
    package = Path(package).resolve()
    if any(getattr(cls, "package", None) == package for cls in classes):
        return True
    from numba.core.caching import _CacheLocator

    class SourcesKeyLocator(_CacheLocator):
        """numba's own locator for the function, with the sources key added to its stamp."""

        #: the folder whose functions it locates (how :func:`install` tells it from numba's own)
        package: Path | None = None

        def __init__(self, inner: Any) -> None:
            self._inner = inner

        def ensure_cache_path(self) -> None:
            self._inner.ensure_cache_path()

        def get_cache_path(self) -> Any:
            return self._inner.get_cache_path()

        def get_source_stamp(self) -> tuple[Any, str]:
            return self._inner.get_source_stamp(), _key_of(package)

        def get_disambiguator(self) -> Any:
            return self._inner.get_disambiguator()

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> SourcesKeyLocator | None:
            if not _inside(py_file, package):
                return None
            for other in located:
                if other is cls or getattr(other, "package", None) is not None:
                    continue
                inner = other.from_function(py_func, py_file)
                if inner is not None:
                    return cls(inner)
            return None

    SourcesKeyLocator.package = package
    classes.insert(0, SourcesKeyLocator)
    return True


def uses_sources_key(dispatcher: Any) -> bool:
    """Whether a cached numba ``dispatcher`` is stamped with the sources key.

    Examples
    --------
    >>> from meiro.generators.dig import _dig_kernel
    >>> uses_sources_key(_dig_kernel)
    True
    """
    cache = getattr(dispatcher, "_cache", None)
    locator = getattr(getattr(cache, "_impl", None), "_locator", None)
    return getattr(type(locator), "package", None) is not None


__all__ = ["KERNEL_DECLARATIONS", "KERNEL_FOLDERS", "install", "kernel_sources", "sources_key", "uses_sources_key"]
