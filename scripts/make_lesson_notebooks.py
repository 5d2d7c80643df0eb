"""Write the lessons notebook in Spanish and Portuguese from the lessons themselves.

    python scripts/make_lesson_notebooks.py   # examples/teach_rules_es.ipynb and _pt.ipynb

Every word of a lesson (title, text, goal, hint) comes from the message catalogs, so the
notebooks say what `lessons(lang=...)` says; outputs are filled in by running them (the test
runs them too: tests/i18n/test_notebooks.py).
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
        "intro": (
            "Spite & Malice es un juego de paciencia competitivo para dos: gana quien primero se "
            "deshace de su **pila de pago** de 20 cartas, construyendo sobre las **pilas centrales** "
            "que comparten los dos jugadores. Este cuaderno recorre las reglas en orden. Cada lección "
            "trae una imagen de una posición real, preparada por el motor del juego, y un pequeño "
            "ejercicio: adivina si una jugada está permitida y luego pregúntale a `explain()` por qué.\n\n"
            "Las jugadas se escriben `ORIGEN:CARTA>DESTINO` con las letras de la notación: `P` es tu "
            "pila de pago, `H` tu mano, `S1`..`S4` tus pilas laterales y `C1`..`C3` las pilas "
            "centrales; las cartas van valor y palo (`Ah` es el as de corazones, `Ts` el diez de picas: "
            "c tréboles, d diamantes, h corazones, s picas)."
        ),
        "goal": "**Objetivo:**",
        "exercise": "**Ejercicio.** Antes de ejecutar la celda, decide cuáles de estas jugadas están permitidas.",
        "position": "¿Qué puedes hacer aquí? `explain_position()` mira solo lo que tú ves:",
        "solution": "**Solución.** Primero la pista: *{hint}* Luego las jugadas, una a una:",
        "end": (
            '## Juega las lecciones\n\n`lessons(lang="es")` da las dieciséis lecciones en español, '
            "y `LessonSession(leccion)` juega una desde Python, como arriba. Para jugar una partida "
            "de verdad contra el ordenador, mira `play.ipynb`."
        ),
    },
    "pt": {
        "title": "# Aprenda Spite & Malice, uma regra de cada vez",
        "intro": (
            "Spite & Malice é um jogo de paciência competitivo para dois: ganha quem primeiro se livra "
            "da sua **pilha de pagamento** de 20 cartas, montando sobre as **pilhas centrais** que os "
            "dois jogadores dividem. Este caderno percorre as regras em ordem. Cada lição traz a imagem "
            "de uma posição real, preparada pelo motor do jogo, e um pequeno exercício: adivinhe se uma "
            "jogada é permitida e depois pergunte a `explain()` por quê.\n\n"
            "As jogadas se escrevem `ORIGEM:CARTA>DESTINO` com as letras da notação: `P` é a sua pilha "
            "de pagamento, `H` a sua mão, `S1`..`S4` as suas pilhas laterais e `C1`..`C3` as pilhas "
            "centrais; as cartas vão valor e naipe (`Ah` é o ás de copas, `Ts` o dez de espadas: "
            "c paus, d ouros, h copas, s espadas)."
        ),
        "goal": "**Objetivo:**",
        "exercise": "**Exercício.** Antes de executar a célula, decida quais destas jogadas são permitidas.",
        "position": "O que você pode fazer aqui? `explain_position()` olha só o que você vê:",
        "solution": "**Solução.** Primeiro a dica: *{hint}* Depois as jogadas, uma a uma:",
        "end": (
            '## Jogue as lições\n\n`lessons(lang="pt")` dá as dezesseis lições em português, '
            "e `LessonSession(licao)` joga uma pelo Python, como acima. Para jogar uma partida de "
            "verdade contra o computador, veja `play.ipynb`."
        ),
    },
}


def _refused(item: Lesson) -> str:
    """A hand card that may not go on C1 at the start: the exercise's wrong answer."""
    game = item.new_game()
    for card in game.state.hands[game.current_player]:
        move = f"H:{card}>C1"
        if game.state.why_illegal(move) is not None:
            return move
    return f"P:{game.state.payoffs[game.current_player][-1]}>S1"


def notebook(lang: str) -> nbformat.NotebookNode:
    words = WORDS[lang]
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    cells = [
        md(words["title"] + "\n\n" + words["intro"]),
        code(
            "from spite_widget import lessons, set_language\n"
            "from spite_widget.teach import LessonSession\n\n"
            f'set_language("{lang}")  # everything below speaks this language\n'
            "LESSONS = {lesson.id: lesson for lesson in lessons()}"
        ),
    ]
    for item in lessons(lang=lang):
        tries = [item.solution[0], _refused(item), item.solution[-1]]
        cells += [
            md(f"## {item.title}\n\n{item.text}\n\n{words['goal']} {item.goal.text}"),
            code(f'session = LessonSession(LESSONS["{item.id}"])\nsession'),
            md(words["exercise"]),
            code(
                f'for move in {json.dumps(tries)}:\n    print(move, "->", session.explain(move), end="\\n\\n")'
            ),
            md(words["position"]),
            code("print(session.explain_position())"),
            md(words["solution"].format(hint=item.hint)),
            code("for move in session.solution():\n    print(session.play(move).text)\nsession"),
        ]
    cells.append(md(words["end"]))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def main() -> None:
    for lang in WORDS:
        nb = notebook(lang)
        path = ROOT / "examples" / f"teach_rules_{lang}.ipynb"
        NotebookClient(
            nb, kernel_name="python3", timeout=300, resources={"metadata": {"path": str(path.parent)}}
        ).execute()
        nbformat.write(nb, path)
        print("wrote", path)


if __name__ == "__main__":
    main()
