"""A frozen copy of the expert as it stood before issue 11 (commit 91db2d2): the baseline.

It searches the turn on hand-tuned weights in hundredths of a pay-off card and weighs the
opponent's threat heavily; kept unchanged so that `spite-arena expert baseline` can be rerun
against any later expert. Do not edit these modules: improve `spite_widget.bots` instead.
"""

from __future__ import annotations

from .expert import ExpertBot as _Frozen


class BaselineBot(_Frozen):
    """The expert of commit 91db2d2, frozen (see the package docstring)."""

    name = "baseline"


__all__ = ["BaselineBot"]
