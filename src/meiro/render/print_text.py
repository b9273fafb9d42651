"""The words printed on sheets and booklets, in Japanese and English.

Kept apart from the game's messages (:mod:`meiro.text.messages`): paper has
its own words (こたえ for the answer pages, なまえ on the cover, the grades
かんたん / ふつう / むずかしい), and the render layer does not reach into the game.
"""

from __future__ import annotations

from ..errors import MazeError

#: Languages the printed words come in.
LANGUAGES = ("ja", "en")

WORDS = {
    "ja": {
        "start": "スタート",
        "goal": "ゴール",
        "answers": "こたえ",
        "page": "{n} ページ",
        "page_of": "{n} / {total} ページ",
        "seed": "シード {seed}",
        "maze_note": "{w}×{h}　{algorithm}　シード {seed}",
        "no_path": "（みちが ありません）",
        "sheet_title": "めいろ（{w}×{h}、シード {seed}）",
        "kind_sheet_title": "めいろ（{size}、シード {seed}）",
        "book_title": "めいろ あそび",
        "book_count": "{count} もん　{range}",
        "to": " → ",
        "instruction": "スタートから ゴールまで すすもう",
        "cover_answers": "こたえは {page} ページから",
        "ages": "{low}〜{high}さい むけ",
        "ages_up": "{low}さい から",
        "name": "なまえ",
        "date": "ひづけ",
        "date_blank": "　　ねん　　がつ　　にち",
        "book_seed": "シード {seed}（meiro book{grid} --seed {seed} で おなじ ほんが できます）",
        "easy": "かんたん",
        "medium": "ふつう",
        "hard": "むずかしい",
        "layer": "{n}かい",
        "up": "のぼる",
        "down": "おりる",
        "kind_note": "{kind}　{size}　{algorithm}　シード {seed}",
        "rings": "{n}重",
    },
    "en": {
        "start": "start",
        "goal": "goal",
        "answers": "answers",
        "page": "page {n}",
        "page_of": "page {n} of {total}",
        "seed": "seed {seed}",
        "maze_note": "{w}x{h} {algorithm} seed {seed}",
        "no_path": "(no path)",
        "sheet_title": "Mazes ({w}x{h}, sheet seed {seed})",
        "kind_sheet_title": "Mazes ({size}, sheet seed {seed})",
        "book_title": "Maze Book",
        "book_count": "{count} mazes, {range}",
        "to": " to ",
        "instruction": "Find the way from start to goal",
        "cover_answers": "The answers start on page {page}",
        "ages": "for ages {low} to {high}",
        "ages_up": "for ages {low} and up",
        "name": "Name",
        "date": "Date",
        "date_blank": "",
        "book_seed": "seed {seed} (meiro book{grid} --seed {seed} makes the same book)",
        "easy": "easy",
        "medium": "medium",
        "hard": "hard",
        "layer": "floor {n}",
        "up": "up",
        "down": "down",
        "kind_note": "{kind} {size} {algorithm} seed {seed}",
        "rings": "{n} rings",
    },
}


def check_language(lang: str) -> str:
    """``lang`` checked to be one the printed words come in.

    Examples
    --------
    >>> check_language("ja")
    'ja'
    >>> check_language("fr")
    Traceback (most recent call last):
    ...
    meiro.errors.MazeError: unknown language 'fr'; choose ja or en
    """
    if lang not in WORDS:
        raise MazeError(f"unknown language {lang!r}; choose {' or '.join(LANGUAGES)}")
    return lang


def word(lang: str, key: str, **values: object) -> str:
    """The printed word or phrase ``key`` in ``lang``, filled in with ``values``.

    Examples
    --------
    >>> word("ja", "page_of", n=2, total=5), word("en", "hard")
    ('2 / 5 ページ', 'hard')
    """
    return WORDS[check_language(lang)][key].format(**values)


def sheet_texts(lang: str, title: str) -> str:
    """Every fixed word a sheet in ``lang`` prints, with the title and digits (to choose
    and check the font before anything is made).

    Examples
    --------
    >>> "ゴール" in sheet_texts("ja", "めいろ")
    True
    """
    keys = ("start", "goal", "answers", "page_of", "maze_note", "no_path", "name")
    values = dict(n=0, total=0, w=0, h=0, algorithm="dig", seed=0)
    return title + "".join(word(lang, k, **values) for k in keys) + kind_texts(lang) + "0123456789x"


def kind_texts(lang: str) -> str:
    """The words printed with the grid kinds' mazes (their names, a 3D maze's floors and
    stairs, a theta maze's rings), to choose and check the font.

    Examples
    --------
    >>> "円形" in kind_texts("ja"), "のぼる" in kind_texts("ja")
    (True, True)
    """
    from ..kinds import KINDS

    names = "".join(kind.title for kind in KINDS.values()) if lang == "ja" else "".join(KINDS)
    values = dict(n=0, kind=names, size="0×0" if lang == "ja" else "0x0", algorithm="dig", seed=0)
    return "".join(word(lang, k, **values) for k in ("layer", "up", "down", "kind_note", "rings"))
