// The decision panel: what the game waits for, in the second person to the player who decides
// ("Waiting for Ann to ..." to the others), and this seat's answers, each a button whose label
// carries its amount. Every decision kind has its one place here: the switch on
// `pending.kind` is checked by tsc to be exhaustive (`never`). The buttons are the legal
// actions the server sent, so the client never decides what is legal; business open at any
// time (build, sell, mortgage, lift, ask for rent) and the trade composer are below them.
// Accepting an offer that completes the proposer's group or gives more than it gets, and
// declaring bankruptcy, ask first; an offer to answer puts Accept last, never where the key or
// button that ended the turn was.

import type { JSX } from "preact";
import type { BoardMessage, Decision, LegalAction, StateMessage, View } from "./api";
import { acceptWarning, summaryLine } from "./offer";
import { TradeComposer } from "./Trade";

export type Act = (text: string) => void;
export type Ask = (question: string, yes: string) => Promise<boolean>;

function BidBox({ state, act, high, busy }: {
  state: StateMessage; act: Act; high: string; busy: boolean;
}): JSX.Element {
  const [low, top] = state.bid_range ?? [0, 0];
  return <form class="bid" onSubmit={(e) => {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).querySelector("input")!;
    act(`bid ${input.value}`);
  }}>
    <p>{high}</p>
    <label>Your bid <input type="number" min={String(low)} max={String(top)} defaultValue={String(low)}
                           name="bid" /></label>
    <button type="submit" class="primary" disabled={busy}>Bid</button>
    <small> from {low} to {top}</small>
  </form>;
}

/** The Initial auction's closed bids: an amount for any of the deeds offered, in all at most
 * the budget (the server refuses more, with the reason); the buttons offer ready-made sets. */
function InitialBids({ squares, budget, view, currency, act }: {
  squares: number[]; budget: number; view: View; currency: string; act: Act;
}): JSX.Element {
  const names = new Map(view.deeds.map((d) => [d.square, d.name]));
  return <form class="initial-bids" onSubmit={(e) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const bids = squares.map((sq) => [sq, Number(form.querySelector<HTMLInputElement>(
      `[name="initial-bid-${sq}"]`)?.value ?? 0)])
      .filter(([, amount]) => amount > 0).map(([sq, amount]) => `${sq}:${Math.floor(amount)}`);
    act(`bids ${bids.length ? bids.join(",") : "none"}`);
  }}>
    <details><summary>Write your own bids (at most {currency}{budget})</summary>
      {squares.map((sq) => <label class="check">{names.get(sq)}{" "}
        <input type="number" min="0" defaultValue="0" name={`initial-bid-${sq}`} /></label>)}
      <button type="submit">Hand in these bids</button>
    </details>
  </form>;
}

/** What this kind of decision shows besides its answer buttons. */
function Detail({ d, state, view, board, act, busy }: {
  d: Decision; state: StateMessage; view: View; board: BoardMessage; act: Act; busy: boolean;
}): JSX.Element | null {
  const name = (seat: number | null) => seat === null ? "the Bank" : view.players[seat].name;
  const mine = state.seat === d.player;
  const currency = board.currency;
  switch (d.kind) {
    case "bid":
      return mine && state.bid_range ? <BidBox state={state} act={act} busy={busy} high={d.high_bidder === null
        ? "No bids yet." : `High bid: ${currency}${d.high} by ${name(d.high_bidder)}`} /> : null;
    case "sealed_bid":
      return mine && state.bid_range ? <BidBox state={state} act={act} busy={busy}
                                               high="Write down a sealed bid." /> : null;
    case "trade_reply":
      return <div class="offer">
        <p>{state.offer ?? ""}</p>
        <p class="trade-summary">{summaryLine(d.offer, view, board, state.seat)}</p>
        {d.problem && <p class="error">{d.problem}</p>}
        {mine && <details class="counter"><summary>Counter-offer</summary>
          <TradeComposer view={view} board={board} me={d.player} answering={d.offer}
                         send={act} busy={busy} /></details>}
      </div>;
    case "raise_funds":
      return mine && state.debt ? <p class="debt">{state.debt}: sell buildings or mortgage
        deeds{d.may_declare_bankruptcy ? ", or declare bankruptcy." : "."}</p> : null;
    case "initial_bids":
      return mine ? <InitialBids squares={d.squares} budget={d.budget} view={view}
                                 currency={currency} act={act} /> : null;
    case "jail_card_purchase":
      return mine && d.holders.length ? <details open><summary>Offer to buy a Get Out of Jail
        Free card</summary><TradeComposer view={view} board={board} me={d.player}
                                          answering={null} partner={d.holders[0]} send={act}
                                          busy={busy} />
      </details> : null;
    case "game_over":
      return <p class="winner">{state.question ?? ""}</p>;
    case "enter_board":
      return mine ? <p>You are on the square both boards share: choose the board you go on
        along.</p> : null;
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
      return null; // the question, the explanation and the answer buttons say it all
    default: {
      const unhandled: never = d;
      return unhandled;
    }
  }
}

/** The answers in the order shown: an offer's Accept last. */
export function orderedAnswers(state: StateMessage): LegalAction[] {
  const answers = (state.actions ?? []).filter((a) => a.answer && !a.text.startsWith("bid "));
  if (state.view?.pending.kind !== "trade_reply") return answers;
  return [...answers.filter((a) => a.text !== "accept"), ...answers.filter((a) => a.text === "accept")];
}

/** Whether this seat is to act now: an answer of its own to press, or the money to raise,
 * whose answers are the business below the answers (selling and mortgaging; declaring
 * bankruptcy is the only answer proper, and only when the rest cannot cover the debt). */
export function yourTurn(state: StateMessage): boolean {
  const view = state.view;
  if (!view || view.over || state.seat === null || view.pending.player !== state.seat) return false;
  return orderedAnswers(state).length > 0 || raising(state);
}

/** This seat owes what it must raise by selling and mortgaging. */
function raising(state: StateMessage): boolean {
  return state.view?.pending.kind === "raise_funds" && state.view.pending.player === state.seat &&
    (state.actions ?? []).some((a) => !a.answer);
}

/** The question to ask before an answer, or null. */
export function warningFor(action: LegalAction, state: StateMessage, board: BoardMessage):
    [string, string] | null {
  const d = state.view?.pending;
  if (action.text === "accept" && d?.kind === "trade_reply" && state.view) {
    const warning = acceptWarning(d.offer, state.view, board);
    return warning ? [`${warning} Accept all the same?`, "Accept the trade"] : null;
  }
  if (action.text === "bankrupt") {
    return ["Declare bankruptcy? You hand over everything you have and leave the game.",
            "Declare bankruptcy"];
  }
  return null;
}

/** A game whose host allows hints: the hint given for this decision (null: none asked for
 * yet) and how to ask for one. */
export type Hint = { text: string | null; ask: () => void };

/** `trades`: how many trades of this seat were answered so far; the trade composer starts
 * empty again after each (what it held was offered, or is no longer its owner's). */
export function DecisionPanel({ state, board, act, busy, hint, trades }: {
  state: StateMessage; board: BoardMessage; act: (action: LegalAction) => void; busy: boolean;
  hint: Hint | null; trades: number;
}): JSX.Element {
  const view = state.view!;
  const d = view.pending;
  const answers = orderedAnswers(state);
  const business = (state.actions ?? []).filter((a) => !a.answer);
  const mine = state.seat === d.player && d.kind !== "game_over";
  const text = (t: string) => act({ text: t, label: t, answer: true });
  const seated = state.seat !== null && !view.over && !view.players[state.seat].bankrupt;
  return <section class={`decision${yourTurn(state) ? " yours" : ""}`}
                  aria-labelledby="question">
    <h2 id="question">{state.question ?? ""}</h2>
    {mine && state.explain && <details class="explain"><summary>What does this mean?</summary>
      <p>{state.explain}</p></details>}
    <Detail d={d} state={state} view={view} board={board} act={text} busy={busy} />
    {mine && hint && (hint.text
      ? <p class="hint" role="status">{hint.text}</p>
      : <button type="button" class="ask-hint" data-hint onClick={hint.ask}
                aria-keyshortcuts="h">Hint: what would the expert do?</button>)}
    {answers.length > 0 && <div class="answers" aria-busy={busy ? "true" : undefined}>
      {answers.map((a, k) => <button type="button" data-action={a.text}
        class={k === 0 && a.text !== "reject" ? "primary" : undefined}
        aria-keyshortcuts={k < 9 ? String(k + 1) : undefined} disabled={busy}
        onClick={() => act(a)}><kbd aria-hidden="true">{k + 1}</kbd> {a.label}</button>)}
    </div>}
    {seated && business.length > 0 && <details class="business" open={raising(state)}>
      <summary>Build, sell, mortgage ({business.length})</summary>
      <div class="answers">{business.map((a) => <button type="button" data-action={a.text}
        disabled={busy} onClick={() => act(a)}>{a.label}</button>)}
      </div>
    </details>}
    {seated && (d.kind !== "trade_reply" || d.player !== state.seat) &&
      view.players.filter((p) => !p.bankrupt).length > 1 &&
      <details class="compose"><summary>Propose a trade</summary>
        <TradeComposer key={trades} view={view} board={board} me={state.seat!} answering={null}
                       send={text} busy={busy} />
      </details>}
  </section>;
}
