// What a trade does, read from the board: the groups it completes, the railroads and utilities
// it brings together, and what each side hands over by the printed values (deeds at their
// price, mortgaged ones at the price less the lift, cash, Get Out of Jail Free cards at the
// fine). The composer's summary line and the confirmation before a risky acceptance read it.

import type { BoardMessage, Bundle, Offer, View } from "./api";
import { groupName } from "./colours";

const ORDINAL = ["", "first", "second", "third", "fourth", "fifth", "sixth"];

/** The printed value of what one side hands over (terms not counted). */
export function bundleValue(b: Bundle, view: View, board: BoardMessage): number {
  const fine = 50;
  const deeds = b.properties.reduce((sum, sq) => {
    const deed = view.deeds.find((d) => d.square === sq);
    const square = board.squares[sq];
    return sum + (deed?.mortgaged ? square.price - square.lift : square.price);
  }, 0);
  return deeds + b.cash + b.cards.length * fine;
}

export type Effect = { text: string; for: number; completes: boolean };

/** Who owns each deed once `offer` is done. */
function ownersAfter(offer: Offer, view: View): Map<number, number | null> {
  const owners = new Map(view.deeds.map((d) => [d.square, d.owner]));
  for (const sq of offer.give.properties) owners.set(sq, offer.responder);
  for (const sq of offer.get.properties) owners.set(sq, offer.proposer);
  return owners;
}

/** What `offer` brings each side, told to `viewer`: "completes your red group", "gives Bea a
 * third railroad". */
export function effects(offer: Offer, view: View, board: BoardMessage,
                        viewer: number | null): Effect[] {
  const owners = ownersAfter(offer, view);
  const whose = (seat: number) => seat === viewer ? "your" : `${view.players[seat].name}'s`;
  const who = (seat: number) => seat === viewer ? "you" : view.players[seat].name;
  const out: Effect[] = [];
  const sides: [number, number[]][] = [[offer.responder, offer.give.properties],
                                       [offer.proposer, offer.get.properties]];
  for (const [taker, squares] of sides) {
    const groups = new Set(squares.map((sq) => board.squares[sq].group)
      .filter((g): g is string => g !== null && board.squares.some(
        (s) => s.group === g && s.kind === "street")));
    for (const group of groups) {
      const members = board.squares.filter((s) => s.group === group);
      if (members.every((s) => owners.get(s.index) === taker)) {
        out.push({ text: `completes ${whose(taker)} ${groupName(group)} group`, for: taker,
                   completes: true });
      }
    }
    for (const kind of ["railroad", "utility"] as const) {
      const got = squares.filter((sq) => board.squares[sq].kind === kind);
      if (!got.length) continue;
      const ring = (sq: number) => Math.floor(sq / board.ring);
      const rings = new Set(got.map(ring));
      for (const r of rings) {
        const held = board.squares.filter((s) => s.kind === kind && ring(s.index) === r &&
                                          owners.get(s.index) === taker).length;
        if (held < 2) continue;
        const all = board.squares.filter((s) => s.kind === kind && ring(s.index) === r).length;
        const noun = kind === "railroad" ? ["railroad", "railroads"] : ["utility", "utilities"];
        const what = held < all ? `a ${ORDINAL[held]} ${noun[0]}`
          : all === 2 ? `both ${noun[1]}` : `all ${all} ${noun[1]}`;
        out.push({ text: `gives ${who(taker)} ${what}`, for: taker, completes: held === all });
      }
    }
  }
  return out;
}

/** The summary line of an offer for `viewer`: its effects, and the values handed over. */
export function summaryLine(offer: Offer, view: View, board: BoardMessage,
                            viewer: number | null): string {
  const told = effects(offer, view, board, viewer).map((e) => e.text);
  const give = bundleValue(offer.give, view, board);
  const get = bundleValue(offer.get, view, board);
  const m = (n: number) => `${board.currency}${n.toLocaleString("en-US")}`;
  const name = (seat: number) => seat === viewer ? "you" : view.players[seat].name;
  const values = `${name(offer.proposer)} ${offer.proposer === viewer ? "give" : "gives"} ` +
    `${m(give)} in value for ${m(get)}`;
  return [...told, values].join("; ");
}

/** Why accepting `offer` as its responder deserves a second look (null: nothing): it
 * completes the proposer's group, or the responder gives more than it gets. */
export function acceptWarning(offer: Offer, view: View, board: BoardMessage): string | null {
  const theirs = effects(offer, view, board, offer.responder)
    .filter((e) => e.for === offer.proposer && e.completes).map((e) => e.text);
  const give = bundleValue(offer.get, view, board);
  const get = bundleValue(offer.give, view, board);
  const m = (n: number) => `${board.currency}${n.toLocaleString("en-US")}`;
  const reasons = [...theirs.map((t) => `This ${t}.`),
                   give > get ? `You give ${m(give)} in printed value and get ${m(get)}.` : null]
    .filter((r): r is string => r !== null);
  return reasons.length ? reasons.join(" ") : null;
}
