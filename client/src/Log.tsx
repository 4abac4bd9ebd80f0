// The game log: the server's sentences (to this seat in the second person), each with an icon
// for the kind of event it tells, a bot's reason for its choice set apart.

import type { JSX } from "preact";
import { useEffect, useRef } from "preact/hooks";

export type Line = { text: string; kind: string };

// Symbols the page's font (DejaVu Sans, or the system's) has: no colour emoji needed.
const ICONS: Record<string, [string, string]> = {
  turn: ["▶", "turn"], opening: ["⚄", "dice"], dice: ["⚄", "dice"], move: ["➜", "move"],
  travel: ["➜", "move"], card: ["✉", "card"], keep_card: ["✉", "card"], no_draw: ["✉", "card"],
  jail: ["▦", "jail"], jail_free: ["▢", "jail"], jail_stay: ["▦", "jail"], lawyer: ["▢", "jail"],
  jail_card: ["✉", "jail"], payment: ["$", "money"], debt: ["$", "debt"], rent_due: ["$", "money"],
  rent_waived: ["$", "money"], pot: ["$", "money"], jackpot: ["$", "money"], loan: ["$", "money"],
  loan_repaid: ["$", "money"], rent_share: ["$", "money"], rent_asked: ["$", "money"],
  buy: ["✔", "deed"], decline: ["✗", "deed"], transfer: ["⇄", "deed"], deed_sold: ["$", "deed"],
  auction_start: ["⚖", "auction"], bid: ["⚖", "auction"], pass: ["⚖", "auction"],
  auction_won: ["⚖", "auction"], auction_unsold: ["⚖", "auction"], sealed_bid: ["⚖", "auction"],
  bids_revealed: ["⚖", "auction"], build: ["⌂", "build"], sell: ["⌂", "build"],
  shortage: ["⌂", "build"], want: ["⌂", "build"], mortgage: ["⇩", "mortgage"],
  unmortgage: ["⇧", "mortgage"], trade_offer: ["⇄", "trade"], trade_accept: ["⇄", "trade"],
  trade_reject: ["⇄", "trade"], agreement: ["⇄", "trade"], agreement_ended: ["⇄", "trade"],
  bankrupt: ["☠", "bankrupt"], game_over: ["★", "over"], time_called: ["★", "over"],
  away: ["☾", "away"],
};

// The events whose sentence ends with the reason of the player (a bot) who chose it.
const REASONED = new Set(["buy", "decline", "bid", "pass", "build", "sell", "mortgage",
  "unmortgage", "trade_offer", "trade_accept", "trade_reject", "deed_sold", "pot"]);

function Sentence({ line }: { line: Line }): JSX.Element {
  // A new turn's line is a heading here: the dashes the terminal sets it apart with are the
  // row's own style in the page.
  if (line.kind === "turn") return <span>{line.text.replace(/^-+\s*|\s*-+$/g, "")}</span>;
  const cut = REASONED.has(line.kind) ? line.text.indexOf(": ") : -1;
  if (cut < 0) return <span>{line.text}</span>;
  return <span>{line.text.slice(0, cut)}<span class="reason"> — {line.text.slice(cut + 2)}</span></span>;
}

export function Log({ lines }: { lines: Line[] }): JSX.Element {
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines.length]);
  return <section class="log-box" aria-labelledby="log-title">
    <h2 id="log-title">Game log</h2>
    <ol class="log" ref={box} tabindex={0} aria-label="What happened">
      {lines.slice(-200).map((line) => {
        const [icon, tone] = ICONS[line.kind] ?? ["•", "other"];
        return <li class={`line ${tone}${line.kind === "turn" ? " turn-line" : ""}`}>
          <span class="icon" aria-hidden="true">{icon}</span> <Sentence line={line} /></li>;
      })}
    </ol>
  </section>;
}
