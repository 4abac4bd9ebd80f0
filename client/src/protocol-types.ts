// Written by `python -m passgo.web.protocol_types` (run by `make client`) from the server's
// classes (passgo.web.messages, passgo.web.protocol, the request models of passgo.web.app):
// do not edit. docs/web.md says what each message means.


export type ChatLine = { n: number; seat: number | null; name: string; text: string; at: number };

export type Listing = { name: string; public: boolean; rematch: string | null; watchers: number; hints: boolean };

export type Created = { id: string; host_token: string; url: string };

export type SeatIn = { kind: "person" | "bot"; bot?: string | null };

export type CreateIn = { name?: string; public?: boolean; preset?: string; options?: Record<string, boolean | number | string>; starting_cash?: number | null; seats: SeatIn[]; away_seconds?: number; away_bot?: string; hints?: boolean };

export type JoinIn = { seat: number; name: string };

export type HostIn = { host_token: string; do: "start" | "standin" | "remove" | "public" | "private" | "delete"; seat?: number | null; bot?: string };

export type ClientMessage =
  | { token: string | null; name: string | null; patches: boolean; type: "hello" }
  | { version: number; action: string; type: "action" }
  | { type: "take_back" }
  | { text: string; type: "chat" }
  | { type: "rematch" }
  | { type: "sync" }
  | { type: "hint" };

export type ServerNotice =
  | { messages: ChatLine[]; type: "chat" }
  | { game: string; type: "deleted" }
  | { game: string; type: "rematch" }
  | { version: number; text: string; type: "hint" };
