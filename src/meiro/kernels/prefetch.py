"""A hint to the processor: start fetching an array element into the cache now.

A kernel that makes random reads it knows in advance, as Kruskal's union-find
does (the edges it will try are already shuffled), waits for memory on each of
them in turn: an unpredictable branch between two of them throws away the
reads the processor had started on its own. Asking for the cells of an edge
a few dozen edges ahead lets those waits overlap.

:func:`prefetch` changes no value anywhere, so the kernels that call it make the
same mazes with it or without it, on any machine. In plain-Python kernels
(:mod:`meiro.kernels.jit`) it does nothing; compiled, it is LLVM's
``llvm.prefetch``, one instruction (which never faults, even on an address
outside the array). :func:`register` teaches numba that, and runs before the
first compiled kernel (:func:`meiro.kernels.prepare_numba`).

Examples
--------
>>> import numpy as np
>>> prefetch(np.arange(4), 2) is None
True
"""

from __future__ import annotations

import importlib
from typing import Any


def prefetch(array: Any, index: Any) -> None:
    """Ask for ``array[index]`` to be brought into the cache (a hint; nothing in plain Python)."""
    return None


def register() -> None:
    """Give :func:`prefetch` its compiled form, once per process (numba loaded)."""
    global _registered
    if _registered:
        return
    _registered = True
    # (numba's own type hints are partial: its pieces are taken as Any)
    ir: Any = importlib.import_module("llvmlite.ir")
    types: Any = importlib.import_module("numba.core.types")
    cgutils: Any = importlib.import_module("numba.core.cgutils")
    extending: Any = importlib.import_module("numba.extending")

    def llvm_prefetch(typingctx: Any, array: Any, index: Any) -> Any:
        if not isinstance(array, types.Array) or not isinstance(index, types.Integer):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            array_type = signature.args[0]
            view = context.make_array(array_type)(context, builder, args[0])
            address = cgutils.get_item_pointer(context, builder, array_type, view, [args[1]], wraparound=False)
            byte_pointer = ir.IntType(8).as_pointer()
            word = ir.IntType(32)
            # named for an i8* argument, as llvmlite writes pointers: the name LLVM 14 (numba
            # 0.58's) requires, and one later LLVMs (opaque pointers, "p0") still read
            function = cgutils.get_or_insert_function(
                builder.module, ir.FunctionType(ir.VoidType(), [byte_pointer, word, word, word]),
                "llvm.prefetch.p0i8")
            # a read (0), kept in every cache level (3), of data (1)
            builder.call(function, [builder.bitcast(address, byte_pointer), word(0), word(3), word(1)])
            return context.get_dummy_value()

        return types.void(array, index), codegen

    _llvm_prefetch = extending.intrinsic(llvm_prefetch)

    def typed(array: Any, index: Any) -> Any:
        if not isinstance(array, types.Array) or not isinstance(index, types.Integer):
            return None

        def compiled(array: Any, index: Any) -> None:  # (numba wants prefetch's very parameters)
            _llvm_prefetch(array, index)

        return compiled

    extending.overload(prefetch, inline="always")(typed)


_registered = False
