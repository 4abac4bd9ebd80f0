// The players panel: each seat's token and colour, cash (a change shows as it happens), deeds
// grouped by colour with the groups one deed short marked, jail cards, in jail, out of the
// game, away or stood in for; the host's controls of a seat.

import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { BoardMessage, DeedView, Seat, View } from "./api";
import { groupName, playerColour } from "./colours";
import { DeedChip } from "./DeedCard";

function CashLine({ cash, currency }: { cash: number; currency: string }): JSX.Element {
  const last = useRef(cash);
  const [delta, setDelta] = useState<number | null>(null);
  useEffect(() => {
    if (cash !== last.current) {
      setDelta(cash - last.current);
      last.current = cash;
      const t = setTimeout(() => setDelta(null), 2500);
      return () => clearTimeout(t);
    }
    return undefined;
  }, [cash]);
  return <p class="cash-line">
    <span class="cash">{currency}{cash.toLocaleString("en-US")}</span>
    {delta !== null && <span class={`delta ${delta > 0 ? "up" : "down"}`} aria-hidden="true">
      {delta > 0 ? "+" : "−"}{currency}{Math.abs(delta).toLocaleString("en-US")}</span>}
  </p>;
}

/** A player's deeds by group, in board order; `near`: the groups they are one deed short of. */
function byGroup(deeds: DeedView[], board: BoardMessage, seat: number, all: DeedView[]):
    { key: string; deeds: DeedView[]; near: boolean; whole: boolean }[] {
  const groups = new Map<string, DeedView[]>();
  for (const d of deeds) {
    const key = d.group ?? d.kind;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups.entries()].map(([key, list]) => {
    const size = key === "railroad" || key === "utility"
      ? board.squares.filter((s) => s.kind === key).length
      : board.squares.filter((s) => s.group === key).length;
    const others = all.filter((d) => (d.group ?? d.kind) === key && d.owner !== seat);
    return { key, deeds: list, whole: list.length === size,
             near: list.length === size - 1 && key !== "railroad" && key !== "utility" &&
                   others.every((d) => d.owner === null) };
  });
}

export function Players({ seats, view, board, me, letters, controls }: {
  seats: Seat[]; view: View | undefined; board: BoardMessage | null; me: number | null;
  letters: string[]; controls: (seat: Seat) => JSX.Element[];
}): JSX.Element {
  return <section class="players" aria-labelledby="players-title">
    <h2 id="players-title">Players</h2>
    <ul>
      {seats.map((seat) => {
        const p = view?.players[seat.seat];
        const deeds = view?.deeds.filter((d) => d.owner === seat.seat) ?? [];
        const marks = [seat.kind === "bot" ? `bot (${seat.bot})` : null,
                       seat.standin ? "a bot stands in" : null,
                       seat.kind === "person" && !seat.open && !seat.online ? "away" : null,
                       seat.open ? "open seat" : null,
                       p?.in_jail ? "in jail" : null, p?.bankrupt ? "bankrupt" : null]
          .filter(Boolean).join(", ");
        const turn = view?.turn.player === seat.seat && !view.over;
        return <li class={`player${turn ? " turn" : ""}${p?.bankrupt ? " out" : ""}`}
                   data-seat={seat.seat}>
          <h3>
            <span class="token-mark" style={{ background: playerColour(seat.seat) }}
                  aria-hidden="true">{letters[seat.seat]}</span>
            {" "}{seat.name ?? "(open)"}{me === seat.seat ? " (you)" : ""}
            {turn && <span class="visually-hidden"> (their turn)</span>}
          </h3>
          {p && <CashLine cash={p.cash} currency={board?.currency ?? "$"} />}
          {marks && <p class="marks">{marks}</p>}
          {board && deeds.length > 0 && <div class="deeds">
            {byGroup(deeds, board, seat.seat, view?.deeds ?? []).map((g) =>
              <span class={`deed-group${g.whole ? " whole" : ""}`}
                    title={g.whole ? "the whole group" : g.near ? "one deed from the whole group" : undefined}>
                {g.deeds.map((d) => <DeedChip deed={d} board={board} />)}
                {g.near && <span class="near">one from the {groupName(g.key)} group</span>}
              </span>)}
          </div>}
          {p && p.jail_cards.length > 0 && <p class="jail-cards">
            Get Out of Jail Free × {p.jail_cards.length}</p>}
          {controls(seat)}
        </li>;
      })}
    </ul>
  </section>;
}
