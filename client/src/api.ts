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

export type Square = {
  index: number;
  name: string;
  kind: string;
  group: string | null;
  price: number;
  rents: number[];
  house_cost: number;
  mortgage: number;
};

export type BoardMessage = { type: "board"; currency: string; jail: number; squares: Square[] };

export type StateMessage = {
  type: "state";
  game: string;
  status: "waiting" | "playing" | "over";
  version: number;
  seat: number | null;
  seats: Seat[];
  said: string[];
  view?: View;
  question?: string;
  explain?: string;
  offer?: string; // the offer to answer, in words (a trade_reply)
  time_left?: number | null; // a time-limit game: seconds until time is called
  actions?: LegalAction[];
  bid_range?: [number, number] | null;
};

// The messages besides the state, what a browser sends and the lobby's and host's requests are
// written from the server's classes (protocol-types.ts, by `make client`), never by hand.
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

export type RuleOption = {
  name: string;
  default: boolean | number | string;
  doc: string;
  type: "bool" | "int" | "str";
  choices: string[];
  min: number | null;
  max: number | null;
};

export type Options = {
  presets: { name: string; summary: string; changed: Record<string, unknown> }[];
  options: RuleOption[];
  bots: { name: string; doc: string }[];
  max_away_seconds: number;
  public_url: string | null;
  bot_time_limit: number;
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

/** A small DOM builder: tag, attributes (on* are listeners), children. */
export function h(tag: string, attrs: Record<string, unknown> = {},
                  ...children: (Node | string | null | undefined | false)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value as EventListener);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}
