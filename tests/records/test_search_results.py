"""The typed search results (zerosum.records.search): what each agent family reports in
its own fields, the dict the page and the journal keep (``details``, and ``extra`` under
its deprecated name), and words picked by the result's type."""

from __future__ import annotations

import dataclasses
import warnings
from typing import Any

import pytest

import zerosum as zs
from zerosum.agents.base import SearchInfo as ReExported
from zerosum.agents.summary import Sides, says, search_summary
from zerosum.records.codec import _search_from_dict, _search_to_dict
from zerosum.records.search import (
    AlphaBetaInfo,
    KeptInfo,
    MCTSInfo,
    MinimaxInfo,
    MonteCarloInfo,
    SearchInfo,
    SolvedInfo,
    UnprovenInfo,
    from_details,
    typed,
)
from zerosum.records.solve import SolveResult

GAME = zs.games.TicTacToe()
#: X in 0 and 4, O in 1 and 8: X to move wins by 3 (two threats: 3-4-5 and 0-3-6).
LATE = zs.game.replay(GAME, ["0", "1", "4", "8"])
COMMON = {"value": 0.25, "depth": 3, "nodes": 40, "seconds": 0.5, "pv": (4, 0), "note": ""}


def quiet_extra(info: SearchInfo) -> dict[str, Any]:
    with pytest.warns(DeprecationWarning, match="SearchInfo.extra is deprecated"):
        return info.extra


def test_search_info_is_the_records_floor_s() -> None:
    assert ReExported is SearchInfo and zs.agents.SearchInfo is SearchInfo


def test_alpha_beta_reports_typed_fields_and_the_same_dict_as_before() -> None:
    agent = zs.agents.AlphaBeta(compiled=False)
    agent(GAME, LATE)
    info = agent.last
    assert isinstance(info, AlphaBetaInfo)
    assert info.compiled is False and info.to_end and info.ties >= 1
    assert {move for move, _, _ in info.rated} == set(GAME.actions(LATE))
    assert list(info.details()) == ["ties", "compiled", "rated", "to_end"]
    assert quiet_extra(info) == info.details()
    assert info.details()["rated"] == info.rated


def test_minimax_reports_each_root_move_and_that_it_searched_to_the_end() -> None:
    agent = zs.agents.Minimax()
    agent(GAME, LATE)
    info = agent.last
    assert isinstance(info, MinimaxInfo) and not isinstance(info, AlphaBetaInfo)
    assert len(info.rated) == len(list(GAME.actions(LATE))) and info.to_end
    assert list(info.details()) == ["rated", "to_end"]
    cut = zs.agents.Minimax(depth=1)
    cut(GAME, GAME.initial_state)
    assert isinstance(cut.last, MinimaxInfo) and not cut.last.to_end
    assert "to_end" not in cut.last.details()


def test_the_sampling_agents_report_means_visits_and_proofs() -> None:
    flat = zs.agents.MonteCarlo(playouts=5, seed=1)
    flat(GAME, LATE)
    assert isinstance(flat.last, MonteCarloInfo) and flat.last.playouts == 5
    assert set(flat.last.means) == {str(a) for a in GAME.actions(LATE)}
    assert flat.last.details() == {"means": flat.last.means, "playouts": 5}
    tree = zs.agents.MCTS(iterations=300, seed=1, solver=True)
    tree(GAME, LATE)
    info = tree.last
    assert isinstance(info, MCTSInfo) and info.reused == 0
    assert info.iterations == info.nodes < 300  # it stopped once the root was proven
    assert sum(info.visits.values()) <= 300 and set(info.values) == set(info.visits)
    assert info.proven.get("3") == 1 and info.pv[0] == 3
    assert list(info.details()) == ["visits", "values", "proven", "iterations", "reused"] + [
        "compiled"
    ]


def test_perfect_reports_its_proof_in_a_solved_result() -> None:
    agent = zs.agents.Perfect()
    agent(GAME, LATE)
    assert isinstance(agent.last, SolvedInfo) and isinstance(agent.last.solve, SolveResult)
    assert agent.last.solve.value == 1 and agent.last.details() == {"solve": agent.last.solve}


def test_a_perfect_player_short_of_time_says_what_it_proved_or_that_it_did_not() -> None:
    kept = KeptInfo(1, 0, 0, 0.1, (3,), "short", keeps=1)
    assert kept.details() == {"proven": True, "keeps": 1} and kept.proven
    searched = AlphaBetaInfo(**COMMON, ties=2, compiled=True, to_end=True)
    unproven = UnprovenInfo.instead(searched, 2.0, "no proof")
    assert (unproven.seconds, unproven.note, unproven.ties) == (2.0, "no proof", 2)
    assert list(unproven.details()) == ["ties", "compiled", "to_end", "proven"]
    assert unproven.details()["proven"] is False
    # its words are alpha-beta's
    assert search_summary(GAME, unproven) == search_summary(GAME, searched)


def test_each_family_round_trips_through_its_details() -> None:
    solved = zs.solve(GAME, LATE)
    results: list[SearchInfo] = [
        SearchInfo(**COMMON),
        MinimaxInfo(**COMMON, rated=((4, 0.25, False), (0, -0.5, True)), to_end=False),
        AlphaBetaInfo(**COMMON, ties=1, compiled=True, rated=((4, 0.25, False),)),
        UnprovenInfo(**COMMON, ties=3, compiled=False, to_end=True),
        KeptInfo(**COMMON, keeps=-1),
        SolvedInfo(**COMMON, solve=solved),
        MonteCarloInfo(**COMMON, means={"4": 0.25, "0": -0.1}, playouts=8),
        MCTSInfo(**COMMON, visits={"4": 9}, values={"4": 0.25}, proven={"4": 0}, iterations=9),
    ]
    for info in results:
        back = from_details(COMMON, info.details())
        assert type(back) is type(info) and back == info, type(info).__name__


def test_a_journal_keeps_the_type_and_unknown_details_as_given() -> None:
    info = MCTSInfo(**COMMON, visits={"4": 9}, values={"4": 0.25}, iterations=9, compiled=True)
    assert _search_from_dict(_search_to_dict(info)) == info
    own = SearchInfo(0.1, 1, 2, 0.1, (4,), {"best": ["4"], "temperature": 0.5})
    back = _search_from_dict(_search_to_dict(own))
    assert type(back) is SearchInfo and back.details() == {"best": ["4"], "temperature": 0.5}


def test_a_user_s_extra_dict_is_kept_and_said_as_its_family() -> None:
    means = {"4": 0.5, "0": -0.25}
    own = SearchInfo(0.5, 1, 9, 0.1, (4,), {"means": means, "mine": 1}, "noted")
    assert own.details() == {"means": means, "mine": 1} and own.note == "noted"
    as_family = typed(own)
    assert isinstance(as_family, MonteCarloInfo) and as_family.means == means
    words = search_summary(GAME, own)
    assert words == search_summary(GAME, MonteCarloInfo(0.5, 1, 9, 0.1, (4,), means=means))
    assert "random games" in words["basis"]
    # a stand-in's note added keeps what it was given
    assert dataclasses.replace(own, note="x").details() == own.details()


def test_a_new_family_brings_its_own_words_and_a_subclass_takes_its_parent_s() -> None:
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class OracleInfo(SearchInfo):
        oracle: str = ""

        def details(self) -> dict[str, Any]:
            return {"oracle": self.oracle}

    @says(OracleInfo)
    def _(info: OracleInfo, game: Any, sides: Sides) -> dict[str, Any]:
        return {"verdict": f"The oracle says {info.oracle}.", "basis": "", "lean": 0.0}

    assert search_summary(GAME, OracleInfo(**COMMON, oracle="draw"))["verdict"] == (
        "The oracle says draw."
    )

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class DeeperInfo(AlphaBetaInfo):
        extension: int = 0

    deeper = DeeperInfo(**COMMON, ties=1, compiled=False, extension=2)
    plain = AlphaBetaInfo(**COMMON, ties=1, compiled=False)
    assert search_summary(GAME, deeper) == search_summary(GAME, plain)


def test_reading_extra_warns_once_per_read_and_nothing_else_does() -> None:
    info = MonteCarloInfo(**COMMON, means={"4": 0.25})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        info.details()
        search_summary(GAME, info)
        info._repr_html_()
    assert quiet_extra(info) == {"means": {"4": 0.25}}
