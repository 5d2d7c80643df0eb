"""Write the lessons notebook in Spanish and Portuguese from the lessons themselves.

    python scripts/make_lesson_notebooks.py   # examples/teach_rules_es.ipynb and _pt.ipynb

Every word of a lesson (title, text, goal, hint) comes from the message catalogs, so the
notebooks say what `lessons(lang=...)` says. Each lesson ends with a live `LessonWidget` in
the notebook's language, as in the English `teach_rules.ipynb`. Outputs are filled in by
running them (the tests run them too: tests/i18n/test_notebooks.py), and saved without the
widgets' state, as tests/test_examples_outputs.py wants (refresh them with
`python tests/test_examples_outputs.py examples/teach_rules_es.ipynb`).
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from spite_widget import lessons
from spite_widget.teach import Lesson

ROOT = Path(__file__).resolve().parent.parent

WORDS = {
    "es": {
        "title": "# Aprende Spite & Malice, regla a regla",
        "speaks": "todo lo que sigue habla este idioma",
        "intro": (
            "Spite & Malice es un juego de paciencia competitivo para dos: gana quien primero se "
            "deshace de su **pila de pago** de 20 cartas, construyendo sobre las **pilas centrales** "
            "que comparten los dos jugadores. Este cuaderno enseña las reglas una a una, y con ellas cómo jugar bien. Cada lección "
            "trae una imagen de una posición real, preparada por el motor del juego, y un pequeño "
            "ejercicio: adivina si una jugada está permitida y luego pregúntale a `explain()` por qué.\n\n"
            "Las jugadas se escriben `ORIGEN:CARTA>DESTINO` con las letras de la notación: `P` es tu "
            "pila de pago, `H` tu mano, `S1`..`S4` tus pilas laterales y `C1`..`C3` las pilas "
            "centrales; las cartas se escriben con el valor y luego el palo (`Ah` es el as de corazones, `Ts` el diez de picas: "
            "c tréboles, d diamantes, h corazones, s picas)."
        ),
        "goal": "**Objetivo:**",
        "exercise": "**Ejercicio.** Antes de ejecutar la celda, decide cuáles de estas jugadas están permitidas.",
        "position": "¿Qué puedes hacer aquí? `explain_position()` mira solo lo que tú ves:",
        "solution": "**Solución.** Primero la pista: *{hint}* Luego las jugadas, una a una:",
        "live": (
            "**Tu turno.** La misma lección, en vivo: haz clic en una de tus cartas (se iluminan las "
            "pilas a las que puede ir) y luego en una pila; o arrástrala hasta allí; o usa las flechas "
            "y Enter. Una jugada no permitida se explica con su regla. *Pista*, *Solución* (un paso "
            "cada vez), *Deshacer* y *Reiniciar* son botones. (Ejecuta la celda para ver la mesa: el "
            "cuaderno se guarda sin ella.)"
        ),
        "end": (
            '## Juega las lecciones\n\n`lessons(lang="es")` da las {count} lecciones en español. '
            '`LessonWidget(leccion, lang="es")` abre una en una mesa en vivo, como arriba (el botón '
            "*Siguiente lección →* lleva a la siguiente), y `LessonSession(leccion)` la juega desde "
            "Python. Para jugar una partida de verdad contra la computadora, mira `play.ipynb`."
        ),
    },
    "pt": {
        "title": "# Aprenda Spite & Malice, uma regra de cada vez",
        "speaks": "tudo o que segue fala este idioma",
        "intro": (
            "Spite & Malice é um jogo de paciência competitivo para dois: ganha quem primeiro se livra "
            "da sua **pilha de pagamento** de 20 cartas, montando sobre as **pilhas centrais** que os "
            "dois jogadores dividem. Este caderno ensina as regras uma a uma e, com elas, como jogar bem. Cada lição traz a imagem "
            "de uma posição real, preparada pelo motor do jogo, e um pequeno exercício: adivinhe se uma "
            "jogada é permitida e depois pergunte a `explain()` por quê.\n\n"
            "As jogadas se escrevem `ORIGEM:CARTA>DESTINO` com as letras da notação: `P` é a sua pilha "
            "de pagamento, `H` a sua mão, `S1`..`S4` as suas pilhas laterais e `C1`..`C3` as pilhas "
            "centrais; as cartas se escrevem com o valor e depois o naipe (`Ah` é o ás de copas, `Ts` o dez de espadas: "
            "c paus, d ouros, h copas, s espadas)."
        ),
        "goal": "**Objetivo:**",
        "exercise": "**Exercício.** Antes de executar a célula, decida quais destas jogadas são permitidas.",
        "position": "O que você pode fazer aqui? `explain_position()` olha só o que você vê:",
        "solution": "**Solução.** Primeiro a dica: *{hint}* Depois as jogadas, uma a uma:",
        "live": (
            "**Sua vez.** A mesma lição, ao vivo: clique em uma das suas cartas (as pilhas para onde "
            "ela pode ir se acendem) e depois em uma pilha; ou arraste-a até lá; ou use as setas e "
            "Enter. Uma jogada não permitida é explicada com a sua regra. *Dica*, *Solução* (um passo "
            "de cada vez), *Desfazer* e *Recomeçar* são botões. (Execute a célula para ver a mesa: o "
            "caderno é salvo sem ela.)"
        ),
        "end": (
            '## Jogue as lições\n\n`lessons(lang="pt")` dá as {count} lições em português. '
            '`LessonWidget(licao, lang="pt")` abre uma em uma mesa ao vivo, como acima (o botão '
            "*Próxima lição →* leva à seguinte), e `LessonSession(licao)` a joga pelo Python. Para "
            "jogar uma partida de verdade contra o computador, veja `play.ipynb`."
        ),
    },
}


TRIES = 3
"""Moves the exercise of each lesson asks about."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _refused(item: Lesson) -> list[str]:
    """Moves that may not be played at the start, the exercise's wrong answers: each hand card
    that may not go on C1, then the pay-off card onto a side stack (never allowed)."""
    game = item.new_game()
    me = game.current_player
    moves = [f"H:{card}>C1" for card in game.state.hands[me]]
    refused = [m for m in moves if game.state.why_illegal(m) is not None]
    return [*refused, f"P:{game.state.payoffs[me][-1]}>S1"]


def tries(item: Lesson) -> list[str]:
    """The exercise's moves: the solution's first, a refused one and the solution's last, each
    once (a lesson of one move takes a second refused one instead of repeating it). Only moves of
    cards the learner sees at the start: the solution's last may play a pay-off card that is
    still face down there (lesson "win" asked about P:9d, naming the card under the 8♣)."""
    first, *refused = _refused(item)
    state = item.new_game().state
    me = state.current_player
    hidden = set(state.payoffs[me][:-1]) - {state.payoffs[me][-1]}

    def seen(move: str) -> bool:
        source, card = move.split(">")[0].split(":")
        return source != "P" or card not in hidden

    wanted = [m for m in (item.solution[0], first, item.solution[-1], *refused) if seen(m)]
    return list(dict.fromkeys(wanted))[:TRIES]


def notebook(lang: str) -> nbformat.NotebookNode:
    words = WORDS[lang]
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    cells = [
        md(words["title"] + "\n\n" + words["intro"], id="intro"),
        code(
            "from spite_widget import LessonWidget, lessons, set_language\n"
            "from spite_widget.teach import LessonSession\n\n"
            f'set_language("{lang}")  # {words["speaks"]}\n'
            "LESSONS = {lesson.id: lesson for lesson in lessons()}",
            id="setup",
        ),
    ]
    for item in lessons(lang=lang):
        key = item.id  # cell ids from the lesson, so a regenerated notebook differs only where it changed
        cells += [
            md(f"## {item.title}\n\n{item.text}\n\n{words['goal']} {item.goal.text}", id=f"{key}"),
            code(f'session = LessonSession(LESSONS["{item.id}"])\nsession', id=f"{key}-session"),
            md(words["exercise"], id=f"{key}-exercise"),
            code(
                f"for move in {json.dumps(tries(item))}:\n"
                '    print(move, "->", session.explain(move), end="\\n\\n")',
                id=f"{key}-tries",
            ),
            md(words["position"], id=f"{key}-position"),
            code("print(session.explain_position())", id=f"{key}-explain-position"),
            md(words["solution"].format(hint=item.hint), id=f"{key}-solution"),
            code(
                "for move in session.solution():\n    print(session.play(move).text)\nsession",
                id=f"{key}-play-solution",
            ),
            md(words["live"], id=f"{key}-live"),
            code(f'LessonWidget(LESSONS["{item.id}"], lang="{lang}")', id=f"{key}-widget"),
        ]
    cells.append(md(words["end"].format(count=len(lessons(lang))), id="end"))  # counted, not hand-kept
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def without_widgets(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """`nb` without its widgets' saved state and views: a saved widget brings back the front
    end of the day it was saved (tests/test_examples_outputs.py says why, and saves every
    example notebook through this). A cell left with no output shows no run number either:
    "[6]:" over nothing reads as a cell that failed."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if WIDGET_VIEW not in o.get("data", {})]
            if not cell.outputs:
                cell.execution_count = None
    return nb


def main() -> None:
    for lang in WORDS:
        nb = notebook(lang)
        path = ROOT / "examples" / f"teach_rules_{lang}.ipynb"
        NotebookClient(
            nb, kernel_name="python3", timeout=300, resources={"metadata": {"path": str(path.parent)}}
        ).execute()
        nbformat.write(without_widgets(nb), path)
        print("wrote", path)


if __name__ == "__main__":
    main()
