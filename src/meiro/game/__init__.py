"""The maze game's rules, free of any UI: :mod:`meiro.game.model` (the entry form and the
round) and :mod:`meiro.game.session` (what a front end runs)."""

from .clock import Stopwatch, format_elapsed
from .commands import (KEYMAP, Direction, Move, OpenFolder, Quit, SaveImage, ShowAnswer, Skip,
                       StartStop, WatchSearch, Zoom)
from .entry import EntryError, parse_entry
from ..text.messages import MESSAGES, default_language, text
from .model import Changes, GameModel, Phase
from .session import GameSession

__all__ = [
                       "KEYMAP",
                       "MESSAGES",
                       "Changes",
                       "Direction",
                       "EntryError",
                       "GameModel",
                       "GameSession",
                       "Move",
                       "OpenFolder",
                       "Phase",
                       "Quit",
                       "SaveImage",
                       "ShowAnswer",
                       "Skip",
                       "StartStop",
                       "Stopwatch",
                       "WatchSearch",
                       "Zoom",
                       "default_language",
                       "format_elapsed",
                       "parse_entry",
                       "text",
]
