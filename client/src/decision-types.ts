// Written by `python -m passgo.web.client_types` (run by `make client`) from the classes
// of passgo.core.decisions: do not edit. One member per decision kind, with its JSON fields
// (`Decision.to_dict`); decisions.ts switches over them, checked by tsc to be exhaustive.

import type { Offer } from "./api";

export type Decision =
  | { player: number; doubles: number; kind: "roll" }
  | { player: number; turn: number; fine: number; may_pay_fine: boolean; cards: ("chance" | "community_chest")[]; kind: "jail" }
  | { player: number; kind: "end_turn" }
  | { player: number; square: number; price: number; kind: "buy" }
  | { player: number; item: "deed" | "house" | "hotel"; square: number; group: string | null; high: number; high_bidder: number | null; min_bid: number; max_bid: number; bidders: number[]; kind: "bid" }
  | { player: number; item: "deed" | "house" | "hotel" | "order"; square: number; group: string | null; min_bid: number; max_bid: number; asked: number[]; kind: "sealed_bid" }
  | { player: number; square: number; flat: number; percent: number; kind: "tax" }
  | { player: number; fine: number; kind: "fine_or_chance" }
  | { player: number; amount: number; creditor: number | null; reason: string; cash: number; may_declare_bankruptcy: boolean; then: number; kind: "raise_funds" }
  | { player: number; offer: Offer; problem: string | null; kind: "trade_reply" }
  | { player: number; square: number; lift_cost: number; interest: number; kind: "mortgaged_deed" }
  | { player: number; item: "house" | "hotel"; square: number; group: string; requester: number; available: number; min_wanted: number; max_wanted: number; kind: "build_demand" }
  | { player: number; item: "house" | "hotel"; price: number | null; squares: number[]; kind: "place_building" }
  | { player: number; square: number; destinations: number[]; kind: "travel" }
  | { player: number; square: number; lander: number; rent: number; kind: "allow_travel" }
  | { player: number; square: number; lander: number; rent: number; switched: boolean; kind: "ask_rent" }
  | { player: number; square: number; owner: number; asked: number; switches: number[]; kind: "choose_rent" }
  | { player: number; squares: number[]; kind: "enter_board" }
  | { player: number; deck: "chance" | "community_chest"; kind: "draw_card" }
  | { player: number; fee: number; kind: "lawyer" }
  | { player: number; fine: number; cards: ("chance" | "community_chest")[]; kind: "jail_exit" }
  | { player: number; square: number; lander: number; lift_cost: number; kind: "foreclosure_owner" }
  | { player: number; square: number; owner: number; cost: number; kind: "foreclosure_buy" }
  | { player: number; holders: number[]; kind: "jail_card_purchase" }
  | { player: number; square: number; lander: number; price: number; kind: "auction_option" }
  | { player: number; squares: number[]; budget: number; asked: number[]; kind: "initial_bids" }
  | { player: number; winner: number | null; reason: string; kind: "game_over" };
