// The board as a compact list of its squares, for a phone: the board's text is small there
// even zoomed, and a list reads at the page's own size. Each square in board order with its
// colour band, name, price while the Bank holds it, its owner's flag (token colour and letter,
// as on the board), its buildings, a face-down mark when mortgaged, and the tokens on it (in
// jail apart from just visiting). A square is a button: it opens the deed card, as on the board.

import type { JSX } from "preact";
import type { BoardMessage, View } from "../api";
import { groupColour, playerColour } from "../colours";

type Props = {
  board: BoardMessage;
  view: View | undefined;
  positions: number[]; // each seat's token square as drawn now (while a move is animated)
  letters: string[];
  onSelect: (square: number) => void;
};

function Mark({ seat, letter, name }: { seat: number; letter: string; name: string }):
    JSX.Element {
  return <span class="token-mark" style={{ background: playerColour(seat) }} title={name}>
    <span aria-hidden="true">{letter}</span><span class="visually-hidden">{name}</span></span>;
}

export function SquareList({ board, view, positions, letters, onSelect }: Props): JSX.Element {
  const deeds = new Map((view?.deeds ?? []).map((d) => [d.square, d]));
  const players = view?.players ?? [];
  const on = (square: number, jailed: boolean) => players.flatMap((p, seat) => {
    const at = positions[seat] ?? p.square;
    const held = p.in_jail && at === p.square;
    return !p.bankrupt && at === square && held === jailed ? [seat] : [];
  });
  return <ol class="square-list" aria-label="The squares of the board">
    {board.squares.map((square) => {
      const deed = deeds.get(square.index);
      const band = groupColour(square.group);
      const owner = deed?.owner ?? null;
      const jailed = square.kind === "jail" ? on(square.index, true) : [];
      const here = on(square.index, false);
      const built = !deed ? "" : deed.hotels ? (deed.hotels > 1 ? `${deed.hotels} hotels` : "hotel")
        : deed.houses ? `${deed.houses} house${deed.houses > 1 ? "s" : ""}` : "";
      return <li class={`sq${deed?.mortgaged ? " face-down" : ""}`} data-square={square.index}
                 style={{ borderLeftColor: band ?? "transparent" }}>
        <button type="button" class="sq-name" onClick={() => onSelect(square.index)}>
          {square.name}</button>
        <span class="sq-state">
          {deed && owner === null && <span class="sq-price">{board.currency}{square.price}</span>}
          {owner !== null && <span class="sq-owner">
            <Mark seat={owner} letter={letters[owner]} name={players[owner]?.name ?? ""} /></span>}
          {built && <span class={`sq-built${deed?.hotels ? " hotel" : ""}`}>{built}</span>}
          {deed?.mortgaged && <span class="sq-mortgaged">mortgaged</span>}
        </span>
        {(here.length > 0 || jailed.length > 0) && <span class="sq-tokens">
          {jailed.length > 0 && <span class="sq-jailed">in jail{" "}
            {jailed.map((s) => <Mark seat={s} letter={letters[s]} name={players[s].name} />)}</span>}
          {square.kind === "jail" && here.length > 0 && <span class="sq-visiting">
            {jailed.length > 0 && " · "}visiting{" "}
            {here.map((s) => <Mark seat={s} letter={letters[s]} name={players[s].name} />)}</span>}
          {square.kind !== "jail" &&
            here.map((s) => <Mark seat={s} letter={letters[s]} name={players[s].name} />)}
        </span>}
      </li>;
    })}
  </ol>;
}
