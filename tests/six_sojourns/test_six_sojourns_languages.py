"""Six Sojourns in French and in German: what its rules say (a refusal, a board file's problem, a
score's reason, the Why lines, a log line) translated where it is shown, English kept as it
was, and the play screen of a scoring in progress drawn in each language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.widgets import TabbedContent

from companion.core import RuleError
from companion.six_sojourns.actions import EnterCount, PlaceUpgrade, ScoreBy, TakeCard
from companion.six_sojourns.file import sheet_from_plain
from companion.six_sojourns.game import SIX_SOJOURNS, narrate
from companion.six_sojourns.model import DEFAULT_THRESHOLDS, Pieces
from companion.six_sojourns.play import apply, start
from companion.six_sojourns.report import sheet_csv, sheet_json, sheet_markdown
from companion.six_sojourns.scoring import score
from companion.six_sojourns.setup import SojournsSetup, checklist
from companion.six_sojourns.verdict import explain_ranking
from lang import tr
from lang.markdown import translated
from tests.six_sojourns.six_sojourns_helpers import board, land
from tests.support.snapshots import size_sets
from tests.support.waiting import pause_until
from widgets.six_sojourns import rules_help
from widgets.six_sojourns.cells import ShownTable
from widgets.six_sojourns.notes import chart_notes
from widgets.six_sojourns.play import SojournsScreen
from widgets.six_sojourns.reasons import ReasonsPanel
from widgets.six_sojourns.standing import status_words

Speak = Callable[[str], str]
SETUP = SojournsSetup(("Ana", "Ben"), "A", ("upgrades",))


def refusal() -> RuleError:
    """Ben, with no coin left, tries the 3-cost card."""
    state = start(SETUP)
    state = apply(state, EnterCount("Ben", "coins", 0))
    state = apply(state, TakeCard(0))
    with pytest.raises(RuleError) as refused:
        apply(state, TakeCard(3))
    return refused.value


def test_a_refusal_is_said_in_english_french_and_german(speak: Speak) -> None:
    refused = refusal()
    assert str(refused) == "Ben has no coins and must take the 0-cost card."
    speak("fr")
    assert tr(refused) == "Ben n'a pas de pièces et doit prendre la carte à 0."
    speak("de")
    assert tr(refused) == "Ben hat keine Münzen und muss die Karte zu 0 nehmen."


def test_a_board_file_problem_names_where_it_is_in_each_language(speak: Speak) -> None:
    with pytest.raises(RuleError) as refused:
        sheet_from_plain({"player": [{"name": "Ana", "coins": "lots"}]})
    assert str(refused.value) == "player Ana: coins must be a whole number, not 'lots'"
    speak("fr")
    assert tr(refused.value) == "joueur Ana : coins doit être un nombre entier, pas 'lots'"
    speak("de")
    assert tr(refused.value) == "Spieler Ana: coins muss eine ganze Zahl sein, nicht 'lots'"


def test_score_reasons_are_said_in_each_language_the_names_as_typed(speak: Speak) -> None:
    sheet = board(
        land("A1", Ana=Pieces(people=3), Ben=Pieces(people=2)),
        trades={"Ana": {"cooking": 9}},
        upgrades={"cooking": (-2,)},
        expansions=("upgrades",),
    )
    reasons = [line.reason for line in score(sheet).lines if line.player == "Ana"]
    assert reasons == [
        "controls A1: 3 vs 2",
        "island North: 1 space vs 0",
        "cooking: 9 icons reach 9 -> 7 VP, upgrades -2",
    ]
    speak("fr")
    assert [tr(reason) for reason in reasons] == [
        "contrôle A1 : 3 contre 2",
        "île North : 1 case contre 0",
        "cooking : 9 icônes atteignent 9 -> 7 PV, améliorations -2",
    ]
    speak("de")
    assert [tr(reason) for reason in reasons] == [
        "kontrolliert A1: 3 gegen 2",
        "Insel North: 1 Feld gegen 0",
        "cooking: 9 Symbole erreichen 9 -> 7 SP, Verbesserungen -2",
    ]


def test_why_lines_and_the_coin_tie_break_are_said_in_each_language(speak: Speak) -> None:
    result = explain_ranking({"Ana": 24, "Ben": 24, "Cy": 18}, {"Ana": 3, "Ben": 5, "Cy": 9}, True)
    assert result.why == (
        "Ana and Ben tied on 24 VP; then Cy 18.",
        "Tie-break: Ben has more coins (Ana 3, Ben 5).",
    )
    speak("fr")
    assert tr(result.outcome) == "Ben gagne aux pièces avec 24 PV"
    assert [tr(line) for line in result.why] == [
        "Ana et Ben à égalité à 24 PV ; puis Cy 18.",
        "Départage : Ben a plus de pièces (Ana 3, Ben 5).",
    ]
    speak("de")
    assert tr(result.outcome) == "Ben gewinnt über Münzen mit 24 SP"
    assert [tr(line) for line in result.why] == [
        "Ana und Ben gleichauf mit 24 SP; dann Cy 18.",
        "Gleichstand: Ben hat mehr Münzen (Ana 3, Ben 5).",
    ]


def test_log_lines_checklist_and_status_are_said_in_each_language(speak: Speak) -> None:
    before = start(SETUP)
    after = apply(before, PlaceUpgrade("cooking", 2))
    logged = narrate(before, PlaceUpgrade("cooking", 2), after)
    assert logged == "Upgrade +2 placed on cooking"
    score_now = score(after.sheet, after.thresholds)
    speak("fr")
    assert tr(logged) == "Amélioration +2 posée sur cooking"
    assert "Ben garde 0 tour." in [tr(step) for step in checklist(SETUP)]
    assert status_words(after, score_now) == "Plan A · bloc de score · aucun point saisi"
    speak("de")
    assert tr(logged) == "Verbesserung +2 auf cooking gelegt"
    assert "Ana behält 1 Turm." in [tr(step) for step in checklist(SETUP)]
    assert (
        status_words(after, score_now) == "Plan A · Wertungsblock · noch keine Punkte eingetragen"
    )


def test_the_switch_s_question_and_the_help_page_are_translated(speak: Speak) -> None:
    waiting = SIX_SOJOURNS.waiting_for(start(SETUP))
    assert waiting is not None and waiting.text == "Ana buys a card (turn 1 of 9)"
    speak("fr")
    assert tr(waiting.text) == "Ana achète une carte (tour 1 sur 9)"
    page = translated(rules_help())
    assert "## Décompte (les décisions de la table)" in page
    assert "| `m` | Compter depuis le bloc de score" in page
    speak("de")
    assert tr(waiting.text) == "Ana kauft eine Karte (Zug 1 von 9)"
    assert "## Wertung (die Entscheidungen des Tisches)" in translated(rules_help())


SIZES = size_sets([(80, 24)])
SCORING = SojournsSetup(("Ana", "Ben", "Cy"), "A", ("feuds", "mountains"))


def scoring_in_progress(make_test_app: Callable[..., Any]) -> Any:
    """Three players' counts typed, then the board being entered: a scoring under way."""

    def begin(app: Any) -> None:
        saved = app.start_game("six-sojourns", SCORING, "Friday")
        session = saved.session
        for name, cooking, spaces in (("Ana", 6, 8), ("Ben", 9, 6), ("Cy", 3, 9)):
            session.do(EnterCount(name, "cooking", cooking))
            session.do(EnterCount(name, "spaces", spaces))
        session.do(ScoreBy("board"))

    return make_test_app(start=begin)


class TestPlayScreenInEachLanguage:
    @pytest.mark.parametrize("sizes", SIZES)
    @pytest.mark.parametrize("language", ["fr", "de"])
    def test_scoring_in_progress(
        self,
        snap_sizes: Any,
        make_test_app: Callable[..., Any],
        speak: Speak,
        language: str,
        sizes: list[tuple[int, int]],
    ) -> None:
        """The sheet of a game scored from the board, then its Why tab: every word of the
        game's own drawing (tabs, rows, headings, status, reasons) in the language."""
        speak(language)
        views = {f"{language}-sheet": ["s"], f"{language}-why": ["w"]}
        assert snap_sizes(scoring_in_progress(make_test_app), sizes, views=views) == []


def test_markdown_and_csv_exports_are_written_in_the_language_json_stays_english(
    speak: Speak,
) -> None:
    sheet = board(land("A1", Ana=Pieces(people=3)), coins={"Ana": 2, "Ben": 1})
    english = sheet_markdown(sheet, DEFAULT_THRESHOLDS, "Friday")
    speak("fr")
    assert sheet_markdown(sheet, DEFAULT_THRESHOLDS, "Friday") == english  # as the rules said it
    french = sheet_markdown(sheet, DEFAULT_THRESHOLDS, "Friday", tr)
    assert "| Rang | Joueur | cases | îles | métiers | objectifs | Total | Pièces |" in french
    assert "- Ana +1 contrôle A1 : 3 contre 0" in french
    assert "Vainqueur : Ana" in french
    speak("de")
    german = sheet_csv(sheet, DEFAULT_THRESHOLDS, tr).splitlines()
    assert german[0] == "Rang,Spieler,Felder,Inseln,Handwerke,Ziele,Summe,Münzen"
    assert "Spieler,Punkte,Grund" in german
    assert german[-3:] == [
        "Ergebnis",
        "Ana gewinnt mit 2 SP.",
        "Ana hat die meisten SP: 2; dann Ben 0.",
    ]
    assert '"why": [\n    "Ana wins with 2 VP."' in sheet_json(sheet, DEFAULT_THRESHOLDS)


def test_the_stats_notes_say_categories_and_averages_as_each_reader_writes_them(
    speak: Speak,
) -> None:
    figures = {
        "average_points": {"spaces": 3.5},
        "in_play": {"spaces": 2},
        "winner_led": {"spaces": 1},
        "campaigns": {},
    }
    assert str(chart_notes(figures, {})[1]).split() == ["spaces", "█" * 20, "3.5"]
    speak("fr")
    assert str(chart_notes(figures, {})[1]).split() == ["cases", "█" * 20, "3,5"]
    speak("de")
    notes = [str(line) for line in chart_notes(figures, {})]
    assert notes[1].split() == ["Felder", "█" * 20, "3,5"]
    assert notes[2].endswith("(Partien, in denen sie im Spiel war): Felder 1 von 2")


async def test_a_switch_of_language_redraws_every_word_of_the_play_screen(
    make_test_app: Callable[..., Any], speak: Speak
) -> None:
    """Nothing of the screen's own drawing is kept in the language it was drawn in: a redraw
    after a switch names the tabs, the rows, the columns and the reasons' border anew."""
    app = scoring_in_progress(make_test_app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, SojournsScreen))
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        sheet = screen.query_one("#ss-sheet", ShownTable)
        tabs = screen.query_one("#ss-tabs", TabbedContent)
        assert sheet.rows_shown["coins"][0] == "Coins"
        speak("de")
        screen.refresh_state()
        await pilot.pause()
        assert sheet.rows_shown["coins"][0] == "Münzen"
        assert sheet.rows_shown["total"][0] == "SUMME"
        assert str(tabs.get_tab("sheet").label) == "Bogen (s)"
        assert screen.query_one("#ss-sheet-reasons").border_title == "Warum: jeder Punkt"
        assert screen.query_one("#ss-sheet-reasons", ReasonsPanel).plain_lines[0] == (
            "Ben führt mit 7 SP."
        )
