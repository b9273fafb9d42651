"""The texts meiro shows a player: they live in :mod:`meiro.messages` (below the render
layer, which the web page needs); this name is kept for the modules that import them here."""

from ..messages import LANGUAGES, MESSAGES, default_language, text

__all__ = ["LANGUAGES", "MESSAGES", "default_language", "text"]
