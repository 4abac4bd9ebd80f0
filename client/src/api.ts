// The server's messages and JSON, typed: what passgo/web/app.py and room.py send, and the
// engine's view (docs/api.md, "The view as JSON").

export type Seat = {
  seat: number;
  kind: "person" | "bot";
  bot: string | null;
  name: string | null;
  open: boolean;
  standin: boolean;
  online?: boolean;
};

export type PlayerView = {
  seat: number;
  name: string;
  cash: number;
  square: number;
  in_jail: boolean;
  jail_turns: number;
  jail_cards: string[];
  loans: number;
  bankrupt: boolean;
};

export type DeedView = {
  square: number;
  name: string;
  kind: "street" | "railroad" | "utility";
  group: string | null;
  price: number;
  owner: number | null;
  houses: number;
  hotels: number;
  mortgaged: boolean;
};

export type Term =
  | { kind: "immunity" | "share"; squares: number[]; percent: number; count: number;
      unit: "landings" | "turns" }
  | { kind: "loan"; amount: number; percent: number; due_round: number }
  | { kind: "partnership"; group: string };
export type Bundle = { properties: number[]; cash: number; cards: number[]; terms?: Term[] };
export type Offer = { proposer: number; responder: number; give: Bundle; get: Bundle };

// `Decision`, one member per decision kind of passgo.core.decisions, is written from the
// core's classes (decision-types.ts, by `make client`), never by hand.
import type { Decision } from "./decision-types";
export type { Decision };
import type { Event } from "./event-types";
export type { Event };

// The house rules that allow terms in a trade (the view's `rules` holds every option).
export type TermRules = { immunity: boolean; profit_sharing: boolean; player_loans: boolean;
                          partnerships: boolean };

export type View = {
  viewer: number;
  rules: TermRules & Record<string, unknown>;
  players: PlayerView[];
  deeds: DeedView[];
  bank: { houses: number; hotels: number; pot: number };
  turn: { player: number; number: number; round: number; last_dice: number[] };
  pending: Decision;
  over: boolean;
  winner: number | null;
};

export type LegalAction = { text: string; label: string; answer: boolean };

export type SquareKind = "go" | "street" | "railroad" | "utility" | "chance" | "community_chest"
  | "income_tax" | "luxury_tax" | "jail" | "free_parking" | "go_to_jail";

export type Square = {
  index: number;
  name: string;
  kind: SquareKind;
  group: string | null;
  price: number;
  rents: number[];
  house_cost: number;
  mortgage: number;
  lift: number; // the mortgage plus the interest: what lifting it costs
};

export type BoardMessage = {
  type: "board"; currency: string; jail: number; squares: Square[];
  ring: number; overlap: number; sides: string[]; // a double board: two rings sharing a square
  railroad_rents: number[]; utility_multipliers: number[];
};

export type StateMessage = {
  type: "state";
  game: string;
  status: "waiting" | "playing" | "over";
  version: number;
  seat: number | null;
  seats: Seat[];
  said: string[]; // what this update brings, told to this seat (you, or the others by name)
  said_kinds?: string[]; // the kind of the event each sentence tells (the log's icon)
  events: Event[]; // the same for everyone: the typed events of this update, to animate
  view?: View;
  question?: string; // to the seat that decides in the second person; to others who is waited for
  explain?: string | null; // what the decision means, for the seat that decides only
  debt?: string | null; // what this seat still owes while it raises funds
  offer?: string; // the offer to answer, in words (a trade_reply)
  time_left?: number | null; // a time-limit game: seconds until time is called
  actions?: LegalAction[];
  bid_range?: [number, number] | null;
  rev: number; // this update's number
  // A patch (to a browser that asked for them in its hello): the operations that turn the
  // state of update `base` into this one's; the fields above it does not carry (the view, the
  // question, the actions, ...) are the patched state's.
  base?: number;
  patch?: PatchOp[];
};

// The messages besides the state, what a browser sends and the lobby's and host's requests are
// written from the server's classes (protocol-types.ts, by `make client`), never by hand.
import type { PatchOp } from "./patch";
import type { ClientMessage, CreateIn, Created, HostIn, Listing,
              ServerNotice } from "./protocol-types";
export type { ClientMessage, CreateIn, Created, HostIn, Listing };

export type ServerMessage =
  | BoardMessage
  | (StateMessage & Listing)
  | ({ type: "seats"; seats: Seat[] } & Listing)
  | { type: "refused"; reason: string; version: number }
  | { type: "error"; reason: string }
  | ServerNotice;

export type Value = boolean | number | string;

export type RuleOption = {
  name: string;
  default: Value;
  doc: string;
  type: "bool" | "int" | "str";
  choices: string[];
  min: number | null;
  max: number | null;
  // From the rule catalogue: the name people know it by, its group, one line, the value that
  // plays it and the options it needs.
  title: string;
  category: string;
  origin: "rule book" | "house rule";
  meaning: string;
  on: Value;
  with: Record<string, Value>;
};

export type RuleSet = { name: string; meaning: string; preset: string;
                        options: Record<string, Value> };

export type Options = {
  presets: { name: string; summary: string; changed: Record<string, Value> }[];
  categories: { id: string; title: string }[];
  rule_sets: RuleSet[];
  options: RuleOption[];
  bots: { name: string; title: string; doc: string }[]; // each bot once, levels first
  max_away_seconds: number;
  public_url: string | null;
  bot_time_limit: number;
};

/** The result screen's figures (GET /api/games/{id}/summary). */
export type Summary = {
  names: string[]; rounds: number[]; worth: number[][]; rent_paid: number[];
  rent_received: number[]; groups: { group: string; owner: number; squares: number[] }[];
  standings: number[]; winner: number | null;
};

export type GameSummary = {
  id: string; status: string; seats: Seat[]; name: string; url: string;
  public?: boolean; rematch?: string | null; free?: number;
  rules?: string | Record<string, unknown>;
};

/** A JSON request; a refusal's one-line reason becomes the Error's message. */
export async function request<T>(path: string, body?: unknown): Promise<T> {
  const reply = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await reply.json();
  if (!reply.ok) throw new Error(data.error ?? `request failed (${reply.status})`);
  return data as T;
}

/** The games this browser created (it holds their host tokens), newest last. */
export function hostedGames(): string[] {
  const out: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? "";
    if (key.startsWith("passgo-host-")) out.push(key.slice("passgo-host-".length));
  }
  return out;
}

export function forgetGame(game: string): void {
  localStorage.removeItem(`passgo-host-${game}`);
  localStorage.removeItem(`passgo-token-${game}`);
}

/** The secret token of this browser's seat in a game (kept across reloads). */
export function tokenFor(game: string): string | null {
  return localStorage.getItem(`passgo-token-${game}`);
}

export function keepToken(game: string, token: string): void {
  localStorage.setItem(`passgo-token-${game}`, token);
}

/** The host's secret of a game this browser created (null: not the host here). */
export function hostTokenFor(game: string): string | null {
  return localStorage.getItem(`passgo-host-${game}`);
}

export function keepHostToken(game: string, token: string): void {
  localStorage.setItem(`passgo-host-${game}`, token);
}
