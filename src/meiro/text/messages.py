"""The texts meiro shows a player, in Japanese (the seed's wording) and English: the game's, the web page's and the CLI's."""

from __future__ import annotations

import locale
import os

LANGUAGES = ("ja", "en")

MESSAGES: dict[str, dict[str, str]] = {
    "ja": {
        "title": "自動生成迷路(ESCで終了)",
        "time": "経過時間",
        "moves": "移動回数",
        "steps": "総歩数",
        "fewest": "最少回数",
        "count": "{n}回",
        "step_count": "{n}歩",
        "start": "スタート(Enter)",
        "stop": "ストップ(Enter)",
        "answer": "解答(i)",
        "save": "保存(p)",
        "open": "フォルダーを開く(o)",
        "search": "探索を見る(f)",
        "unavailable": "現在利用できません",
        "zoom_wide": "表示: 標準 (1ブロック2文字)  + - z: 拡大 / 縮小 / 全体",
        "zoom_narrow": "表示: 細め (1ブロック1文字)  + - z: 拡大 / 縮小 / 全体",
        "zoom_map": "表示: 全体図 (1文字に上下2ブロック)  + - z: 拡大 / 縮小 / 全体",
        "zoom_overview": "表示: 全体図 (縮小して迷路全体)  + - z: 拡大 / 縮小 / 全体",
        "pictures_in": "画像の保存先: {path}",
        "prompt_blocks": "辺の長さを入力してください。(ブロック数: 5以上の奇数)",
        "prompt_cells": "辺の長さを入力してください。(マス数: 2以上)",
        "unit_blocks": "ブロック数",
        "unit_cells": "マス数",
        "entry_empty": "値を入力してください。",
        "entry_invalid": "無効な値です。",
        "zoom_keys": "+ - z: 拡大 / 縮小 / 全体",
        "large_title": "大きな迷路",
        "large_ask": "{size} マスの迷路は、作るのにしばらく時間がかかります。始めますか?",
        "preparing": "大きな迷路のための計算部分を裏で用意しています (小さな迷路はもう遊べます)",
        "long_maze": "最少でも{n}回の大きな迷路です。Shift+矢印で次の分かれ道まで一気に進めます",
        "preparing_big": "準備中… 大きな迷路は計算部分の用意ができしだい始まります (初回は20秒ほど)",
        "algorithm": "生成法",
        "goal": "ゴール",
        "seed": "シード",
        "seed_hint": "空欄 = ランダム",
        "seed_invalid": "シードは0以上の整数です。",
        "digging": "迷路を生成中… (Space: スキップ, →: 1ブロックずつ)",
        "dig_paused": "一時停止中 (→: 1ブロックずつ, Enter: 再開, Space: スキップ)",
        "gave_up": "解答を表示しました。",
        "stopped": "中断しました。",
        "best": "記録: {time} / {moves}",
        "new_best": "新記録!",
        "not_recorded": "探索を見たので、記録には残しません。",
        "no_japanese_font": "日本語のフォントがありません。",
        "saved": "保存しました: {path}",
        "save_failed": "保存できませんでした: {reason}",
        "open_failed": "フォルダーを開けませんでした ({reason})。画像の保存先: {path}",
        "no_file_manager": "ファイルマネージャーが見つかりません",
        "no_maze": "迷路がまだできていません。",
        "search_title": "探索の様子 (黄: 現在地, 青: 探索可, 灰: 探索済み)",
        "expanded": "{name}: 探索 {n}回",
        "search_found": "{name}: 探索 {n}回 — 見つかりました! 道のり {steps}歩",
        "search_found_short": "{name}: 探索 {n}回 見つかりました {steps}歩",
        "search_keys": "Enter: 一時停止 / 再開   →: 1手ずつ進める   Space: 最後まで   Esc: 閉じる",
        "term_search_keys": "Enter: 一時停止 / 再開  →: 1手ずつ  Space: 最後まで  Esc / q / f: ゲームに戻る",
        "paused": "一時停止中",
        "hours": "{h}時間 {m}分 {s}秒",
        "minutes": "{m}分 {s}秒",
        "seconds": "{s}秒",
        "term_play_keys": "矢印 / WASD / hjkl: 移動  Shift+矢印: 分かれ道まで  i: 解答  f: 探索を見る  + -: 拡大縮小  p: 保存  Enter: ストップ  q: 終了",
        "term_entry_keys": "数字(20x10 も可)  Tab: 単位の切替  Enter: スタート  Esc / q: 終了",
        "term_again": "Enter: 新しい迷路 ({size})",
        "again": "やり直し(r)",
        "page_search_keys": "Enter: 一時停止 / 再開  →: 1手ずつ  Space: 最後まで  Esc / f: ゲームに戻る",
        "page_keys": "矢印 / WASD / hjkl: 移動 (Shift / スワイプ: 分かれ道まで)  i: 解答  r: やり直し  + - z: 拡大 / 縮小 / 全体",
        "term_small": "端末が小さすぎます。広げてください。",
        "term_quit": "q: 終了",
    },
    "en": {
        "title": "Maze (Esc to quit)",
        "time": "Time",
        "moves": "Moves",
        "steps": "Steps",
        "fewest": "Fewest moves",
        "count": "{n}",
        "step_count": "{n}",
        "start": "Start (Enter)",
        "stop": "Stop (Enter)",
        "answer": "Answer (i)",
        "save": "Save (p)",
        "open": "Open folder (o)",
        "search": "Watch the search (f)",
        "unavailable": "Not available now",
        "zoom_wide": "View: normal (a block is 2 columns)  + - z: in / out / whole maze",
        "zoom_narrow": "View: narrow (a block is 1 column)  + - z: in / out / whole maze",
        "zoom_map": "View: map (2 blocks to a character)  + - z: in / out / whole maze",
        "zoom_overview": "View: whole maze (shrunk to fit)  + - z: in / out / whole maze",
        "pictures_in": "Pictures are saved in: {path}",
        "prompt_blocks": "Enter the side length (blocks: odd, 5 or more)",
        "prompt_cells": "Enter the side length (cells: 2 or more)",
        "unit_blocks": "blocks",
        "unit_cells": "cells",
        "entry_empty": "Please enter a value.",
        "entry_invalid": "Invalid value.",
        "zoom_keys": "+ - z: zoom in / out / all",
        "large_title": "A large maze",
        "large_ask": "A maze of {size} cells takes a while to make. Start it?",
        "preparing": "Getting the compiled parts for big mazes ready in the background (small mazes play now)",
        "long_maze": "A big maze: {n} moves at least. Shift+arrow runs to the next junction",
        "preparing_big": "Preparing... a big maze starts as soon as the compiled parts are ready (~20 s the first time)",
        "algorithm": "Algorithm",
        "goal": "Goal",
        "seed": "Seed",
        "seed_hint": "empty = random",
        "seed_invalid": "The seed is a whole number >= 0.",
        "digging": "Digging... (Space skips, right arrow: one block at a time)",
        "dig_paused": "Digging paused (right arrow: one block, Enter: go on, Space: skip)",
        "gave_up": "Answer shown.",
        "stopped": "Stopped.",
        "best": "Best: {time} / {moves}",
        "new_best": "New record!",
        "not_recorded": "You watched the search, so this clear is not recorded.",
        "no_japanese_font": "No Japanese font found, so the texts are in English "
                            "(install one, e.g. fonts-noto-cjk, for Japanese).",
        "saved": "Saved: {path}",
        "save_failed": "Could not save: {reason}",
        "open_failed": "Could not open the folder ({reason}). Pictures are saved in: {path}",
        "no_file_manager": "no file manager answered",
        "no_maze": "No maze yet.",
        "search_title": "Search (yellow: current, blue: frontier, grey: closed)",
        "expanded": "{name}: {n} expanded",
        "search_found": "{name}: {n} expanded: found! the route is {steps} steps",
        "search_found_short": "{name}: {n} expanded, found: {steps} steps",
        "search_keys": "Enter: pause / resume   Right arrow: one step   Space: to the end   Esc: close",
        "term_search_keys": "Enter: pause / resume  right arrow: one step  Space: to the end  Esc / q / f: back",
        "paused": "Paused",
        "hours": "{h} h {m} min {s} s",
        "minutes": "{m} min {s} s",
        "seconds": "{s} s",
        "term_play_keys": "arrows / WASD / hjkl: move  Shift+arrow: run  i: answer  f: watch the search  + -: zoom  p: save  Enter: stop  q: quit",
        "term_entry_keys": "digits (or 20x10)  Tab: switch unit  Enter: start  Esc / q: quit",
        "term_again": "Enter: new maze ({size})",
        "again": "Again (r)",
        "page_search_keys": "Enter: pause / resume  right arrow: one step  Space: to the end  Esc / f: back",
        "page_keys": "arrows / WASD / hjkl: move (Shift or a swipe: to the next junction)  i: answer  r: again  + - z: zoom in / out / whole maze",
        "term_small": "The terminal is too small; please enlarge it.",
        "term_quit": "q: quit",
    },
}


def default_language(environ: dict[str, str] | None = None) -> str:
    """``"ja"`` when the user's locale is Japanese, else ``"en"``.

    Examples
    --------
    >>> default_language({"LANG": "ja_JP.UTF-8"})
    'ja'
    >>> default_language({"LANG": "C", "LC_ALL": "en_US.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    if environ is None:
        try:
            name = locale.getlocale()[0] or ""
        except ValueError:
            name = ""
        if name.lower().startswith(("ja", "japanese")):
            return "ja"
    return "en"


def text(lang: str, key: str, **values: object) -> str:
    """The message ``key`` in ``lang``, formatted with ``values``.

    Examples
    --------
    >>> text("ja", "count", n=3)
    '3回'
    >>> text("en", "entry_empty")
    'Please enter a value.'
    """
    table = MESSAGES.get(lang, MESSAGES["en"])
    return table[key].format(**values)
