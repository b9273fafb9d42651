"""The data of a web page, as JSON that is safe inside its ``<script type="application/json">`` block.

The page's scripts read the block with ``JSON.parse``, so it is never run; but the
HTML parser still reads the block's text first, and some text changes where the
block ends: ``</script>`` ends it early, and ``<!--`` followed by ``<script``
makes the parser skip past the next ``</script>``, swallowing the page's own
scripts (a maze whose algorithm is named ``<!--<script>`` gave a dead page).
Every ``<``, ``>`` and ``&`` is therefore written as its JSON escape
(``\\u003c``...), which ``JSON.parse`` reads back as the same character: no
string the data holds can be markup.
"""

from __future__ import annotations

import json
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


__all__ = ["script_json"]
