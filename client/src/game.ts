// The game page: join a seat (or watch), then the board, the decision, the players and the
// log, kept up to date over the game's WebSocket. The seat's token stays in this browser, so
// a reload or a dropped connection sits the player in their seat again.

import { GameSummary, Seat, ServerMessage, Square, StateMessage, h, keepToken, request,
         tokenFor } from "./api";
import { PLAYER_COLOURS, boardElement, renderBoard } from "./board";
import { decisionPanel } from "./decisions";

const RECONNECT_MS = 1000;

/** "1:29:05 left", "4:10 left". */
function timeLeft(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return `${hours ? `${hours}:${two(minutes)}` : minutes}:${two(secs)} left`;
}

export async function showGame(root: HTMLElement, id: string): Promise<void> {
  const info = await request<GameSummary>(`/api/games/${id}`).catch((err: Error) => {
    root.replaceChildren(h("p", { class: "error" }, err.message), h("a", { href: "/" }, "Lobby"));
    return null;
  });
  if (!info) return;
  if (!tokenFor(id) && info.seats.some((s) => s.open)) {
    root.replaceChildren(joinForm(id, info.seats, () => new GamePage(root, id).connect()));
    return;
  }
  new GamePage(root, id).connect();
}

function joinForm(id: string, seats: Seat[], joined: () => void): HTMLElement {
  const open = seats.filter((s) => s.open);
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "join" },
    h("h1", {}, "Join the game"),
    h("label", {}, "Your name ", h("input", { name: "name", required: true, maxlength: "24",
                                              autocomplete: "nickname" })),
    h("label", {}, "Seat ", h("select", { name: "seat" },
      ...open.map((s) => h("option", { value: String(s.seat) }, `Seat ${s.seat + 1}`)))),
    error,
    h("button", { type: "submit" }, "Take the seat"),
    h("button", { type: "button", onclick: joined }, "Just watch"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const data = new FormData(form as HTMLFormElement);
    try {
      const reply = await request<{ token: string }>(`/api/games/${id}/join`, {
        seat: Number(data.get("seat")), name: String(data.get("name") ?? ""),
      });
      keepToken(id, reply.token);
      joined();
    } catch (err) {
      error.textContent = (err as Error).message;
    }
  });
  return form;
}

class GamePage {
  private squares: Square[] = [];
  private currency = "$";
  private state: StateMessage | null = null;
  private seats: Seat[] = [];
  private log: string[] = [];
  private ws: WebSocket | null = null;
  private panelKey = "";
  private readonly board = boardElement();
  private readonly notice = h("p", { class: "notice", role: "status" });
  private readonly clock = h("p", { class: "clock", "aria-label": "Time limit" });
  private deadline: number | null = null; // this browser's clock time when time is called
  private readonly decision = h("div", { class: "decision-slot" });
  private readonly players = h("section", { class: "players", "aria-label": "Players" });
  private readonly logBox = h("ol", { class: "log", "aria-label": "What happened" });

  constructor(root: HTMLElement, private readonly id: string) {
    const link = `${location.origin}/game/${id}`;
    root.replaceChildren(
      h("header", {}, h("a", { href: "/" }, "passgo"), " ",
        h("span", { class: "invite" }, "Invite: ", h("input", { value: link, readonly: true,
                                                              "aria-label": "Invitation link" }))),
      h("div", { class: "table" },
        h("div", { class: "board-box" }, this.board),
        h("div", { class: "side" }, this.clock, this.notice, this.decision, this.players,
          h("section", {}, h("h2", {}, "Game log"), this.logBox))));
    document.addEventListener("keydown", (e) => this.key(e));
    setInterval(() => this.tick(), 1000);
  }

  /** The time left of a time-limit game, counted down between the server's updates. */
  private tick(): void {
    this.clock.textContent = this.deadline === null ? ""
      : `Time limit: ${timeLeft((this.deadline - Date.now()) / 1000)}`;
  }

  connect(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/games/${this.id}/ws`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: tokenFor(this.id) }));
    ws.onmessage = (e) => this.receive(JSON.parse(e.data) as ServerMessage);
    ws.onclose = () => {
      this.notice.textContent = "Connection lost: reconnecting…";
      setTimeout(() => this.connect(), RECONNECT_MS);
    };
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case "board":
        this.squares = message.squares;
        this.currency = message.currency;
        break;
      case "state":
        if (this.state === null || message.said.length && message.version !== this.state.version) {
          this.log = this.state === null ? message.said : [...this.log, ...message.said];
        }
        this.state = message;
        this.seats = message.seats;
        this.deadline = message.time_left === undefined || message.time_left === null ? null
          : Date.now() + message.time_left * 1000;
        this.tick();
        this.notice.textContent = "";
        this.render();
        break;
      case "seats":
        this.seats = message.seats;
        this.renderPlayers();
        break;
      case "refused":
      case "error":
        this.notice.textContent = message.reason;
        break;
      default: {
        const unknown: never = message;
        return unknown;
      }
    }
  }

  private act(text: string): void {
    if (!this.state || !this.ws) return;
    this.notice.textContent = "";
    this.ws.send(JSON.stringify({ type: "action", version: this.state.version, action: text }));
  }

  private render(): void {
    const state = this.state!;
    renderBoard(this.board, this.squares, state.view, (sq) => this.showSquare(sq));
    this.renderPlayers();
    this.logBox.replaceChildren(...this.log.slice(-200).map((line) => h("li", {}, line)));
    this.logBox.scrollTop = this.logBox.scrollHeight;
    if (!state.view) {
      this.decision.replaceChildren(h("h2", {}, "Waiting for players to take their seats"));
      return;
    }
    // Redrawn only when what it shows changed, so a trade being composed is not wiped out.
    const key = JSON.stringify([state.seat, state.view.pending, state.actions, state.bid_range,
                                state.view.players, state.view.deeds.map((d) => d.owner)]);
    if (key === this.panelKey) return;
    this.panelKey = key;
    const open = Array.from(this.decision.querySelectorAll("details"))
      .map((d) => d.open);
    this.decision.replaceChildren(decisionPanel(state, this.currency, (t) => this.act(t)));
    this.decision.querySelectorAll("details").forEach((d, i) => { if (open[i]) d.open = true; });
  }

  private renderPlayers(): void {
    const state = this.state;
    const view = state?.view;
    this.players.replaceChildren(h("h2", {}, "Players"), ...this.seats.map((seat) => {
      const p = view?.players[seat.seat];
      const deeds = view?.deeds.filter((d) => d.owner === seat.seat) ?? [];
      const marks = [seat.kind === "bot" ? `bot (${seat.bot})` : null,
                     seat.standin ? "a bot stands in" : null,
                     seat.kind === "person" && !seat.open && !seat.online ? "away" : null,
                     seat.open ? "open seat" : null,
                     p?.in_jail ? "in jail" : null, p?.bankrupt ? "bankrupt" : null]
        .filter(Boolean).join(", ");
      const mine = state?.seat === seat.seat;
      return h("article", { class: `player${view?.turn.player === seat.seat ? " turn" : ""}`,
                            "data-seat": seat.seat },
        h("h3", {}, h("span", { class: "dot", style: `background:${PLAYER_COLOURS[seat.seat % 8]}` }),
          ` ${seat.name ?? "(open)"}${mine ? " (you)" : ""}`),
        p ? h("p", { class: "cash" }, `${this.currency}${p.cash.toLocaleString()}`) : null,
        marks ? h("p", { class: "marks" }, marks) : null,
        deeds.length ? h("p", { class: "deeds" }, deeds.map((d) => d.name +
          (d.hotels ? " (hotel)" : d.houses ? ` (${d.houses}h)` : "") +
          (d.mortgaged ? " (m)" : "")).join(", ")) : null,
        p?.jail_cards.length ? h("p", {}, `Get Out of Jail Free × ${p.jail_cards.length}`) : null,
        mine && seat.standin ? h("button", { type: "button", onclick: () =>
          this.ws?.send(JSON.stringify({ type: "take_back" })) }, "Take my seat back") : null);
    }));
  }

  private showSquare(index: number): void {
    const square = this.squares[index];
    const deed = this.state?.view?.deeds.find((d) => d.square === index);
    const owner = deed?.owner === null || deed?.owner === undefined ? "the Bank"
      : this.state!.view!.players[deed.owner].name;
    this.notice.textContent = square.price
      ? `${square.name}: price ${this.currency}${square.price}, owner ${owner}` +
        (square.rents.length ? `, rents ${square.rents.join("/")}` : "") +
        (square.house_cost ? `, houses ${this.currency}${square.house_cost}` : "")
      : square.name;
  }

  /** Keys 1-9 press the decision's buttons, in order. */
  private key(e: KeyboardEvent): void {
    const target = e.target as HTMLElement;
    if (target.tagName === "INPUT" || target.tagName === "SELECT") return;
    const n = Number(e.key);
    if (n >= 1 && n <= 9) {
      const button = this.decision.querySelectorAll<HTMLButtonElement>(".answers > button")[n - 1];
      button?.click();
    }
  }
}
