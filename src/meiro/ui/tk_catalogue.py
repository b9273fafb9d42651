"""Japanese for Tk's own dialogs: the save dialog, its overwrite question and the message boxes.

Tk draws its file dialog and message boxes itself on X11 (``tkfbox.tcl``,
``msgbox.tcl``), their texts looked up in the msgcat catalogue of the ``::tk``
namespace; Tk ships catalogues for many languages but none for Japanese, so the
Japanese game's save dialog came up in English. :func:`speak` adds the Japanese
texts to that catalogue and sets msgcat's locale to the game's language. On
Windows and macOS Tk shows the platform's own dialogs, which speak the system's
language; there only the file types meiro names (:func:`translated`) come from here.

The keys are Tk's English source strings, exactly as Tk 8.6 writes them
(``&`` marks the underlined letter of a keyboard shortcut; ``%1$s`` is a path).
"""

from __future__ import annotations

import tkinter as tk

#: The Japanese of each text Tk's save dialog and message boxes show (and of meiro's file types).
JAPANESE: dict[str, str] = {
    # the file dialog (tkfbox.tcl)
    "Save As": "名前を付けて保存",
    "Open": "開く",
    "&Directory:": "フォルダー(&D):",
    "File &name:": "ファイル名(&N):",
    "File &names:": "ファイル名(&N):",
    "Files of &type:": "ファイルの種類(&T):",
    "&Selection:": "選択(&S):",
    "Show &Hidden Files and Directories": "隠しファイルとフォルダーを表示(&H)",
    "Show &Hidden Directories": "隠しフォルダーを表示(&H)",
    "&Save": "保存(&S)",
    "&Open": "開く(&O)",
    "&OK": "OK(&O)",
    "&Cancel": "キャンセル(&C)",
    "OK": "OK",
    "Cancel": "キャンセル",
    "Choose Directory": "フォルダーの選択",
    'File "%1$s" already exists.\nDo you want to overwrite it?':
        '"%1$s" はすでにあります。\n上書きしますか?',
    'File "%1$s"  does not exist.': 'ファイル "%1$s" はありません。',
    'Directory "%1$s" does not exist.': 'フォルダー "%1$s" はありません。',
    'Cannot change to the directory "%1$s".\nPermission denied.':
        'フォルダー "%1$s" を開けません。\nアクセスが許可されていません。',
    'Invalid file name "%1$s".': '"%1$s" はファイル名に使えません。',
    # the message boxes' buttons (msgbox.tcl): the overwrite question, the big maze's question
    "&Yes": "はい(&Y)",
    "&No": "いいえ(&N)",
    "&Abort": "中止(&A)",
    "&Retry": "再試行(&R)",
    "&Ignore": "無視(&I)",
    # the file types meiro offers in its save dialog
    "PNG Image": "PNG 画像",
    "Web page to play the maze": "迷路を遊べるウェブページ",
    "SVG Image": "SVG 画像",
}

#: The catalogues :func:`speak` adds, by msgcat locale.
CATALOGUES: dict[str, dict[str, str]] = {"ja": JAPANESE}


def speak(root: tk.Misc, lang: str) -> bool:
    """Make Tk's own dialogs speak ``lang`` ("ja" or "en"): add meiro's catalogue for it to
    Tk's (once is enough; again does no harm) and set msgcat's locale. False on a Tk
    without msgcat (its dialogs stay in English).

    Examples
    --------
    >>> import tkinter as tk
    >>> interp = tk.Tcl()                       # an interpreter without a window
    >>> speak(interp, "ja"), translated(interp, "PNG Image"), translated(interp, "Save As")
    (True, 'PNG 画像', '名前を付けて保存')
    >>> speak(interp, "en"), translated(interp, "PNG Image")
    (True, 'PNG Image')
    """
    try:
        root.tk.call("package", "require", "msgcat")
        catalogue = CATALOGUES.get(lang)
        if catalogue:
            pairs = tuple(word for pair in catalogue.items() for word in pair)
            # set in Tk's namespace, where its dialogs look their texts up (a list, not a
            # script: no text is parsed as Tcl)
            root.tk.call("namespace", "eval", "::tk", ("::msgcat::mcmset", lang, pairs))
        root.tk.call("::msgcat::mclocale", lang)
    except tk.TclError:
        return False
    return True


def translated(root: tk.Misc, source: str) -> str:
    """``source`` (an English text of Tk's or meiro's dialogs) in the language :func:`speak`
    set; itself when there is no translation or no msgcat."""
    try:
        return str(root.tk.call("namespace", "eval", "::tk", ("::msgcat::mc", source)))
    except tk.TclError:
        return source
