// The game page: join a seat (or watch), then the board, the decision, the players, the log and
// the chat, kept up to date over the game's WebSocket. Each update's typed events drive the
// dice and the tokens, square by square, before the page shows the new state (at the speed
// chosen in the settings; several updates waiting are shown at once). The seat's token stays
// in this browser, so a reload or a dropped connection sits the player in their seat again.

import type { JSX } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { BoardMessage, ClientMessage, GameSummary, HostIn, LegalAction, Seat, ServerMessage,
         StateMessage, View, hostTokenFor, keepHostToken, keepToken, request,
         tokenFor } from "./api";
import type { ChatLine, Listing } from "./protocol-types";
import { Board, Dice, DrawnCard } from "./board/Board";
import { SquareList } from "./board/SquareList";
import { applyPatch } from "./patch";
import { stepBack, stepFrom } from "./board/geometry";
import { playerColour, playerLetters } from "./colours";
import { DeedCard } from "./DeedCard";
import { DecisionPanel, orderedAnswers, warningFor, yourTurn } from "./Decision";
import { Line, Log } from "./Log";
import { Players } from "./Players";
import { Results } from "./Results";
import { SPEEDS, Settings, chime, loadSettings, saveSettings } from "./settings";
import { Confirm, Question } from "./Confirm";

const RECONNECT_MS = 1000;
// A decision that arrives within RECENT_MS of this page's last answer takes no press for a
// moment: a second click or key press was meant for the decision before it.
const RECENT_MS = 1500;
const GRACE_MS = 300;
const OFFER_GRACE_MS = 1200;
const STEP_MS = 160; // one square, at normal speed
const ROLL_MS = 500;
const MAX_BEHIND = 2; // updates waiting beyond this are shown without animation

/** "1:29:05 left", "4:10 left". */
function timeLeft(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return `${hours ? `${hours}:${two(minutes)}` : minutes}:${two(secs)} left`;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function GameRoute({ id }: { id: string }): JSX.Element {
  const [info, setInfo] = useState<GameSummary | null>(null);
  const [error, setError] = useState("");
  const [joined, setJoined] = useState(false);
  useEffect(() => {
    request<GameSummary>(`/api/games/${id}`).then(setInfo, (e: Error) => setError(e.message));
  }, [id]);
  if (error) return <main><p class="error">{error}</p><a href="/">Lobby</a></main>;
  if (!info) return <main><p>Loading the game…</p></main>;
  if (!joined && !tokenFor(id) && info.seats.some((s) => s.open)) {
    return <JoinForm id={id} info={info} joined={() => setJoined(true)} />;
  }
  return <GamePage id={id} info={info} />;
}

function JoinForm({ id, info, joined }: { id: string; info: GameSummary; joined: () => void }):
    JSX.Element {
  const [error, setError] = useState("");
  const open = info.seats.filter((s) => s.open);
  const taken = info.seats.filter((s) => !s.open);
  return <main class="join-page">
    <form class="join card" onSubmit={async (e) => {
      e.preventDefault();
      const data = new FormData(e.target as HTMLFormElement);
      try {
        const reply = await request<{ token: string }>(`/api/games/${id}/join`, {
          seat: Number(data.get("seat")), name: String(data.get("name") ?? "") });
        keepToken(id, reply.token);
        joined();
      } catch (err) {
        setError((err as Error).message);
      }
    }}>
      <h1>{info.name || "Join the game"}</h1>
      {taken.length > 0 && <p>At the table: {taken.map((s) => s.name ?? `Seat ${s.seat + 1}`).join(", ")}</p>}
      <label>Your name <input name="name" required maxLength={24} autoComplete="nickname" /></label>
      <label>Seat <select name="seat">
        {open.map((s) => <option value={String(s.seat)}>Seat {s.seat + 1}</option>)}
      </select></label>
      <p class="error" role="alert">{error}</p>
      <div class="row">
        <button type="submit" class="primary">Take the seat</button>
        <button type="button" onClick={joined}>Just watch</button>
      </div>
    </form>
  </main>;
}

function Chat({ lines, send }: { lines: ChatLine[]; send: (text: string) => void }): JSX.Element {
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines.length]);
  return <section class="chat-box" aria-labelledby="chat-title">
    <h2 id="chat-title">Chat</h2>
    {/* Text nodes only: a line of chat is never read as markup. */}
    <ol class="chat" ref={box} aria-live="polite" tabindex={0} aria-label="Chat messages">
      {lines.map((c) => <li><b>{c.name}</b>: {c.text}</li>)}
    </ol>
    <form class="chat-form" onSubmit={(e) => {
      e.preventDefault();
      const input = (e.target as HTMLFormElement).querySelector("input")!;
      if (input.value.trim()) send(input.value);
      input.value = "";
    }}>
      <input name="chat" maxLength={300} aria-label="Chat message" autoComplete="off"
             placeholder="Say something" />
      <button type="submit">Send</button>
    </form>
  </section>;
}

type Tab = "board" | "players" | "log" | "chat";

function GamePage({ id, info }: { id: string; info: GameSummary }): JSX.Element {
  const [board, setBoard] = useState<BoardMessage | null>(null);
  const [shown, setShown] = useState<StateMessage | null>(null); // the state drawn now
  const [seats, setSeats] = useState<Seat[]>(info.seats);
  const [listing, setListing] = useState<Listing>({ name: info.name, public: info.public ?? true,
                                                    rematch: null, watchers: 0, hints: false });
  const [hint, setHint] = useState<{ version: number; text: string } | null>(null);
  const [log, setLog] = useState<Line[]>([]);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [notice, setNotice] = useState("");
  const [said, setSaid] = useState("");
  const [positions, setPositions] = useState<number[]>([]);
  const [dice, setDice] = useState<Dice>(null);
  const [card, setCard] = useState<DrawnCard>(null);
  const [animating, setAnimating] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [settings, setSettings] = useState<Settings>(loadSettings);
  const [tab, setTab] = useState<Tab>("board");
  const [zoom, setZoom] = useState(1);
  const [listed, setListed] = useState(false); // the phone's square list instead of the board
  const [question, setQuestion] = useState<Question | null>(null);
  const [sent, setSent] = useState(-1); // the version this page acted on, until it moves on
  const [clock, setClock] = useState("");
  const [deleted, setDeleted] = useState(false);
  const [trades, setTrades] = useState(0); // trades of this seat answered (see DecisionPanel)
  const [reviewed, setReviewed] = useState<View | null>(null); // the review's step, on the board
  const ws = useRef<WebSocket | null>(null);
  const queue = useRef<StateMessage[]>([]);
  const running = useRef(false);
  const current = useRef<StateMessage | null>(null);
  const deadline = useRef<number | null>(null);
  const lastAct = useRef(0);
  const speed = useRef(settings.speed);
  const wasMine = useRef(false);
  speed.current = settings.speed;

  const send = (message: ClientMessage) => ws.current?.send(JSON.stringify(message));

  /** Show one update: the state, its sentences in the log and the live region. */
  const apply = (message: StateMessage) => {
    const first = current.current === null;
    const kinds = message.said_kinds ?? [];
    const lines = message.said.map((text, k) => ({ text, kind: kinds[k] ?? "" }));
    if (first || (message.said.length && message.version !== current.current?.version)) {
      setLog((old) => first ? lines : [...old, ...lines].slice(-400));
      if (!first) setSaid(message.said.slice(-4).join(". "));
    }
    if (message.events.some((e) => (e.kind === "trade_accept" || e.kind === "trade_reject") &&
                                   [e.offer.proposer, e.offer.responder].includes(message.seat ?? -1))) {
      setTrades((n) => n + 1);
    }
    current.current = message;
    setShown(message);
    setPositions([]);
    deadline.current = message.time_left === undefined || message.time_left === null ? null
      : Date.now() + message.time_left * 1000;
  };

  /** The dice rolling and the tokens stepping, from an update's events, on `from`'s board. */
  const animate = async (message: StateMessage, from: View, b: BoardMessage) => {
    const at = from.players.map((p) => p.square);
    const wait = (ms: number) => sleep(ms / Math.max(speed.current, 0.1));
    for (const e of message.events) {
      if (speed.current === 0) return;
      switch (e.kind) {
        case "turn":
          setCard(null);
          break;
        case "dice": {
          if (e.purpose !== "turn") break;
          const end = Date.now() + ROLL_MS / speed.current;
          while (Date.now() < end) {
            setDice({ faces: e.dice.map(() => 1 + Math.floor(Math.random() * 6)), rolling: true,
                      doubles: false });
            await wait(70);
          }
          setDice({ faces: e.dice, rolling: false, doubles: e.doubles });
          await wait(150);
          break;
        }
        case "move": {
          const steps = e.how === "doubled_up" ? 0 : Math.abs(e.steps);
          let sq = e.start;
          for (let k = 0; k < steps && steps <= b.squares.length; k++) {
            sq = e.steps < 0 ? stepBack(sq, b.ring)
              : stepFrom(sq, b.ring, b.overlap, b.squares.length);
            at[e.player] = sq;
            setPositions([...at]);
            await wait(STEP_MS);
          }
          at[e.player] = e.end;
          setPositions([...at]);
          await wait(STEP_MS);
          break;
        }
        case "jail":
          at[e.player] = e.square;
          setPositions([...at]);
          await wait(300);
          break;
        case "card":
          setCard({ deck: e.deck, text: e.text });
          await wait(600);
          break;
        default:
          break;
      }
    }
  };

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (queue.current.length) {
        const message = queue.current.shift()!;
        const before = current.current;
        const moves = message.events.some((e) => e.kind === "dice" || e.kind === "move");
        if (before?.view && board_.current && speed.current > 0 && moves &&
            queue.current.length < MAX_BEHIND) {
          setAnimating(true);
          await animate(message, before.view, board_.current);
        } else {
          // The card drawn stays in the board's middle until the next turn begins.
          const last = [...message.events].reverse().find((e) => e.kind === "card" ||
                                                              e.kind === "turn");
          if (last?.kind === "card") setCard({ deck: last.deck, text: last.text });
          if (last?.kind === "turn") setCard(null);
        }
        if (message.events.some((e) => e.kind === "dice")) setDice(null);
        apply(message);
      }
    } finally {
      setAnimating(false);
      running.current = false;
    }
  };
  const board_ = useRef<BoardMessage | null>(null);
  const latest = useRef<StateMessage & Listing | null>(null); // the last state, patched

  const follow = (game: string) => {
    const token = tokenFor(id);
    const host = hostTokenFor(id);
    if (token) keepToken(game, token);
    if (host) keepHostToken(game, host);
    location.assign(`/game/${game}`);
  };

  const receive = (message: ServerMessage) => {
    switch (message.type) {
      case "board":
        board_.current = message;
        setBoard(message);
        break;
      case "state": {
        let state = message;
        if (message.patch) {
          // A patch of the state this page holds; on a gap (or a patch that does not fit)
          // the whole state is asked for again, and this update waits for it.
          const { patch, base, ...rest } = message;
          const last = latest.current;
          try {
            if (!last || last.rev !== base) throw new Error("patch: a gap in the updates");
            state = { ...applyPatch(last, patch), ...rest };
          } catch {
            send({ type: "sync" });
            break;
          }
        }
        latest.current = state;
        setSeats(state.seats);
        setListing({ name: state.name, public: state.public, rematch: state.rematch,
                     watchers: state.watchers, hints: state.hints });
        setNotice("");
        queue.current.push(state);
        void drain();
        break;
      }
      case "seats":
        setSeats(message.seats);
        setListing({ name: message.name, public: message.public, rematch: message.rematch,
                     watchers: message.watchers, hints: message.hints });
        break;
      case "chat":
        setChat((old) => [...old.filter((c) => !message.messages.some((m) => m.n === c.n)),
                          ...message.messages].slice(-100));
        break;
      case "rematch":
        follow(message.game);
        break;
      case "hint":
        setHint({ version: message.version, text: message.text });
        break;
      case "deleted":
        setDeleted(true);
        setNotice("The host deleted this game.");
        break;
      case "refused":
        // A press on a state that has moved on (a second click, a key held down) changes
        // nothing and needs no word: the new state is on its way.
        if (/^stale/.test(message.reason)) break;
        setSent(-1);
        setNotice(message.reason);
        break;
      case "error":
        setNotice(message.reason);
        break;
      default: {
        const unknown: never = message;
        return unknown;
      }
    }
  };

  useEffect(() => {
    let closed = false;
    const connect = () => {
      if (closed) return;
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws`);
      ws.current = socket;
      socket.onopen = () => send({ type: "hello", token: tokenFor(id), name: null,
                                   patches: true });
      socket.onmessage = (e) => receive(JSON.parse(e.data) as ServerMessage);
      socket.onclose = () => {
        if (closed) return;
        setNotice("Connection lost: reconnecting…");
        setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    const timer = setInterval(() => setClock(deadline.current === null ? ""
      : `Time limit: ${timeLeft((deadline.current - Date.now()) / 1000)}`), 1000);
    return () => {
      closed = true;
      clearInterval(timer);
      ws.current?.close();
    };
  }, [id]);
  useEffect(() => {
    if (deleted) ws.current?.close();
  }, [deleted]);

  const view = shown?.view;
  const me = shown?.seat ?? null;
  const letters = useMemo(() => playerLetters(seats), [seats]);
  const answers = shown ? orderedAnswers(shown) : [];
  const mine = !!shown && yourTurn(shown);
  // A decision that arrives right after this page answered one holds its buttons back a
  // moment, so a double click or a key pressed twice never answers it; an offer longer. The
  // hold is worked out as the decision is first drawn, so its buttons never show enabled
  // (and take the focus) for a moment before it starts; a decision replaced before its moment
  // is up never leaves the next one held.
  const decisionKey = view ? JSON.stringify([view.pending.kind, view.pending.player, shown?.version]) : "";
  const holdUntil = useMemo(() => !mine || Date.now() - lastAct.current > RECENT_MS ? 0
    : Date.now() + (view?.pending.kind === "trade_reply" ? OFFER_GRACE_MS : GRACE_MS),
  [decisionKey]);
  const [, redraw] = useState(0);
  useEffect(() => {
    const left = holdUntil - Date.now();
    if (left <= 0) return undefined;
    const t = setTimeout(() => redraw((n) => n + 1), left + 1);
    return () => clearTimeout(t);
  }, [holdUntil]);
  const held = Date.now() < holdUntil;
  const busy = animating || held || (shown !== null && sent >= shown.version);
  // Keyboard play: a new decision of this seat takes the focus, unless the player is busy
  // elsewhere (typing a chat line, composing a trade, reading a deed). The page stays where
  // the player scrolled it: a focus that scrolls its button into view would cut off the
  // header and the question above it.
  useEffect(() => {
    const active = document.activeElement;
    const slot = document.querySelector(".decision-slot");
    if (!mine || busy || !slot) return;
    if (active === document.body || active === null || slot.contains(active) &&
        active.tagName === "BUTTON") {
      slot.querySelector<HTMLButtonElement>(".answers > button:not(:disabled)")
        ?.focus({ preventScroll: true });
    }
  }, [decisionKey, busy]);

  // The tab's title and the optional sound say that it is your turn.
  useEffect(() => {
    const name = listing.name || "passgo";
    document.title = mine ? `● Your turn: ${name}` : listing.name ? `${name} · passgo` : "passgo";
    if (mine && !wasMine.current && settings.sound) chime();
    wasMine.current = mine;
  }, [mine, listing.name, settings.sound]);

  const act = async (action: LegalAction) => {
    const state = current.current;
    if (!state || busy || !board) return; // a repeated press: nothing to say
    lastAct.current = Date.now();
    const warning = warningFor(action, state, board);
    if (warning) {
      const yes = await new Promise<boolean>((resolve) =>
        setQuestion({ text: warning[0], yes: warning[1], resolve }));
      setQuestion(null);
      if (!yes || current.current !== state) return;
    }
    setNotice("");
    setSent(state.version);
    send({ type: "action", version: state.version, action: action.text });
  };

  // Keys 1-9 press the decision's answers, in the order shown; h asks for a hint where the
  // host allows them.
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) || question) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const mine = shown?.seat === view?.pending.player;
      if (e.key === "h" && mine && listing.hints && !over) {
        e.preventDefault();
        send({ type: "hint" });
        return;
      }
      const n = Number(e.key);
      if (n >= 1 && n <= 9 && answers[n - 1] && mine) {
        e.preventDefault();
        void act(answers[n - 1]);
      }
    };
    document.addEventListener("keydown", key);
    return () => document.removeEventListener("keydown", key);
  });

  const host = async (command: HostIn["do"], seat: number | null = null) => {
    const token = hostTokenFor(id);
    if (!token) return;
    if (command === "delete") {
      const yes = await new Promise<boolean>((resolve) =>
        setQuestion({ text: "Delete this game for everyone?", yes: "Delete the game", resolve }));
      setQuestion(null);
      if (!yes) return;
    }
    try {
      await request(`/api/games/${id}/host`, { host_token: token, do: command, seat });
    } catch (err) {
      setNotice((err as Error).message);
    }
  };

  const seatControls = (seat: Seat): JSX.Element[] => {
    const out: JSX.Element[] = [];
    if (me === seat.seat && seat.standin) {
      out.push(<button type="button" onClick={() => send({ type: "take_back" })}>
        Take my seat back</button>);
    }
    // The host's controls of another person's seat, while they change something: the host
    // does not remove themself (Delete the game ends it), and a game over has no seats to
    // give away.
    if (!hostTokenFor(id) || seat.kind !== "person" || seat.open || me === seat.seat ||
        shown?.status === "over") return out;
    if (shown?.status === "playing" && !seat.online && !seat.standin) {
      out.push(<button type="button" data-host="standin" onClick={() => host("standin", seat.seat)}>
        Hand to a bot</button>);
    }
    out.push(<button type="button" data-host="remove" onClick={() => host("remove", seat.seat)}>
      Remove</button>);
    return out;
  };

  const over = shown?.status === "over";
  const rematch = over && me !== null
    ? <button type="button" class="rematch primary" onClick={() =>
        listing.rematch ? follow(listing.rematch) : send({ type: "rematch" })}>
        Rematch: same seats and rules</button> : null;
  const isHost = !!hostTokenFor(id);
  const link = info.url || `${location.origin}/game/${id}`;
  const update = (s: Settings) => {
    saveSettings(s);
    setSettings(s);
  };
  const drawnDice: Dice = dice ?? (view && view.turn.last_dice.some((d) => d > 0)
    ? { faces: view.turn.last_dice.filter((d) => d > 0), rolling: false, doubles: false } : null);

  return <div class={`game tab-${tab}`}>
    <header class="top">
      <a href="/" class="brand">passgo</a>
      <h1 class="title">{listing.name || "A game of passgo"}</h1>
      <span class="invite"><label>Invite <input value={link} readOnly
        onFocus={(e) => (e.target as HTMLInputElement).select()} /></label>
        <button type="button" aria-label="Copy the invitation link"
                onClick={() => navigator.clipboard?.writeText(link)}>Copy</button>
      </span>
      {listing.watchers > 0 && <span class="watching">{listing.watchers} watching</span>}
      <details class="settings"><summary>Settings</summary>
        <fieldset><legend>Animation</legend>
          {SPEEDS.map(([value, label]) => <label class="check">
            <input type="radio" name="speed" value={String(value)} checked={settings.speed === value}
                   onChange={() => update({ ...settings, speed: value })} /> {label}</label>)}
        </fieldset>
        <label class="check"><input type="checkbox" name="sound" checked={settings.sound}
          onChange={() => update({ ...settings, sound: !settings.sound })} /> A sound when it is
          your turn</label>
      </details>
    </header>
    <main class="table">
      <div class="visually-hidden" role="status" aria-live="polite">{said}</div>
      {me !== null && view && <span class="visually-hidden">You play the
        {" "}<span style={{ color: playerColour(me) }}>{letters[me]}</span> token.</span>}
      <div class="board-box" data-tab="board">
        {board && <div class="zoom" role="group" aria-label="The board's view">
          <button type="button" class="list-mode" aria-pressed={listed ? "true" : "false"}
                  onClick={() => setListed(!listed)}>Square list</button>
          {!listed && <>
            <button type="button" aria-label="Zoom out" disabled={zoom <= 1}
                    onClick={() => setZoom(Math.max(1, zoom - 0.6))}>−</button>
            <button type="button" aria-label="Zoom in" disabled={zoom >= 2.8}
                    onClick={() => setZoom(Math.min(2.8, zoom + 0.6))}>+</button></>}
        </div>}
        {!board ? <p>{shown?.status === "waiting"
            ? "The board is laid out when the game starts: as soon as every seat is taken, " +
              "or when the host starts it with bots in the open seats."
            : "Loading the board…"}</p>
          : listed ? <SquareList board={board} view={reviewed ?? view} positions={positions}
                                 letters={letters} onSelect={setSelected} />
          : <div class="board-scroll">
          <Board board={board} view={reviewed ?? view} positions={positions} letters={letters}
                 dice={drawnDice} card={card} selected={selected} onSelect={setSelected}
                 zoom={zoom} />
        </div>}
        {board && selected !== null && <DeedCard square={selected} board={board} view={view}
                                                 onClose={() => setSelected(null)} />}
      </div>
      <div class="side">
        {clock && <p class="clock" aria-label="Time limit">{clock}</p>}
        {notice && <p class="notice" role="alert">{notice}</p>}
        <div class="decision-slot">
          {!view ? <section class="decision"><h2>Waiting for players to take their seats</h2>
              <p>Send the invitation link to your friends{isHost ? ", or start with bots in the open seats" : ""}.</p></section>
            : over && board ? <Results game={id} board={board} letters={letters}
                                       question={shown?.question ?? ""} rematch={rematch}
                                       show={setReviewed} />
            : board && shown ? <DecisionPanel state={shown} board={board} busy={busy}
                                              trades={trades}
                                              act={(a) => void act(a)}
                                              hint={listing.hints ? {
                                                text: hint?.version === shown.version
                                                  ? hint.text : null,
                                                ask: () => send({ type: "hint" }),
                                              } : null} /> : null}
        </div>
        {isHost && <details class="host"><summary>Host</summary>
          {shown?.status === "waiting" && <button type="button" data-host="start"
            onClick={() => host("start")}>Start with bots in the open seats</button>}
          <button type="button" data-host={listing.public ? "private" : "public"}
                  onClick={() => host(listing.public ? "private" : "public")}>
            {listing.public ? "Make private (link only)" : "List in the lobby"}</button>
          <button type="button" data-host="delete" onClick={() => host("delete")}>
            Delete the game</button>
        </details>}
        <div data-tab="players"><Players seats={seats} view={view} board={board} me={me}
                                         letters={letters} controls={seatControls} /></div>
        <div data-tab="log"><Log lines={log} /></div>
        <div data-tab="chat"><Chat lines={chat} send={(text) => send({ type: "chat", text })} /></div>
      </div>
    </main>
    <nav class="tabs" aria-label="Parts of the table">
      {(["board", "players", "log", "chat"] as Tab[]).map((t) =>
        <button type="button" aria-pressed={tab === t ? "true" : "false"} onClick={() => setTab(t)}>
          {t === "board" ? "Board" : t === "players" ? "Players" : t === "log" ? "Log" : "Chat"}
        </button>)}
    </nav>

    {question && <Confirm question={question} />}
  </div>;
}
