// Written by `python -m passgo.web.client_types` (run by `make client`) from the classes
// of passgo.core.events: do not edit. One member per event kind, with its JSON fields
// (`Event.to_dict`); the client switches over them, checked by tsc to be exhaustive.

import type { Offer, Term } from "./api";

export type Event =
  | { kind: "opening"; first: number; throws: ([number, number, number])[] }
  | { kind: "turn"; player: number; round: number }
  | { kind: "dice"; player: number; dice: number[]; doubles: boolean; purpose: "turn" | "tie" | "utility" }
  | { kind: "move"; player: number; start: number; end: number; steps: number; passed_go: boolean; how: "throw" | "card" | "doubled_up" }
  | { kind: "card"; player: number; deck: "chance" | "community_chest"; card: string; text: string }
  | { kind: "keep_card"; player: number; deck: "chance" | "community_chest" }
  | { kind: "jail"; player: number; square: number; why: "square" | "card" | "doubles" | "one_die" }
  | { kind: "jail_free"; player: number; how: "doubles" | "fine" | "card" | "third_throw" | "arrival_card" | "bought_card" }
  | { kind: "jail_stay"; player: number; tries: number }
  | { kind: "time_called" }
  | { kind: "board_smashed"; player: number }
  | { kind: "game_over"; winner: number | null; reason: string; worth: number }
  | { kind: "payment"; payer: number | null; payee: number | null; amount: number; reason: string }
  | { kind: "debt"; debtor: number; creditor: number | null; amount: number; reason: string }
  | { kind: "rent_due"; lander: number; owner: number; square: number; amount: number }
  | { kind: "rent_waived"; lander: number; owner: number; square: number; why: "mortgaged" | "owner_jailed" }
  | { kind: "bankrupt"; player: number; creditor: number | null; reason: string }
  | { kind: "transfer"; square: number; giver: number | null; taker: number | null; how: "trade" | "bankruptcy" | "dealt" | "foreclosure" | "repossessed" }
  | { kind: "buy"; player: number; square: number; price: number; reason: string }
  | { kind: "decline"; player: number; square: number; reason: string }
  | { kind: "auction_start"; item: "deed" | "house" | "hotel" | "order" | "initial"; square: number | null; opening: number }
  | { kind: "bid"; player: number; item: "deed" | "house" | "hotel"; square: number | null; amount: number; reason: string }
  | { kind: "pass"; player: number; square: number | null; reason: string }
  | { kind: "auction_won"; player: number; item: "deed" | "house" | "hotel"; square: number | null; price: number }
  | { kind: "auction_unsold"; item: "deed" | "house" | "hotel"; square: number | null }
  | { kind: "build"; player: number; square: number; item: "house" | "hotel"; cost: number; houses: number; hotels: number; reason: string }
  | { kind: "sell"; player: number; square: number; houses: number; hotels: number; reason: string }
  | { kind: "mortgage"; player: number; square: number; amount: number; reason: string }
  | { kind: "unmortgage"; player: number; square: number; cost: number; reason: string }
  | { kind: "shortage"; player: number; item: "house" | "hotel"; available: number }
  | { kind: "want"; player: number; item: "house" | "hotel"; count: number }
  | { kind: "trade_offer"; offer: Offer; reason: string }
  | { kind: "trade_accept"; offer: Offer; reason: string }
  | { kind: "trade_reject"; offer: Offer; counter: boolean; reason: string }
  | { kind: "start"; player: number; square: number }
  | { kind: "travel"; player: number; start: number; end: number }
  | { kind: "travel_forbidden"; owner: number; lander: number; square: number }
  | { kind: "doubled_up"; player: number; square: number }
  | { kind: "no_sale"; player: number; square: number }
  | { kind: "no_draw"; player: number; deck: "chance" | "community_chest" }
  | { kind: "pot"; player: number; amount: number; reason: string }
  | { kind: "jackpot"; player: number; amount: number }
  | { kind: "pot_refill"; amount: number }
  | { kind: "loan"; player: number; amount: number }
  | { kind: "loan_repaid"; player: number; amount: number }
  | { kind: "loan_passed"; player: number; count: number; creditor: number | null }
  | { kind: "lawyer"; player: number; fee: number; square: number }
  | { kind: "jail_card"; player: number; deck: "chance" | "community_chest" }
  | { kind: "tax_man"; dice: [number, number]; square: number }
  | { kind: "board_entered"; player: number; square: number }
  | { kind: "token_switch"; player: number; square: number; resting: number }
  | { kind: "deed_sold"; player: number; square: number; amount: number; reason: string }
  | { kind: "foreclosure"; lander: number; owner: number; square: number }
  | { kind: "auction_forced"; player: number; square: number; price: number }
  | { kind: "sealed_bid"; player: number; item: "deed" | "house" | "hotel" | "order" | "initial"; square: number | null }
  | { kind: "bids_revealed"; item: "deed" | "house" | "hotel" | "order" | "initial"; square: number | null; bids: ([number, number])[]; high: number }
  | { kind: "order_of_play"; first: number; order: number[] }
  | { kind: "agreement"; giver: number; taker: number; number: number; term: Term }
  | { kind: "agreement_ended"; giver: number; taker: number; number: number; why: "used" | "expired" | "due" | "repaid" | "bankruptcy" | "left" }
  | { kind: "agreement_passed"; player: number; number: number; creditor: number | null }
  | { kind: "immunity"; lander: number; owner: number; square: number; amount: number; number: number }
  | { kind: "rent_share"; lander: number; receiver: number; square: number; amount: number; number: number }
  | { kind: "rent_asked"; owner: number; lander: number; square: number; amount: number }
  | { kind: "rent_switch"; player: number; start: number; square: number; owner: number | null };
