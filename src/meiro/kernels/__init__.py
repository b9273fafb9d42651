"""numba kernels shared by several algorithms.

Kernels work on flat NumPy arrays (a maze's block grid is passed as ``grid.ravel()``)
and take every piece of state explicitly, the PRNG state included, so that they are
deterministic and free of hidden globals. Only meiro's core modules call them.
"""
