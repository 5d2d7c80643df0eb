# Spite & Malice in a marimo notebook: `marimo edit examples/play_marimo.py`, or as an app,
# `marimo run examples/play_marimo.py`.
import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    return (mo,)


@app.cell
def _(mo):
    mo.md(
        """
        # Spite & Malice

        Empty your pay-off pile (bottom left, the first pile on your side) before the computer empties its own.
        Click or tap one of your cards (pay-off top, a side-stack top or a hand card): the piles
        it may go to light up; click or tap one. The keyboard works too: arrows move, Enter or
        Space picks up and puts down, Escape cancels. A hand card put on one of your side stacks
        ends your turn.
        """
    )
    return


@app.cell
def _(mo):
    from spite_widget import SpiteWidget

    widget = SpiteWidget(opponent="greedy")
    table = mo.ui.anywidget(widget)
    table  # noqa: B018 (the last expression is what marimo shows)
    return table, widget


@app.cell
def _(mo, widget):
    # The game lives in Python: `widget.game` is the live Game (moves, records, undo).
    mo.md(f"Dealt a game: {len(widget.game.state.payoffs[0])} pay-off cards each. `widget.game` holds it.")
    return


if __name__ == "__main__":
    app.run()
