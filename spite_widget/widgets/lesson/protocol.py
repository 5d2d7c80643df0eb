"""The lesson widget's messages and payloads, on top of the table's (`protocol.py`).

* **Browser -> Python**: `{"type": "move", "move": "H:7s>S4", "seq": 12}` exactly as on the
  table, and a button: `{"type": "hint" | "solution" | "undo" | "reset" | "next-lesson",
  "seq": 12}`. `parse_lesson_message` checks every field and raises `ProtocolError`.
* **Python -> browser**: the table is a `protocol.TableView` built from the learner's
  `PlayerView` (never the other hand, the stock order or a hidden pay-off card), the
  status line a `LessonStatus`, and the lesson itself a `LessonPage`: its title, its text
  as `Block`s of plain-text `Span`s (the browser builds them with `textContent`, so no
  HTML from anywhere is ever injected), and its goal.
"""

from __future__ import annotations

import re
from typing import Final, Literal, NotRequired, TypedDict, cast

from ..protocol import MoveMessage, parse_table_message

LESSON_ACTIONS: Final = ("hint", "solution", "undo", "reset", "next-lesson")
"""The lesson's buttons, as their `data-action` names and message types."""

LESSON_MESSAGE_TYPES: Final = ("move", *LESSON_ACTIONS)
"""Every message type the browser may send to a lesson."""

Progress = Literal["playing", "done", "failed"]
"""Where the learner is: still playing, goal reached, or the attempt ended without it."""

LessonStatusKind = Literal["info", "hint", "error", "solution", "done", "failed"]


class LessonActionMessage(TypedDict):
    """A button: `{"type": "reset", "seq": 12}`."""

    type: Literal["hint", "solution", "undo", "reset", "next-lesson"]
    seq: int


LessonMessage = MoveMessage | LessonActionMessage


class LessonStatus(TypedDict):
    """The status line: what the learner is told now."""

    text: str
    kind: LessonStatusKind
    id: int
    """Counts up with every status, so the same words said twice still show as new."""
    words: NotRequired[str]
    """The same for screen readers, cards named in words ("two of clubs", not "2♣")."""


class Span(TypedDict):
    """A run of text in one style: "" (plain), "strong", "em" or "code"."""

    text: str
    style: Literal["", "strong", "em", "code"]


class Block(TypedDict):
    """A paragraph, a quoted rule (one or more paragraphs) or a bullet list (one item per entry)."""

    kind: Literal["p", "quote", "list"]
    parts: list[list[Span]]


class LessonPage(TypedDict):
    """The lesson beside the table."""

    id: str
    title: str
    number: int
    """1-based place in the course (0 for a lesson that is not one of `lessons()`)."""
    count: int
    """How many lessons the course has."""
    goal: str
    text: list[Block]
    next_title: str | None
    """The title of the following lesson, or None for the last one."""


def parse_lesson_message(content: object) -> LessonMessage:
    """Check a message from the browser field by field; ProtocolError says what is wrong."""
    return cast(LessonMessage, parse_table_message(content, LESSON_ACTIONS, "lesson"))


# ---------------------------------------------------------------------------- markdown

_INLINE = re.compile(r"\*\*(?P<strong>[^*]+)\*\*|\*(?P<em>[^*\s][^*]*)\*|`(?P<code>[^`]+)`")


def spans(text: str) -> list[Span]:
    """Inline markdown (**strong**, *em*, `code`) as plain-text spans; anything else stays text."""
    out: list[Span] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append({"text": text[pos : m.start()], "style": ""})
        for style in ("strong", "em", "code"):
            if m.group(style) is not None:
                out.append({"text": m.group(style), "style": style})
        pos = m.end()
    if pos < len(text):
        out.append({"text": text[pos:], "style": ""})
    return out


def markdown_blocks(text: str) -> list[Block]:
    """The small markdown of lesson texts as blocks: paragraphs, `> ` quotes, `- ` lists.

    Nothing is interpreted as HTML: a `<b>` in the text stays the four characters `<b>`.
    """
    blocks: list[Block] = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in chunk.splitlines() if line.strip()]
        if not lines:
            continue
        if all(line.startswith(">") for line in lines):
            paras: list[list[str]] = [[]]
            for line in lines:
                body = line[1:].strip()
                if body:
                    paras[-1].append(body)
                elif paras[-1]:
                    paras.append([])
            parts = [spans(" ".join(p)) for p in paras if p]
            blocks.append({"kind": "quote", "parts": parts})
        elif all(line.startswith(("- ", "* ")) for line in lines):
            blocks.append({"kind": "list", "parts": [spans(line[2:].strip()) for line in lines]})
        else:
            blocks.append({"kind": "p", "parts": [spans(" ".join(lines))]})
    return blocks


__all__ = [
    "LESSON_ACTIONS",
    "LESSON_MESSAGE_TYPES",
    "Block",
    "LessonActionMessage",
    "LessonMessage",
    "LessonPage",
    "LessonStatus",
    "LessonStatusKind",
    "Progress",
    "Span",
    "markdown_blocks",
    "parse_lesson_message",
    "spans",
]
