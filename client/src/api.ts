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

// One member per decision kind of passgo.core.decisions; `Decision` is their union, so the
// switch in decisions.ts is checked by tsc to handle every kind.
type D<K extends string, F = object> = { kind: K; player: number } & F;
export type Decision =
  | D<"roll", { doubles: number }>
  | D<"jail", { turn: number; fine: number; may_pay_fine: boolean }>
  | D<"end_turn">
  | D<"buy", { square: number; price: number }>
  | D<"bid", { item: string; square: number; high: number; high_bidder: number | null;
               min_bid: number; max_bid: number }>
  | D<"sealed_bid", { item: string; square: number; min_bid: number; max_bid: number }>
  | D<"tax", { flat: number; percent: number }>
  | D<"fine_or_chance", { fine: number }>
  | D<"raise_funds", { amount: number; creditor: number | null; cash: number;
                       may_declare_bankruptcy: boolean }>
  | D<"trade_reply", { offer: Offer; problem: string | null }>
  | D<"mortgaged_deed", { square: number; lift_cost: number; interest: number }>
  | D<"build_demand", { item: string; available: number }>
  | D<"place_building", { item: string; squares: number[] }>
  | D<"travel", { square: number; destinations: number[] }>
  | D<"allow_travel", { square: number; lander: number; rent: number }>
  | D<"ask_rent", { square: number; lander: number; rent: number; switched: boolean }>
  | D<"choose_rent", { square: number; owner: number; asked: number; switches: number[] }>
  | D<"draw_card", { deck: string }>
  | D<"lawyer", { fee: number }>
  | D<"jail_exit", { fine: number }>
  | D<"foreclosure_owner", { square: number; lander: number; lift_cost: number }>
  | D<"foreclosure_buy", { square: number; owner: number; cost: number }>
  | D<"auction_option", { square: number; lander: number; price: number }>
  | D<"game_over", { winner: number | null; reason: string }>;

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

export type ServerMessage =
  | BoardMessage
  | StateMessage
  | { type: "seats"; seats: Seat[] }
  | { type: "refused"; reason: string; version: number }
  | { type: "error"; reason: string };

export type RuleOption = {
  name: string;
  default: boolean | number | string;
  doc: string;
  type: "bool" | "int" | "str";
  choices: string[];
};

export type Options = {
  presets: { name: string; summary: string; changed: Record<string, unknown> }[];
  options: RuleOption[];
  bots: { name: string; doc: string }[];
  max_away_seconds: number;
};

export type GameSummary = { id: string; status: string; seats: Seat[] };

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
