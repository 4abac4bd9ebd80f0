// The game page: join a seat (or watch), then the board, the decision, the players and the
// log, kept up to date over the game's WebSocket. The seat's token stays in this browser, so
// a reload or a dropped connection sits the player in their seat again.

import { ClientMessage, GameSummary, HostIn, Seat, ServerMessage, Square, StateMessage, h,
         hostTokenFor, keepHostToken, keepToken, request, tokenFor } from "./api";
import type { ChatLine } from "./protocol-types";
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
    root.replaceChildren(joinForm(id, info.seats, () => new GamePage(root, id, info).connect()));
    return;
  }
  new GamePage(root, id, info).connect();
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
  private readonly chatBox = h("ol", { class: "chat", "aria-label": "Chat", "aria-live": "polite" });
  private readonly hostBox = h("div", { class: "host-slot" });
  private readonly title = h("span", { class: "title" });
  private readonly watching = h("span", { class: "watching" });
  private chat: ChatLine[] = [];
  private listing = { name: "", public: true, rematch: null as string | null, watchers: 0 };
  private deleted = false;

  constructor(root: HTMLElement, private readonly id: string, info: GameSummary) {
    const link = info.url || `${location.origin}/game/${id}`;
    const chatInput = h("input", { name: "chat", maxlength: "300", "aria-label": "Chat message",
                                   autocomplete: "off" }) as HTMLInputElement;
    const chatForm = h("form", { class: "chat-form" }, chatInput,
                       h("button", { type: "submit" }, "Send"));
    chatForm.addEventListener("submit", (e) => {
      e.preventDefault();
      if (chatInput.value.trim()) this.send({ type: "chat", text: chatInput.value });
      chatInput.value = "";
    });
    root.replaceChildren(
      h("header", {}, h("a", { href: "/" }, "passgo"), " ", this.title, " ",
        h("span", { class: "invite" }, "Invite: ", h("input", { value: link, readonly: true,
                                                              "aria-label": "Invitation link" })),
        " ", this.watching),
      h("div", { class: "table" },
        h("div", { class: "board-box" }, this.board),
        h("div", { class: "side" }, this.clock, this.notice, this.decision, this.hostBox,
          this.players,
          h("section", {}, h("h2", {}, "Game log"), this.logBox),
          h("section", { class: "chat-box" }, h("h2", {}, "Chat"), this.chatBox, chatForm))));
    document.addEventListener("keydown", (e) => this.key(e));
    setInterval(() => this.tick(), 1000);
  }

  /** The time left of a time-limit game, counted down between the server's updates. */
  private tick(): void {
    this.clock.textContent = this.deadline === null ? ""
      : `Time limit: ${timeLeft((this.deadline - Date.now()) / 1000)}`;
  }

  private send(message: ClientMessage): void {
    this.ws?.send(JSON.stringify(message));
  }

  /** One of the host's controls (this browser created the game). */
  private async host(command: HostIn["do"], seat: number | null = null): Promise<void> {
    const token = hostTokenFor(this.id);
    if (!token) return;
    if (command === "delete" && !confirm("Delete this game for everyone?")) return;
    try {
      await request(`/api/games/${this.id}/host`, { host_token: token, do: command, seat });
    } catch (err) {
      this.notice.textContent = (err as Error).message;
    }
  }

  connect(): void {
    if (this.deleted) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/games/${this.id}/ws`);
    this.ws = ws;
    ws.onopen = () => this.send({ type: "hello", token: tokenFor(this.id), name: null });
    ws.onmessage = (e) => this.receive(JSON.parse(e.data) as ServerMessage);
    ws.onclose = () => {
      if (this.deleted) return;
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
        this.listed(message);
        this.deadline = message.time_left === undefined || message.time_left === null ? null
          : Date.now() + message.time_left * 1000;
        this.tick();
        this.notice.textContent = "";
        this.render();
        break;
      case "seats":
        this.seats = message.seats;
        this.listed(message);
        this.renderPlayers();
        break;
      case "chat":
        this.chat = [...this.chat.filter((c) => !message.messages.some((m) => m.n === c.n)),
                     ...message.messages].slice(-100);
        // Text nodes only: a line of chat is never read as markup.
        this.chatBox.replaceChildren(...this.chat.map((c) =>
          h("li", {}, h("b", {}, c.name), ": ", c.text)));
        this.chatBox.scrollTop = this.chatBox.scrollHeight;
        break;
      case "rematch":
        this.follow(message.game);
        break;
      case "deleted":
        this.deleted = true;
        this.notice.textContent = "The host deleted this game.";
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

  /** The rematch: the same seats, held by the same tokens, and the same host. */
  private follow(game: string): void {
    const token = tokenFor(this.id);
    const host = hostTokenFor(this.id);
    if (token) keepToken(game, token);
    if (host) keepHostToken(game, host);
    location.assign(`/game/${game}`);
  }

  private listed(listing: { name: string; public: boolean; rematch: string | null;
                            watchers: number }): void {
    this.listing = listing;
    this.title.textContent = listing.name;
    this.watching.textContent = listing.watchers ? `${listing.watchers} watching` : "";
    this.renderHost();
  }

  private renderHost(): void {
    const state = this.state;
    const rematch = state?.status === "over" && state.seat !== null
      ? h("button", { type: "button", class: "rematch", onclick: () =>
          this.listing.rematch ? this.follow(this.listing.rematch)
            : this.send({ type: "rematch" }) }, "Rematch: same seats and rules")
      : null;
    if (!hostTokenFor(this.id)) {
      this.hostBox.replaceChildren(...(rematch ? [rematch] : []));
      return;
    }
    this.hostBox.replaceChildren(h("details", { class: "host" },
      h("summary", {}, "Host"),
      state?.status === "waiting" ? h("button", { type: "button", "data-host": "start",
        onclick: () => this.host("start") }, "Start with bots in the open seats") : null,
      h("button", { type: "button", "data-host": this.listing.public ? "private" : "public",
        onclick: () => this.host(this.listing.public ? "private" : "public") },
        this.listing.public ? "Make private (link only)" : "List in the lobby"),
      h("button", { type: "button", "data-host": "delete", onclick: () => this.host("delete") },
        "Delete the game")), ...(rematch ? [rematch] : []));
  }

  private act(text: string): void {
    if (!this.state || !this.ws) return;
    this.notice.textContent = "";
    this.send({ type: "action", version: this.state.version, action: text });
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
          this.send({ type: "take_back" }) }, "Take my seat back") : null,
        ...this.seatControls(seat));
    }));
  }

  /** The host's controls of a person's seat: hand it to a bot while they are away, or
   *  remove them. */
  private seatControls(seat: Seat): HTMLElement[] {
    if (!hostTokenFor(this.id) || seat.kind !== "person" || seat.open) return [];
    const out: HTMLElement[] = [];
    if (this.state?.status === "playing" && !seat.online && !seat.standin) {
      out.push(h("button", { type: "button", "data-host": "standin",
        onclick: () => this.host("standin", seat.seat) }, "Hand to a bot"));
    }
    out.push(h("button", { type: "button", "data-host": "remove",
      onclick: () => this.host("remove", seat.seat) }, "Remove"));
    return out;
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
