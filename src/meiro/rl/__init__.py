"""Reinforcement learning: a Gymnasium environment (:mod:`~meiro.rl.env`, registered as
``meiro/Maze-v0``) and a vector environment that steps every maze in one compiled call
(:mod:`~meiro.rl.vector_env`). Both need Gymnasium (``pip install "meiro[rl]"``)."""
