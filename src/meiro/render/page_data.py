"""The data of a web page, as JSON that is safe inside its ``<script type="application/json">`` block.

The page's scripts read the block with ``JSON.parse``, so it is never run; but the
HTML parser still reads the block's text first, and some text changes where the
block ends: ``</script>`` ends it early, and ``<!--`` followed by ``<script``
makes the parser skip past the next ``</script>``, swallowing the page's own
scripts (a maze whose algorithm is named ``<!--<script>`` gave a dead page).
Every ``<``, ``>`` and ``&`` is therefore written as its JSON escape
(``\\u003c``...), which ``JSON.parse`` reads back as the same character: no
string the data holds can be markup.

:func:`page` puts a page together: ``html_page.html`` with the title, the data
and the scripts (the shared ``html_page_kit.js`` before the game's rules).
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from typing import Any

_ESCAPES = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                          "\u2028": "\\u2028", "\u2029": "\\u2029"})


def script_json(data: Any) -> str:  # Any: whatever JSON the page carries
    """``data`` as JSON with no character that HTML reads as markup inside a script block.

    Examples
    --------
    >>> script_json({"algorithm": "<!--<script></script>", "ok": "迷路 & co"})
    '{"algorithm": "\\\\u003c!--\\\\u003cscript\\\\u003e\\\\u003c/script\\\\u003e", "ok": "迷路 \\\\u0026 co"}'
    >>> json.loads(script_json(["</script>"])) == ["</script>"]
    True
    """
    return json.dumps(data, ensure_ascii=False).translate(_ESCAPES)


def asset(name: str) -> str:
    """The text of one of the page's files (``html_page.html``, a script) shipped with meiro."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def page(title: str, rules: str, view: str, data: Any) -> str:  # Any: whatever JSON the page carries
    """The page: ``html_page.html`` with ``title``, ``data`` and the scripts ``rules`` (the
    game's rules, after the shared ``html_page_kit.js``) and ``view`` (file names).

    Examples
    --------
    >>> text = page("a <maze>", "html_game.js", "html_view.js", {"rows": 3})
    >>> "<title>a &lt;maze&gt;</title>" in text and "function pageKit" in text and '{"rows": 3}' in text
    True
    """
    parts = {"TITLE": html.escape(title), "GAME": asset("html_page_kit.js") + "\n" + asset(rules),
             "VIEW": asset(view), "DATA": script_json(data)}  # no text in the data can end its block
    # one pass, so that nothing put in is searched for markers again
    return re.sub(r"__(TITLE|GAME|VIEW|DATA)__", lambda m: parts[m.group(1)], asset("html_page.html"))


__all__ = ["asset", "page", "script_json"]
