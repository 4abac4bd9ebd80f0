// The title deed of a square, as the card is printed: the rent table with today's rent marked,
// who owns the rest of its group, the house cost, the mortgage value and what lifting the
// mortgage costs. And the small deed chips the players panel and the trade composer show.

import type { JSX } from "preact";
import type { BoardMessage, DeedView, View } from "./api";
import { groupColour, groupName, inkOn, playerColour } from "./colours";

function money(board: BoardMessage, n: number): string {
  return `${board.currency}${n.toLocaleString("en-US")}`;
}

type Row = { label: string; amount: string };

/** The rent rows of a deed, and which one applies today (-1: none, for sale). */
function rentTable(sq: number, board: BoardMessage, view: View | undefined): [Row[], number] {
  const square = board.squares[sq];
  const deed = view?.deeds.find((d) => d.square === sq);
  const owner = deed?.owner ?? null;
  const m = (n: number) => money(board, n);
  if (square.kind === "street") {
    const [base, ...built] = square.rents;
    const rows: Row[] = [{ label: "Rent", amount: m(base) },
                         { label: "With the whole colour group", amount: m(base * 2) },
                         ...built.slice(0, 4).map((r, k) => ({
                           label: `With ${k + 1} house${k ? "s" : ""}`, amount: m(r) })),
                         ...(built.length > 4 ? [{ label: "With a hotel", amount: m(built[4]) }] : [])];
    if (!deed || owner === null || deed.mortgaged) return [rows, -1];
    if (deed.hotels) return [rows, rows.length - 1];
    if (deed.houses) return [rows, 1 + deed.houses];
    const whole = board.squares.filter((s) => s.group === square.group)
      .every((s) => view?.deeds.find((d) => d.square === s.index)?.owner === owner);
    return [rows, whole ? 1 : 0];
  }
  const ring = Math.floor(sq / board.ring);
  const held = owner === null ? 0 : board.squares.filter((s) => s.kind === square.kind &&
    Math.floor(s.index / board.ring) === ring &&
    view?.deeds.find((d) => d.square === s.index)?.owner === owner).length;
  if (square.kind === "railroad") {
    const rows = board.railroad_rents.map((r, k) => ({
      label: k ? `With ${k + 1} railroads owned` : "Rent", amount: m(r) }));
    return [rows, owner === null || deed?.mortgaged ? -1 : held - 1];
  }
  const rows = board.utility_multipliers.map((x, k) => ({
    label: k ? "With both utilities owned" : "With one utility owned", amount: `${x} × the dice` }));
  return [rows, owner === null || deed?.mortgaged ? -1 : held - 1];
}

export function DeedCard({ square: sq, board, view, onClose }: {
  square: number; board: BoardMessage; view: View | undefined; onClose: () => void;
}): JSX.Element {
  const square = board.squares[sq];
  const deed = view?.deeds.find((d) => d.square === sq);
  const name = (seat: number | null) => seat === null ? "the Bank"
    : seat === view?.viewer ? "you" : view?.players[seat].name ?? "";
  const colour = groupColour(square.group);
  const head = <header class="deed-head" style={colour ? { background: colour, color: inkOn(colour) } : undefined}>
    <small>{square.kind === "street" ? "Title deed" : square.kind === "railroad" ? "Railroad"
      : square.kind === "utility" ? "Utility" : ""}</small>
    <h3 id="deed-title">{square.name}</h3>
  </header>;
  if (!square.price) {
    return <aside class="deed-card" aria-labelledby="deed-title">
      {head}
      <p>{square.kind === "jail" ? "In Jail, or Just Visiting." :
          square.kind === "go" ? `Collect your salary as you pass.` : "Not for sale."}</p>
      <button type="button" class="close" onClick={onClose}>Close</button>
    </aside>;
  }
  const [rows, today] = rentTable(sq, board, view);
  const others = board.squares.filter((s) => s.group !== null && s.group === square.group &&
                                       s.index !== sq);
  return <aside class="deed-card" aria-labelledby="deed-title">
    {head}
    <p class="deed-owner">
      {deed?.owner !== null && deed?.owner !== undefined
        ? <span><span class="dot" style={{ background: playerColour(deed.owner) }} /> Owned by {name(deed.owner)}</span>
        : <span>For sale: {money(board, view?.deeds.find((d) => d.square === sq)?.price ?? square.price)}</span>}
      {deed?.mortgaged ? <strong class="tag">Mortgaged</strong> : null}
    </p>
    <table class="rents">
      <tbody>
        {rows.map((r, k) => <tr class={k === today ? "today" : undefined}
                                aria-current={k === today ? "true" : undefined}>
          <th scope="row">{r.label}{k === today ? " (today)" : ""}</th><td>{r.amount}</td></tr>)}
      </tbody>
    </table>
    {square.house_cost > 0 && <p>Houses cost {money(board, square.house_cost)} each; a hotel
      {" "}{money(board, square.house_cost)} plus the houses.</p>}
    <p>Mortgage value {money(board, square.mortgage)}; lifting it costs {money(board, square.lift)}.</p>
    {others.length > 0 && <p class="group-owners">
      {square.group ? `The rest of the ${groupName(square.group)} group: ` : "The others: "}
      {others.map((s, k) => {
        const d = view?.deeds.find((x) => x.square === s.index);
        return <span>{k ? ", " : ""}{s.name} ({name(d?.owner ?? null)})</span>;
      })}</p>}
    <button type="button" class="close" onClick={onClose}>Close</button>
  </aside>;
}

/** A deed as a small card: its colour band, its name, buildings; face down when mortgaged. */
export function DeedChip({ deed, board }: { deed: DeedView; board: BoardMessage }): JSX.Element {
  const colour = groupColour(deed.group);
  const built = deed.hotels ? `${deed.hotels > 1 ? deed.hotels + " hotels" : "hotel"}`
    : deed.houses ? `${deed.houses}h` : "";
  return <span class={`chip${deed.mortgaged ? " face-down" : ""}`} data-square={deed.square}
               title={`${deed.name}${deed.mortgaged ? " (mortgaged)" : ""}`}>
    <span class="chip-band" style={{ background: colour ?? "var(--chip-plain)" }}>
      {deed.kind === "railroad" ? "RR" : deed.kind === "utility" ? "U" : ""}</span>
    <span class="chip-name">{board.squares[deed.square].name.replace(/ (Avenue|Place|Railroad|Gardens|Company|Works|Road|Street)$/, "")}</span>
    {built && <span class="chip-built">{built}</span>}
    {deed.mortgaged && <span class="visually-hidden"> (mortgaged)</span>}
  </span>;
}
