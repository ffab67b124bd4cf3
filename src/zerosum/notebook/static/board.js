// The board widget's front-end (anywidget): draws what the Python side sends as traits
// and sends back the person's clicks as messages ({kind: "play" | "undo" | "new"}).
// Moves are the elements of the game's SVG that carry data-action, as on the web page.

const SVG_NS = "http://www.w3.org/2000/svg";

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// A label on a move of a drawing (a hint, or what the computer thought of that move),
// where the move would go, in a smaller font where the label is wider than the move.
function labelMove(move, text, className) {
  const spot = (move.querySelector(".zs-hint") || move).getBBox();
  const onText = move.querySelector("text") !== null; // a tile with its number (Pick)
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", `zs-option ${className}`);
  const label = document.createElementNS(SVG_NS, "text");
  label.setAttribute("x", spot.x + spot.width / 2);
  label.setAttribute("y", onText ? spot.y + spot.height - 2 : spot.y + spot.height / 2 + 5);
  label.setAttribute("text-anchor", "middle");
  label.textContent = text;
  const back = document.createElementNS(SVG_NS, "rect");
  group.append(back, label);
  move.append(group);
  fit(label, spot.width - 4); // a label wider than its move would cover its neighbours'
  const box = label.getBBox();
  for (const [name, value] of [["x", box.x - 3], ["y", box.y - 1], ["width", box.width + 6],
    ["height", box.height + 2], ["rx", 4]]) back.setAttribute(name, value);
}

// A label wider than room: on two lines ("loss", "in 36"; "<=", "-0.31"), and in a smaller
// font where it is still too wide.
function fit(label, room) {
  if (label.getBBox().width <= room) return;
  const text = label.textContent;
  const cut = text.includes(" in ") ? text.indexOf(" in ") : text.indexOf(" ");
  if (cut > 0) {
    label.textContent = "";
    [text.slice(0, cut), text.slice(cut + 1)].forEach((line, i) => {
      const part = document.createElementNS(SVG_NS, "tspan");
      part.setAttribute("x", label.getAttribute("x"));
      part.setAttribute("dy", i ? "1.1em" : "-0.55em");
      part.textContent = line;
      label.append(part);
    });
  }
  const wide = label.getBBox().width;
  if (wide > room) label.style.fontSize = `${Math.max(8, Math.floor((13 * room) / wide))}px`;
}

// Labels every move of the drawing in holder that labels (move -> text) names.
function labelMoves(holder, labels, played) {
  const svg = holder.querySelector("svg");
  if (!svg) return;
  for (const move of svg.querySelectorAll("[data-action]")) {
    const text = labels[move.dataset.action];
    if (text !== undefined) {
      labelMove(move, text, move.dataset.action === played ? "played" : "");
    }
  }
}

// labels as a list, for a game without a drawing.
function labelList(labels, played) {
  const list = element("ul", undefined, "zs-labels");
  for (const [move, label] of Object.entries(labels)) {
    list.append(element("li", `${move}: ${label}`, move === played ? "played" : ""));
  }
  return list;
}

function render({ model, el }) {
  const root = element("div", undefined, "zs-widget");
  const title = element("div", undefined, "zs-title");
  const status = element("p", undefined, "zs-status");
  status.setAttribute("role", "status");
  const board = element("div", undefined, "zs-board-holder");
  const hints = element("div", undefined, "zs-hints");
  const controls = element("div", undefined, "zs-controls");
  const newGame = element("button", "New game");
  const undo = element("button", "Undo");
  const hintsLabel = element("label", undefined, "zs-hints-switch");
  const hintsBox = document.createElement("input");
  hintsBox.type = "checkbox";
  hintsLabel.append(hintsBox, " Hints");
  controls.append(newGame, undo, hintsLabel);
  const error = element("p", undefined, "zs-error");
  const search = element("div", undefined, "zs-search");
  const moves = element("p", undefined, "zs-moves");
  root.append(title, status, board, hints, controls, error, search, moves);
  el.append(root);
  let landed = null; // {cell, until}: a click there right after moving a stone completes that move

  function drawBoard() {
    const focused = board.contains(document.activeElement) ? document.activeElement.dataset.action : null;
    const svg = model.get("svg");
    if (svg) {
      board.innerHTML = svg;
    } else { // a game without to_svg: its text and a button per legal move
      const buttons = element("div", undefined, "zs-fallback");
      for (const action of model.get("legal")) {
        const button = element("button", action);
        button.type = "button";
        button.dataset.action = action;
        buttons.append(button);
      }
      board.replaceChildren(element("pre", model.get("text")), buttons);
    }
    for (const move of board.querySelectorAll("svg [data-action]")) {
      move.setAttribute("tabindex", "0");
      move.setAttribute("role", "button");
    }
    board.classList.toggle("your-turn", model.get("your_turn"));
    if (focused != null) { // keep the keyboard on the board: the same move, else the first
      const moves = [...board.querySelectorAll("[data-action]")];
      const next = moves.find((m) => m.dataset.action === focused) || moves[0];
      if (next) next.focus();
    }
  }

  function drawHints() {
    const shown = model.get("hints");
    hints.replaceChildren();
    if (!model.get("show_hints")) return; // switched off here: gone at once, not when the kernel answers
    if (shown.available === false) hints.append(element("p", shown.reason, "zs-note"));
    if (!shown.moves) return;
    hints.append(element("p", `Hints: ${shown.legend}.`, "zs-legend"));
    if (model.get("svg")) {
      requestAnimationFrame(() => { // sizes known once shown; by then the hints may have changed
        const now = model.get("hints");
        if (model.get("show_hints") && now.moves) labelMoves(board, now.moves, null);
      });
    } else {
      hints.append(labelList(shown.moves, null));
    }
  }

  function drawSearch() {
    const last = model.get("search");
    search.replaceChildren();
    if (!last.action) return;
    search.append(element("p", `The computer played ${last.action} (${last.seconds.toFixed(2)} s).`, "zs-played"));
    if (last.note) search.append(element("p", last.note, "zs-note"));
    const summary = last.summary;
    if (!summary) return;
    const verdict = element("p", undefined, "zs-verdict");
    verdict.append(element("strong", summary.verdict), " ", element("span", `(${summary.basis})`, "zs-basis"));
    search.append(verdict);
    if (!Object.keys(summary.moves).length) return;
    const figure = element("figure", undefined, "zs-options");
    figure.append(element("figcaption", `Before its move: ${summary.legend}.`));
    if (last.board) {
      const seen = element("div", undefined, "zs-seen");
      seen.innerHTML = last.board;
      for (const move of seen.querySelectorAll(".zs-move")) move.classList.remove("zs-move");
      figure.append(seen);
      requestAnimationFrame(() => labelMoves(seen, summary.moves, last.action));
    } else {
      figure.append(labelList(summary.moves, last.action));
    }
    search.append(figure);
  }

  function draw() {
    title.textContent = model.get("title");
    status.textContent = model.get("status");
    status.classList.toggle("thinking", model.get("thinking"));
    status.classList.toggle("over", model.get("over"));
    drawBoard();
    drawHints();
    drawSearch();
    undo.disabled = !model.get("can_undo");
    hintsLabel.hidden = !model.get("hints_offered");
    hintsBox.checked = model.get("show_hints");
    error.textContent = model.get("error");
    const played = model.get("moves");
    moves.textContent = played.length ? `Moves: ${played.join(" ")}` : "";
  }

  function playFrom(target) {
    if (!target || !model.get("your_turn")) return; // else nothing happens
    const now = Date.now();
    if (landed && now < landed.until && target.dataset.from === landed.cell) {
      landed = null; // the destination click of a stone already moved by its first click
      return;
    }
    landed = target.dataset.to ? { cell: target.dataset.to, until: now + 1500 } : null;
    model.send({ kind: "play", action: target.dataset.action });
  }

  board.addEventListener("click", (event) => playFrom(event.target.closest("[data-action]")));
  board.addEventListener("keydown", (event) => {
    const target = event.target.closest("svg [data-action]");
    if (!target || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    landed = null;
    playFrom(target);
  });
  newGame.addEventListener("click", () => model.send({ kind: "new" }));
  undo.addEventListener("click", () => model.send({ kind: "undo" }));
  hintsBox.addEventListener("change", () => {
    model.set("show_hints", hintsBox.checked);
    model.save_changes();
  });
  model.on("change", draw);
  draw();
  return () => model.off("change", draw);
}

export default { render };
