"""Teaching: explanations of moves and positions, and lessons that teach every rule.

`explain` and `explain_position` give the words the widget shows in its status line and
hints; `lessons()` lists the lessons in teaching order, and `LessonSession` plays one.
Everything here uses the engine's public functions and only what the player to move sees.
"""

from __future__ import annotations

from .explain import Explanation, explain, explain_move, needs_phrase
from .lessons import Goal, Lesson, lesson, lessons
from .position import Plan, explain_position, find_payoff_plan
from .rulebook import RULES, Rule
from .session import Feedback, LessonSession

__all__ = [
    "RULES",
    "Explanation",
    "Feedback",
    "Goal",
    "Lesson",
    "LessonSession",
    "Plan",
    "Rule",
    "explain",
    "explain_move",
    "explain_position",
    "find_payoff_plan",
    "lesson",
    "lessons",
    "needs_phrase",
]
