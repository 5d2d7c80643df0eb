"""The table picture: well-formed, honest counts, and nothing hidden in a PlayerView's SVG."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from spite_widget import Game, GameState, PlayerView, Replay
from spite_widget.bots import get_bot
from spite_widget.engine.cards import ALL_CARDS
from spite_widget.engine.i18n import language
from spite_widget.engine.moves import Move
from spite_widget.render import card_svg, table_svg

SVG = "{http://www.w3.org/2000/svg}"


def played(seed: int, plies: int) -> Game:
    """A game some way in, with side stacks and center stacks, by fixed random play."""
    g = Game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = g.legal_moves()
        if not moves:
            break
        center = [m for m in moves if m.to_center]
        g.play(rng.choice(center) if center and rng.random() < 0.85 else rng.choice(moves))
    return g


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def piles(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-pile", ""): el for el in root.iter() if el.get("data-pile")}


def face_cards(el: ET.Element) -> list[str]:
    return [c.get("data-card", "") for c in el.iter() if c.get("data-card")]


def visible_in_view(v: PlayerView) -> Counter[str]:
    """Every face-up card a view may show: own hand, pay-off tops, side stacks, center tops."""
    seen: Counter[str] = Counter(v.hand)
    seen.update(t for t in v.payoff_tops if t is not None)
    for p in (0, 1):
        for stack in v.sides[p]:
            seen.update(stack)
    seen.update(c[-1] for c in v.centers if c)
    return seen


@pytest.mark.parametrize("seed,plies", [(1, 0), (2, 40), (3, 90), (4, 400)])
def test_player_view_svg_shows_exactly_the_visible_cards(seed: int, plies: int) -> None:
    g = played(seed, plies)
    for p in (0, 1):
        v = g.view(p)
        svg = table_svg(v)
        root = parse(svg)
        assert Counter(face_cards(root)) == visible_in_view(v)
        # a card not visible anywhere must not be named anywhere in the document
        visible = visible_in_view(v)
        for card in ALL_CARDS:
            if card not in visible:
                assert f'"{card}"' not in svg
                assert card.words not in svg
                assert card.display not in svg


def test_player_view_svg_depends_only_on_the_view() -> None:
    """Two tables that differ only in hidden cards give the same picture."""
    g = Game.new(seed=5)
    s = g.state
    other_hand = tuple(reversed(s.hands[1]))
    shuffled = GameState(
        payoffs=s.payoffs,
        hands=(s.hands[0], other_hand),
        sides=s.sides,
        centers=s.centers,
        stock=tuple(reversed(s.stock)),
        current_player=s.current_player,
        ply=s.ply,
        result=s.result,
        rules=s.rules,
    )
    assert table_svg(s.view(0)) == table_svg(shuffled.view(0))


def test_counts_shown_are_right() -> None:
    g = played(6, 120)
    s = g.state
    root = parse(table_svg(s))
    found = piles(root)
    assert found["stock"].get("data-count") == str(len(s.stock))
    for prefix, p in (("", 0), ("O-", 1)):
        assert found[prefix + "P"].get("data-count") == str(len(s.payoffs[p]))
        assert found[prefix + "H"].get("data-count") == str(len(s.hands[p]))
        assert face_cards(found[prefix + "H"]) == list(s.hands[p])  # seen from above: face up
        for i in range(4):
            pile = found[f"{prefix}S{i + 1}"]
            assert pile.get("data-count") == str(len(s.sides[p][i]))
            assert face_cards(pile) == list(s.sides[p][i])  # fanned: every card shows
        texts = "".join(found[prefix + "P"].itertext())
        assert f"Pay-off \u00b7 {len(s.payoffs[p])}" in texts
    for i, c in enumerate(s.centers):
        pile = found[f"C{i + 1}"]
        assert pile.get("data-count") == str(len(c))
        assert f"needs {'an' if len(c) + 1 in (1, 8) else 'a'}" in "".join(pile.itertext())
    assert f"Stock \u00b7 {len(s.stock)}" in "".join(found["stock"].itertext())


def test_opponent_hand_is_backs_with_its_count() -> None:
    g = Game.new(seed=8)
    root = parse(table_svg(g.view(0)))
    top_hand = piles(root)["O-H"]
    assert face_cards(top_hand) == []
    assert sum(1 for el in top_hand.iter() if el.get("data-back") is not None) == 5
    assert "5" in "".join(top_hand.itertext())


def test_a_king_on_a_center_stack_shows_the_rank_it_stands_for() -> None:
    # find a game where a King lands on a center stack, by fixed random play
    for seed in range(40):
        g = played(seed, 200)
        for c in g.state.centers:
            if c and c[-1].is_king:
                root = parse(table_svg(g.state))
                text = "".join(root.itertext())
                label = {11: "Jack", 12: "Queen"}.get(len(c), {1: "Ace"}.get(len(c), str(len(c))))
                assert f"= {label}" in text
                return
    pytest.fail("no King on a center stack in these games")


def test_status_perspective_and_game_over() -> None:
    g = played(9, 10_000)
    assert g.is_over
    root = parse(table_svg(g.state, names=("Ada", "Bot")))
    assert root.get("data-game-over") == "true"
    status = next(el for el in root.iter() if el.get("data-status") is not None)
    assert status.get("data-status") == g.outcome.describe(("Ada", "Bot"))  # type: ignore[union-attr]
    # perspective puts that player's piles at the bottom (no O- prefix)
    s = g.state
    flipped = piles(parse(table_svg(s, perspective=1)))
    assert face_cards(flipped["H"]) == list(s.hands[1])


def test_highlight_outlines_a_move() -> None:
    g = Game.new(seed=10)
    move = g.legal_moves()[0]
    plain, marked = table_svg(g.state), table_svg(g.state, highlight=move)
    assert marked.count("#ffca28") > plain.count("#ffca28")


def test_repr_hooks_and_card_svg() -> None:
    g = Game.new(seed=11)
    for obj in (g, g.state, g.view(1)):
        parse(obj._repr_svg_())
    one = parse(card_svg("Th"))
    assert face_cards(one) == ["Th"]
    assert "ten of hearts" in card_svg("Th")
    with pytest.raises(TypeError):
        table_svg("not a table")  # type: ignore[arg-type]


def test_a_game_and_a_replay_picture_their_players_by_name() -> None:
    g = played(12, 30)
    g2 = Game.new(seed=12, players=("Ada", "Bo"))
    for move in g.moves:
        g2.play(move)
    for obj in (g2, Replay(g2.to_record())):
        texts = "".join(parse(obj._repr_svg_()).itertext())
        assert "Ada" in texts and "Bo" in texts and "Player 0" not in texts, texts[:200]
    assert "Player 0" in "".join(parse(g2.state._repr_svg_()).itertext())  # a bare position has no names


def test_a_name_with_characters_xml_cannot_hold_still_gives_a_picture() -> None:
    """Players may be any two strings; "Ada\\x01" made an SVG that no XML parser reads."""
    g = Game.new(seed=7, players=("Ada\x01", "Bo\x00<&"))
    for svg in (g._repr_svg_(), table_svg(g.view(0), names=g.players), table_svg(g.state, names=g.players)):
        root = ET.fromstring(svg)
        text = "".join(root.itertext())
        assert "Ada\ufffd" in text and "Bo\ufffd<&" in text


@pytest.mark.parametrize("typo", ["H:Kc>C9", "Q:Ah>C1", "C7", ["C1", "S9"], ["H:Zz"]])
def test_a_highlight_that_names_no_move_or_pile_is_refused(typo: object) -> None:
    """A teacher's typo gave a picture with no outline at all, and no word of why."""
    g = Game.new(seed=7)
    with pytest.raises(ValueError, match=r"highlight .* (is neither a move|is not a pile)"):
        table_svg(g.state, highlight=typo)  # type: ignore[arg-type]
    for fine in ("H:2d>C1", "C2", "O-S3", "stock", ["P", "H:2d", "O-H:Ts"]):
        assert "<svg" in table_svg(g.state, highlight=fine)


def test_a_hand_card_that_cannot_be_seen_outlines_its_hand() -> None:
    """Highlighting a move already played (its card has left the hand) or a card of a hand
    drawn face down outlined nothing at all: the picture said nothing of the move's source."""
    g = Game.new(seed=7)
    g.play("P:Ac>C1")
    move = Move.parse("H:2d>C1")  # the turn goes on: a Move is the player to move's
    g.play(move)
    assert move.card not in g.state.hands[0]

    def outlined(svg: str) -> set[str]:
        return {
            name
            for name, group in piles(parse(svg)).items()
            if any(el.get("stroke") == "#ffca28" for el in group.iter(SVG + "rect"))
        }

    assert outlined(table_svg(g.state, highlight=[f"H:{move.card}"])) == {"H"}
    assert outlined(table_svg(g.state, highlight=move)) == {"H", move.target}
    held = g.state.hands[0][0]
    assert outlined(table_svg(g.state, highlight=[f"H:{held}"])) == set()  # the card itself is outlined
    hidden = g.state.hands[1][0]
    assert outlined(table_svg(g.view(0), highlight=[f"O-H:{hidden}"])) == {"O-H"}


@pytest.mark.parametrize(
    ("lang", "bot", "you", "turn", "player_0"),
    [
        ("en", "Greedy bot", "You \u2022 your turn", "Your turn.", "Player 0 to move."),
        ("es", "Bot voraz", "Tú \u2022 tu turno", "Tu turno.", "Le toca a Jugador 0."),
        ("pt", "Bot guloso", "Você \u2022 sua vez", "Sua vez.", "Vez de Jogador 0."),
    ],
)
def test_a_picture_names_its_players_in_the_language_and_speaks_to_you(
    lang: str, bot: str, you: str, turn: str, player_0: str
) -> None:
    """A table's game ("You" against "Greedy bot") pictured in Spanish said "Greedy bot" and
    "Le toca a Tú." (it is your turn); a game's default names stayed English."""
    g = Game.new(seed=7)
    texts = [
        " ".join(t.split())
        for t in parse(table_svg(g.view(0), lang=lang, names=("You", "Greedy bot"))).itertext()
    ]
    assert bot in texts and you in texts and turn in texts, texts
    assert "Greedy bot" not in texts or lang == "en"
    texts = [" ".join(t.split()) for t in parse(table_svg(g.state, lang=lang, names=g.players)).itertext()]
    assert player_0 in texts, texts
    # a won game pictured for its winner: "You emptied your pay-off pile", not "Tú vació"
    g, bot = Game.new(seed=0), get_bot("greedy", seed=0)
    while not g.is_over:
        g.play(bot.choose(g.view(g.current_player)))
    assert g.outcome is not None and g.outcome.winner is not None
    names = ("You", "Greedy bot") if g.outcome.winner == 0 else ("Greedy bot", "You")
    status = next(
        el for el in parse(table_svg(g.state, lang=lang, names=names)).iter() if el.get("data-status")
    )
    with language(lang):
        assert status.get("data-status") == g.outcome.describe(names)
    assert status.get("data-status", "").startswith(
        {"en": "You emptied", "es": "Vaciaste", "pt": "Você esvaziou"}[lang]
    )


@pytest.mark.parametrize(
    ("lang", "you", "turn", "bots_turn"),
    [
        ("en", "You \u2022 your turn", "Your turn.", "Greedy bot to move."),
        ("es", "Tú \u2022 tu turno", "Tu turno.", "Le toca a Bot voraz."),
        ("pt", "Você \u2022 sua vez", "Sua vez.", "Vez de Bot guloso."),
    ],
)
def test_a_picture_from_the_bots_seat_still_speaks_to_the_tables_player(
    lang: str, you: str, turn: str, bots_turn: str
) -> None:
    """A table's game seen from the bot's seat said "Le toca a Tú." on your turn and marked the
    bot "(tú)" beside a seat named "Tú": the table's player ("You") is the one read to, from
    any seat, as a replay has it."""
    g, greedy = Game.new(seed=3, players=("You", "Greedy bot")), get_bot("greedy", seed=3)
    seen = set()
    while len(seen) < 2:
        statuses = [
            el.get("data-status")
            for el in parse(table_svg(g.view(1), lang=lang, names=g.players)).iter()
            if el.get("data-status")
        ]
        texts = [
            " ".join(t.split()) for t in parse(table_svg(g.view(1), lang=lang, names=g.players)).itertext()
        ]
        assert not any(mark in t for t in texts for mark in ("(you)", "(tú)", "(você)")), texts
        if g.current_player == 0:
            assert statuses == [turn] and you in texts, texts
        else:
            assert statuses == [bots_turn], texts
        seen.add(g.current_player)
        g.play(greedy.choose(g.view(g.current_player)))
