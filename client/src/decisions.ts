// The decision panel: what the game waits for, from whom, and this seat's answers. Every
// decision kind has its one place here: the switch on `pending.kind` is checked by tsc to be
// exhaustive (`never`). The buttons are the legal actions the server sent for this seat, so
// the client never decides what is legal; business open at any time (build, sell, mortgage,
// lift, ask for rent) and the trade composer are below the answers.

import { Decision, LegalAction, StateMessage, View, h } from "./api";
import { tradeComposer } from "./trade";

export type Act = (text: string) => void;

function buttons(actions: LegalAction[], act: Act): HTMLElement[] {
  return actions.map((a) => h("button", { type: "button", "data-action": a.text,
                                          onclick: () => act(a.text) }, a.label));
}

function bidBox(state: StateMessage, act: Act, high: string): HTMLElement {
  const [low, top] = state.bid_range ?? [0, 0];
  const input = h("input", { type: "number", min: String(low), max: String(top),
                             value: String(low), name: "bid", "aria-label": "Your bid" });
  return h("form", { class: "bid", onsubmit: (e: Event) => {
    e.preventDefault();
    act(`bid ${(input as HTMLInputElement).value}`);
  } }, h("p", {}, high), input, h("button", { type: "submit" }, "Bid"),
     h("small", {}, ` from ${low} to ${top}`));
}

/** The Initial auction's closed bids: an amount for any of the deeds offered, in all at most
 * the budget (the server refuses more, with the reason); the buttons offer ready-made sets. */
function initialBidsBox(squares: number[], budget: number, view: View, currency: string,
                        act: Act): HTMLElement {
  const names = new Map(view.deeds.map((d) => [d.square, d.name]));
  const inputs = squares.map((sq) => h("input", { type: "number", min: "0", value: "0",
                                                   name: `initial-bid-${sq}`,
                                                   "aria-label": `Bid for ${names.get(sq)}` }));
  return h("form", { class: "initial-bids", onsubmit: (e: Event) => {
    e.preventDefault();
    const bids = squares.map((sq, i) => [sq, Number((inputs[i] as HTMLInputElement).value)])
      .filter(([, amount]) => amount > 0).map(([sq, amount]) => `${sq}:${Math.floor(amount)}`);
    act(`bids ${bids.length ? bids.join(",") : "none"}`);
  } }, h("details", {}, h("summary", {}, `Write your own bids (at most ${currency}${budget})`),
    ...squares.map((sq, i) => h("label", { class: "check" }, `${names.get(sq)} `, inputs[i])),
    h("button", { type: "submit" }, "Hand in these bids")));
}

/** What this kind of decision shows besides its answer buttons. */
function decisionDetail(d: Decision, state: StateMessage, view: View, currency: string,
                        act: Act): HTMLElement | null {
  const name = (seat: number | null) => seat === null ? "the Bank" : view.players[seat].name;
  const mine = state.seat === d.player;
  switch (d.kind) {
    case "bid":
      return mine && state.bid_range ? bidBox(state, act, d.high_bidder === null
        ? "No bids yet." : `High bid: ${currency}${d.high} by ${name(d.high_bidder)}`) : null;
    case "sealed_bid":
      return mine && state.bid_range ? bidBox(state, act, "Write down a sealed bid.") : null;
    case "trade_reply":
      return h("div", { class: "offer" },
        h("p", {}, state.offer ?? ""),
        d.problem ? h("p", { class: "error" }, d.problem) : null,
        mine ? h("details", {}, h("summary", {}, "Counter-offer"),
                 tradeComposer(view, d.player, d.offer.proposer, act)) : null);
    case "raise_funds":
      return h("p", { class: "debt" }, `${name(d.player)} owes ${currency}${d.amount} to ${
        name(d.creditor)} and has ${currency}${d.cash}: sell buildings or mortgage deeds` +
        (d.may_declare_bankruptcy ? ", or declare bankruptcy." : "."));
    case "initial_bids":
      return mine ? initialBidsBox(d.squares, d.budget, view, currency, act) : null;
    case "jail_card_purchase":
      return mine && d.holders.length ? h("details", { open: true },
        h("summary", {}, "Offer to buy a Get Out of Jail Free card"),
        tradeComposer(view, d.player, d.holders[0], act)) : null;
    case "game_over":
      return h("p", { class: "winner" }, d.winner === null ? `Game over (${d.reason})`
        : `${name(d.winner)} wins (${d.reason})`);
    case "roll":
    case "jail":
    case "end_turn":
    case "buy":
    case "tax":
    case "fine_or_chance":
    case "mortgaged_deed":
    case "build_demand":
    case "place_building":
    case "travel":
    case "allow_travel":
    case "ask_rent":
    case "choose_rent":
    case "draw_card":
    case "lawyer":
    case "jail_exit":
    case "foreclosure_owner":
    case "foreclosure_buy":
    case "auction_option":
    case "enter_board": // double board games are refused by the server (WEB_REFUSED)
      return null; // the question, the explanation and the answer buttons say it all
    default: {
      const unhandled: never = d;
      return unhandled;
    }
  }
}

export function decisionPanel(state: StateMessage, currency: string, act: Act): HTMLElement {
  const view = state.view!;
  const d = view.pending;
  const actions = state.actions ?? [];
  const answers = actions.filter((a) => a.answer && !(a.text.startsWith("bid ")));
  const business = actions.filter((a) => !a.answer);
  const waiting = state.seat !== d.player && d.kind !== "game_over";
  const panel = h("section", { class: "decision", "aria-label": "Decision" },
    h("h2", {}, state.question ?? ""),
    waiting ? h("p", { class: "waiting" }, `Waiting for ${view.players[d.player]?.name}…`) : null,
    h("details", {}, h("summary", {}, "What does this mean?"), h("p", {}, state.explain ?? "")),
    decisionDetail(d, state, view, currency, act),
    h("div", { class: "answers" }, ...buttons(answers, act)));
  if (state.seat !== null && !view.over && !view.players[state.seat].bankrupt) {
    if (business.length) {
      panel.append(h("details", { class: "business" },
        h("summary", {}, `Build, sell, mortgage (${business.length})`),
        h("div", { class: "answers" }, ...buttons(business, act))));
    }
    if (d.kind !== "trade_reply" || d.player !== state.seat) {
      panel.append(h("details", { class: "compose" }, h("summary", {}, "Propose a trade"),
        tradeComposer(view, state.seat, null, act)));
    }
  }
  return panel;
}
