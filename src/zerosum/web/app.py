"""The web server: the page as static files and the JSON API it plays through.

Routes (all JSON but ``/``; errors are ``{"error": message, ...}``)::

    GET    /                          the page
    GET    /api/catalog               games with their parameters, opponent presets, limits
    GET    /api/ready                 {"ready", "started", "hosts"}: the agents' processes
    GET    /api/setup?game=SPEC       a game spec checked: its rules, the presets offered and
                                      what the position editor needs (its start as text),
                                      its sides in playing order, its start drawn
    POST   /api/games                 {"game", "opponent", "human", "position", "moves"}
                                      -> a new game's view; "opponent": "human" for two
                                      people on one screen, "position" a start as text,
                                      "moves" played on from there (a link rebuilt)
    GET    /api/to-move?game=SPEC&board=B the sides that may be to move on a board set up
                                      (the position editor's "to move" follows it)
    GET    /api/games/{id}?at=N       the game's view (after its first N moves)
    DELETE /api/games/{id}            forget the game
    POST   /api/games/{id}/moves      {"action", "reply"=true, "at"} -> the view after the
                                      person's move and (unless reply is false) the answer;
                                      with "at", played after the first "at" moves (the
                                      moves after them are dropped)
    POST   /api/games/{id}/reply      the agent's move, when it is the agent's turn
    GET    /api/games/{id}/thinking   {"phase", "seconds"}: what the agent's move under way
                                      is doing ("waiting", "preparing", "thinking", null)
    POST   /api/games/{id}/undo       take back the person's last move and the answer
    GET    /api/games/{id}/hints?at=N what each move of the player to move leads to with
                                      perfect play, where the game solves at once
    GET    /api/games/{id}/why        the tree the computer's search explored for its last
                                      move, searched again, traced ("Why this move?")
    GET    /api/games/{id}/why/{node} the position at a node of that tree (its board)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import budget, hooks
from ..agents import Human
from ..agents.hints import move_hints
from ..game import IllegalActionError, ZerosumError, parse_action
from ..hosting.isolation import AgentCrashed, AgentError
from ..limits import check_move_seconds
from ..records.jsonvalue import JSONObject
from ..spec import parse_code_spec
from .catalog import (
    DEFAULT_OPPONENT,
    PRESETS,
    GameEntry,
    catalog_games,
    game_title,
    offered_presets,
    presets,
)
from .faults import fault_message
from .guard import LOOPBACK_HOSTS, Guard, is_json_type, json_depth
from .own_code import OwnCode
from .sessions import TWO_PEOPLE, Session, Sessions, TooManyForClient, TooManyGames
from .starts import BadStart, editor_of, sides_to_move, start_of
from .thinking import Thinkers
from .views import session_view, sides_view, start_view
from .why import CAP, Explained, NotExplained, explained_view, last_agent_move, node_board

__all__ = ["create_app", "Limits", "WebApp", "PRESETS", "offered_presets"]

STATIC = Path(__file__).parent / "static"

MAX_SPEC = 200
#: How deep a request body's arrays and objects may nest (the API needs 1).
MAX_DEPTH = 8


class ApiError(Exception):
    """An error answered as ``{"error": message, **extra}`` with HTTP ``status``."""

    def __init__(self, status: int, message: str, **extra: object) -> None:
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return JSONResponse({"error": exc.message, **exc.extra}, status_code=exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": exc.detail}, status_code=exc.status_code, headers=exc.headers)


@dataclass(frozen=True)
class Limits:
    """What the server allows (see :func:`create_app` for each); a move time of 0, nan
    or over :data:`~zerosum.limits.MAX_MOVE_SECONDS` is refused here."""

    move_seconds: float = 5.0
    max_games: int = 1000
    max_per_client: int = 20
    idle_seconds: float = 1800.0
    finished_seconds: float = 300.0
    unplayed_seconds: float = 120.0
    max_body: int = 4096
    thinkers: int | None = None

    def __post_init__(self) -> None:
        check_move_seconds(self.move_seconds)


def text_field(data: Mapping[str, object], key: str, default: str | None = None) -> str:
    """``data[key]`` (else ``default``): a non-empty string of at most :data:`MAX_SPEC`
    characters that is text (422 otherwise)."""
    value = data.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise ApiError(422, f"{key!r} must be a non-empty string")
    if len(value) > MAX_SPEC:
        raise ApiError(422, f"{key!r} is longer than {MAX_SPEC} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate such as "\ud800"
        raise ApiError(422, f"{key!r} is not text: {exc.reason} at {exc.start}") from None
    return value


Handler = Callable[[Request], Awaitable[Response]]


def own_faults(handler: Handler) -> Handler:
    """``handler``, with what the operator's own game raises (its spec noted on the
    request once known) answered as 422 naming the game's fault (:mod:`.faults`)."""

    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except (ApiError, HTTPException):
            raise
        except Exception as exc:
            spec = getattr(request.state, "game_spec", "")
            if not spec or parse_code_spec(spec) is None:
                raise  # a built-in game's error is a bug here: a 500
            raise ApiError(422, fault_message(spec, exc)) from None

    return run


def still_live(session: Session) -> None:
    """404 when the game was deleted (or dropped) while this request waited."""
    if session.removed:
        raise ApiError(404, "no such game: it was deleted while this request was played")


def ply_of(session: Session, value: object) -> int:
    """``value`` as a point in the session's moves: 0 (its start) to their count (422 else)."""
    count = len(session.moves)
    at = int(value) if isinstance(value, str) and value.isdigit() else value
    if type(at) is not int or not 0 <= at <= count:
        raise ApiError(422, f"'at' must be a number of moves from 0 to {count}, not {value!r}")
    return at


def claim(session: Session) -> None:
    """409 when a move is already being played in the game."""
    if session.lock.locked():
        raise ApiError(409, "a move is already being played in this game; wait for it")


class WebApp:
    """The server's state (the live games, the agents' processes, the operator's own
    code, the catalog) and one method per route of the API."""

    def __init__(self, limits: Limits, own: OwnCode) -> None:
        self.limits, self.own = limits, own
        self.pool = Thinkers(limits.move_seconds, limits.thinkers)
        self.sessions = Sessions(
            limits.max_games,
            limits.idle_seconds,
            limits.finished_seconds,
            max_per_client=limits.max_per_client,
            unplayed_seconds=limits.unplayed_seconds,
            on_remove=self.pool.forget,
        )
        self.presets = presets() + own.presets()
        self.listed: list[GameEntry] = []  # the catalog's games, listed at the first request

    def starlette(self, allowed_hosts: Collection[str] | None) -> Starlette:
        """The ASGI app: these routes behind the :class:`~.guard.Guard`."""
        routes = [
            Route("/", self.index),
            Route("/api/catalog", self.catalog),
            Route("/api/ready", self.ready),
            Route("/api/setup", own_faults(self.setup)),
            Route("/api/to-move", own_faults(self.to_move)),
            Route("/api/games", own_faults(self.create_game), methods=["POST"]),
            Route("/api/games/{game_id}", own_faults(self.get_game), methods=["GET"]),
            Route("/api/games/{game_id}", self.delete_game, methods=["DELETE"]),
            Route("/api/games/{game_id}/moves", own_faults(self.play_move), methods=["POST"]),
            Route("/api/games/{game_id}/reply", own_faults(self.agent_reply), methods=["POST"]),
            Route("/api/games/{game_id}/thinking", self.thinking, methods=["GET"]),
            Route("/api/games/{game_id}/undo", own_faults(self.undo), methods=["POST"]),
            Route("/api/games/{game_id}/hints", own_faults(self.hints), methods=["GET"]),
            Route("/api/games/{game_id}/why", own_faults(self.why), methods=["GET"]),
            Route("/api/games/{game_id}/why/{node:int}", own_faults(self.why_board)),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
        handlers = {ApiError: _api_error, HTTPException: _http_error}
        app = Starlette(
            routes=routes,
            middleware=[Middleware(Guard, allowed_hosts=allowed_hosts)],
            exception_handlers=handlers,  # type: ignore[arg-type]
            lifespan=self.lifespan,
        )
        app.state.sessions = self.sessions
        return app

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Start the agents' processes with the app; stop them with it."""
        # a daemon thread: a start still under way must not hold up the server's exit
        threading.Thread(target=self.pool.start, name="zerosum-hosts", daemon=True).start()
        try:
            yield
        finally:
            self.pool.close()

    # What the routes share.

    async def read_json(self, request: Request) -> JSONObject:
        """The request's body: a JSON object of at most ``max_body`` bytes and
        :data:`MAX_DEPTH` levels (415, 413 or 400 otherwise)."""
        content_type = request.headers.get("content-type", "")
        if not is_json_type(content_type):
            shown = repr(content_type) if content_type else "none"
            raise ApiError(415, f"the request body must be application/json, not {shown}")
        most = self.limits.max_body
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > most:
            raise ApiError(413, f"the request body is over the limit of {most} bytes")
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > most:
                raise ApiError(413, f"the request body is over the limit of {most} bytes")
        if json_depth(body) > MAX_DEPTH:
            raise ApiError(400, f"the request body nests deeper than {MAX_DEPTH} levels")
        try:
            data = json.loads(body) if body.strip() else {}
        except ValueError:
            raise ApiError(400, "the request body is not valid JSON") from None
        if not isinstance(data, dict):
            raise ApiError(400, "the request body must be a JSON object")
        return data

    def session_of(self, request: Request) -> Session:
        """The game the request's path names (404 if there is none)."""
        session = self.sessions.get(request.path_params["game_id"])
        if session is None:
            raise ApiError(404, "no such game: it never existed, or it ended or sat idle")
        request.state.game_spec = session.game_spec
        return session

    async def agent_move(self, session: Session) -> None:
        """The agent's move played in ``session``; it forgets its search after it."""
        reply = await self.pool.think(
            session.id, session.agent_spec, session.game, session.state, session.game_spec
        )
        still_live(session)
        self.pool.forget(session.id)  # the memory budget: no tree or table kept between moves
        session.play(reply.action, "agent", reply)
        self.sessions.touch(session)

    async def explain(self, session: Session, at: int) -> Explained:
        """The computer's move ``at`` explained: its position searched again, traced, in a
        host under the move cap (503 past it; 422 for an agent that cannot be traced)."""
        reply = session.moves[at].reply
        assert reply is not None
        try:
            trace = await self.pool.trace(
                session.id, session.agent_spec, session.game, session.states[at], CAP,
                session.game_spec,
            )  # fmt: skip
        except budget.Overrun:
            cap = self.limits.move_seconds
            raise ApiError(503, f"its search could not be shown within the {cap:g} s cap") from None
        except AgentCrashed as exc:
            raise ApiError(503, f"its search could not be shown: {exc}") from None
        except AgentError as exc:  # what zs.trace says of an agent it cannot trace
            raise ApiError(422, exc.text) from None
        still_live(session)
        return Explained(at, reply, explained_view(session, at, trace))

    # The routes.

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def ready(self, request: Request) -> Response:
        """How far the agents' processes are in starting (each with the compiled code of
        every built-in agent on every built-in game loaded): the page says it is ready,
        and lets a game start, once all are."""
        started, hosts = self.pool.started, self.pool.size
        return JSONResponse({"ready": started >= hosts, "started": started, "hosts": hosts})

    async def catalog(self, request: Request) -> Response:
        if not self.listed:
            found = await asyncio.to_thread(catalog_games)
            if not self.listed:  # another request may have listed them meanwhile
                self.listed.extend(found + self.own.game_entries())
        return JSONResponse(
            {
                "games": self.listed,
                "presets": self.presets,
                "default_opponent": DEFAULT_OPPONENT,
                "move_seconds": self.limits.move_seconds,
            }
        )

    async def setup(self, request: Request) -> Response:
        spec = text_field(dict(request.query_params), "game")
        request.state.game_spec = spec.strip()  # its drawing runs the game's own code
        try:
            game = await asyncio.to_thread(self.own.game, spec)
        except ZerosumError as exc:
            raise ApiError(422, str(exc)) from None
        return JSONResponse(
            {
                "game": hooks.spec(game) or spec,
                "title": game_title(game),
                "rules": hooks.rules(game) or "",
                "presets": [p["spec"] for p in offered_presets(game, self.presets)],
                "editor": editor_of(game),
                "sides": sides_view(game),
                "start": start_view(game),
            }
        )

    async def to_move(self, request: Request) -> Response:
        """``{"sides": [...]}``: who may be to move on the board the editor set up."""
        query = dict(request.query_params)
        spec = text_field(query, "game")
        board = query.get("board", "")
        request.state.game_spec = spec.strip()
        try:
            game = await asyncio.to_thread(self.own.game, spec)
        except ZerosumError as exc:
            raise ApiError(422, str(exc)) from None
        sides = await asyncio.to_thread(sides_to_move, game, board)
        return JSONResponse({"sides": sides})

    async def create_game(self, request: Request) -> Response:
        data = await self.read_json(request)
        game_spec = text_field(data, "game")
        agent_spec = text_field(data, "opponent", "random")
        human = data.get("human", 1)
        if type(human) is not int or human not in (1, 2):
            raise ApiError(422, f"'human' must be 1 or 2 (the side you play), not {human!r}")
        try:
            # a request names no code but the operator's own (zerosum serve --game/--agent)
            game = await asyncio.to_thread(self.own.game, game_spec)
            agent = await asyncio.to_thread(self.own.agent, agent_spec)
            start, replayed = start_of(game, data)
        except BadStart as exc:
            raise ApiError(422, str(exc)) from None
        except ZerosumError as exc:
            raise ApiError(422, str(exc)) from None
        two_people = isinstance(agent, Human)  # both sides played on this screen
        request.state.game_spec = game_spec.strip()
        client = request.client.host if request.client is not None else ""
        try:
            session = self.sessions.create(
                game, None if two_people else agent, agent_spec.strip(),
                TWO_PEOPLE if two_people else human, client, game_spec.strip(), start,
            )  # fmt: skip
        except TooManyForClient as exc:
            raise ApiError(429, str(exc)) from None
        except TooManyGames as exc:
            raise ApiError(503, str(exc)) from None
        for action in replayed:  # the computer's moves as they were, not searched again
            session.play(action, "agent" if session.agent_to_move else "you")
        async with session.lock:
            if session.agent_to_move:
                await self.agent_move(session)
        return JSONResponse(session_view(session), status_code=201)

    async def get_game(self, request: Request) -> Response:
        session = self.session_of(request)
        at = request.query_params.get("at")
        return JSONResponse(session_view(session, None if at is None else ply_of(session, at)))

    async def delete_game(self, request: Request) -> Response:
        self.sessions.remove(self.session_of(request).id)  # its agent is dropped (on_remove)
        return Response(status_code=204)

    async def play_move(self, request: Request) -> Response:
        session = self.session_of(request)
        data = await self.read_json(request)
        text = text_field(data, "action")
        reply = data.get("reply", True)
        if not isinstance(reply, bool):
            raise ApiError(422, f"'reply' must be true or false, not {reply!r}")
        latest = len(session.moves)
        at = latest if data.get("at") is None else ply_of(session, data["at"])
        claim(session)
        async with session.lock:
            still_live(session)
            game, state = session.game, session.states[at]
            over = game.is_terminal(state)
            if not over and session.human not in (TWO_PEOPLE, game.player(state)):
                where = ": POST .../reply first" if at == latest else f" after move {at}"
                raise ApiError(409, f"it is the computer's turn{where}")
            try:
                action = parse_action(game, text, state)
            except IllegalActionError as exc:
                raise ApiError(422, str(exc), legal=session_view(session, at)["legal"]) from None
            if at < latest:  # playing on from an earlier point drops the moves after it
                session.truncate(at)
                self.pool.forget(session.id)
            session.play(action, "you")
            if reply and session.agent_to_move:
                await self.agent_move(session)
        return JSONResponse(session_view(session))

    async def agent_reply(self, request: Request) -> Response:
        session = self.session_of(request)
        claim(session)
        async with session.lock:
            still_live(session)
            if session.human == TWO_PEOPLE:
                raise ApiError(409, "this game is between two people: no computer replies")
            if not session.agent_to_move:
                why = "the game is over" if session.over else "it is your turn"
                raise ApiError(409, f"the computer has no move to make: {why}")
            await self.agent_move(session)
        return JSONResponse(session_view(session))

    async def thinking(self, request: Request) -> Response:
        """What the computer's move under way in the game is doing (the page says it while
        the person waits: preparing its compiled search is slow once on a new machine)."""
        return JSONResponse(self.pool.doing(self.session_of(request).id))

    async def undo(self, request: Request) -> Response:
        session = self.session_of(request)
        claim(session)
        async with session.lock:
            still_live(session)
            if not session.undo():
                raise ApiError(409, "there is no move of yours to take back")
            # an agent that remembers the game must forget the taken-back moves
            self.pool.forget(session.id)
        return JSONResponse(session_view(session))

    async def hints(self, request: Request) -> Response:
        """What each move of the player to move (after the first ``at`` moves) leads to,
        solved in a thread under the move's cap."""
        session = self.session_of(request)
        at = request.query_params.get("at")
        state = session.states[len(session.moves) if at is None else ply_of(session, at)]

        def solved() -> JSONObject:
            with budget.limit(self.pool.move_time):
                return move_hints(session.game, state, game_title(session.game))

        hints = await asyncio.to_thread(solved)
        return JSONResponse(hints)

    async def why(self, request: Request) -> Response:
        session = self.session_of(request)
        try:
            at = last_agent_move(session)
        except NotExplained as exc:
            raise ApiError(409, str(exc)) from None
        if session.explained is None or not session.explained.holds_for(session):
            claim(session)
            async with session.lock:
                still_live(session)
                session.explained = await self.explain(session, at)
        return JSONResponse(session.explained.view)

    async def why_board(self, request: Request) -> Response:
        session = self.session_of(request)
        explained = session.explained
        if explained is None or not explained.holds_for(session):
            raise ApiError(409, "no tree of the computer's last move yet: GET .../why first")
        try:
            board = node_board(session, explained, request.path_params["node"])
        except NotExplained as exc:
            raise ApiError(404, str(exc)) from None
        return JSONResponse(board)


def create_app(
    *,
    move_seconds: float = 5.0,
    max_games: int = 1000,
    max_per_client: int = 20,
    idle_seconds: float = 1800.0,
    finished_seconds: float = 300.0,
    unplayed_seconds: float = 120.0,
    max_body: int = 4096,
    allowed_hosts: Collection[str] | None = LOOPBACK_HOSTS,
    thinkers: int | None = None,
    games: Sequence[str] = (),
    agents: Sequence[str] = (),
) -> Starlette:
    """The web application (an ASGI app for uvicorn).

    ``move_seconds`` caps every agent move whatever its spec asks; ``max_games`` caps the
    live games (503 beyond) and ``max_per_client`` those of one client address (429
    beyond); idle games are dropped after ``idle_seconds``, finished ones after
    ``finished_seconds``, games the person has not moved in after ``unplayed_seconds``;
    request bodies over ``max_body`` bytes get 413. Requests whose ``Host`` is not in
    ``allowed_hosts`` (None: any) get 400, requests from other origins 403 (see
    :mod:`zerosum.web.guard`). Agents think in ``thinkers`` worker processes (default:
    twice the cores; see :mod:`zerosum.web.thinking`), started with the app, and forget
    their search after every move.

    ``games`` and ``agents`` are the operator's own code (file or module specs, as on the
    command line): loaded now (a bad one raises here, naming the file), added to the
    page's menus, and the only code a request may name (with other parameters too).
    """
    limits = Limits(
        move_seconds=move_seconds,
        max_games=max_games,
        max_per_client=max_per_client,
        idle_seconds=idle_seconds,
        finished_seconds=finished_seconds,
        unplayed_seconds=unplayed_seconds,
        max_body=max_body,
        thinkers=thinkers,
    )
    return WebApp(limits, OwnCode(games, agents)).starlette(allowed_hosts)
