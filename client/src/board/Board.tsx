// The board as SVG: the printed layout with colour bands, pictures for the squares that have
// them, names and prices; owners as flags of their token's colour with their letter; houses
// and hotels as pieces on the band; mortgaged deeds face down; In Jail apart from Just
// Visiting; tokens, the dice and the last card drawn in the middle. One square at a time
// takes the keyboard focus (arrow keys move it), and focusing or clicking a square opens its
// deed card.

import type { JSX } from "preact";
import { useMemo, useRef } from "preact/hooks";
import type { BoardMessage, DeedView, Square, View } from "../api";
import { groupColour, playerColour } from "../colours";
import { Building, SquareIcon } from "./icons";
import { C, Cell, Layout, S, layout } from "./geometry";

const BAND = 18;

export type Dice = { faces: number[]; rolling: boolean; doubles: boolean } | null;
export type DrawnCard = { deck: "chance" | "community_chest"; text: string } | null;

type Props = {
  board: BoardMessage;
  view: View | undefined;
  positions: number[]; // each seat's token square as drawn now (while a move is animated)
  letters: string[];
  dice: Dice;
  card: DrawnCard;
  selected: number | null;
  onSelect: (square: number | null) => void;
  zoom: number;
};

/** A name cut into lines of at most `width` units (about 0.56 of the font size a letter). */
function lines(name: string, width: number, size: number): [string[], number] {
  const words = name.toUpperCase().split(" ");
  const longest = Math.max(...words.map((w) => w.length));
  const fit = Math.min(size, width / (longest * 0.7));
  const perLine = Math.max(1, Math.floor(width / (fit * 0.7)));
  const out: string[] = [];
  for (const word of words) {
    const last = out.length ? out[out.length - 1] : null;
    if (last !== null && last.length + 1 + word.length <= perLine) out[out.length - 1] += ` ${word}`;
    else out.push(word);
  }
  return [out.slice(0, 3), fit];
}

function Pips({ x, y, n, size }: { x: number; y: number; n: number; size: number }): JSX.Element {
  const at: Record<number, [number, number][]> = {
    1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  const q = size * 0.27;
  return <g>
    <rect x={x - size / 2} y={y - size / 2} width={size} height={size} rx={size * 0.18}
          fill="#fff" stroke="#111" stroke-width="2" />
    {(at[n] ?? []).map(([dx, dy]) =>
      <circle cx={x + dx * q} cy={y + dy * q} r={size * 0.09} fill="#111" />)}
  </g>;
}

/** The rectangle of a cell that holds its words (the cell less its band), and where a flag
 * goes (the outer edge). */
function inner(c: Cell): { x: number; y: number; w: number; h: number } {
  switch (c.side) {
    case "bottom": return { x: c.x, y: c.y + BAND, w: c.w, h: c.h - BAND };
    case "top": return { x: c.x, y: c.y, w: c.w, h: c.h - BAND };
    case "left": return { x: c.x, y: c.y, w: c.w - BAND, h: c.h };
    case "right": return { x: c.x + BAND, y: c.y, w: c.w - BAND, h: c.h };
    case "corner": return c;
  }
}

function band(c: Cell): { x: number; y: number; w: number; h: number } {
  switch (c.side) {
    case "bottom": return { x: c.x, y: c.y, w: c.w, h: BAND };
    case "top": return { x: c.x, y: c.y + c.h - BAND, w: c.w, h: BAND };
    case "left": return { x: c.x + c.w - BAND, y: c.y, w: BAND, h: c.h };
    case "right": return { x: c.x, y: c.y, w: BAND, h: c.h };
    case "corner": return { x: c.x, y: c.y, w: 0, h: 0 };
  }
}

/** The In Jail cell inside the Jail corner: its quarter towards the ring's middle. */
function jailCell(c: Cell, ring: { x: number; y: number }): { x: number; y: number; s: number } {
  const s = C * 0.64;
  const midX = ring.x + S / 2;
  const midY = ring.y + S / 2;
  return { x: c.x + (c.x + c.w / 2 < midX ? c.w - s : 0),
           y: c.y + (c.y + c.h / 2 < midY ? c.h - s : 0), s };
}

function OwnerFlag({ x, y, seat, letter }: { x: number; y: number; seat: number;
                                              letter: string }): JSX.Element {
  return <g class="owner" data-owner={seat}>
    <path d={`M${x} ${y} v-16`} stroke="var(--board-ink)" stroke-width="1.5" />
    <path d={`M${x} ${y - 16} h15 l-4 6 l4 6 h-15 z`} fill={playerColour(seat)}
          stroke="#fff" stroke-width="1" />
    <text x={x + 6} y={y - 6.5} text-anchor="middle" font-size="9" font-weight="700"
          fill="#fff">{letter}</text>
  </g>;
}

function squareLabel(square: Square, deed: DeedView | undefined, currency: string,
                     view: View | undefined): string {
  const parts = [square.name];
  if (square.price) parts.push(`${currency}${square.price}`);
  if (deed && view) {
    parts.push(deed.owner === null ? "for sale" : `owned by ${view.players[deed.owner].name}`);
    if (deed.hotels) parts.push(deed.hotels > 1 ? `${deed.hotels} hotels` : "a hotel");
    if (deed.houses) parts.push(`${deed.houses} house${deed.houses > 1 ? "s" : ""}`);
    if (deed.mortgaged) parts.push("mortgaged");
  }
  return parts.join(", ");
}

function SquareCell({ square, cell, deed, currency, view, letters, selected, ring,
                      onSelect, onKey }: {
  square: Square; cell: Cell; deed: DeedView | undefined; currency: string;
  view: View | undefined; letters: string[]; selected: boolean; ring: { x: number; y: number };
  onSelect: (i: number) => void; onKey: (e: KeyboardEvent, i: number) => void;
}): JSX.Element {
  const colour = groupColour(square.group);
  const box = inner(cell);
  const b = band(cell);
  const cx = box.x + box.w / 2;
  const words = square.kind === "jail" ? [] : square.name.replace(/ \(UK\)$/, "")
    .replace("Community Chest", "Community Chest").split(" ");
  const textWidth = box.w - 8;
  const [nameLines, size] = lines(words.join(" "), textWidth, cell.side === "corner" ? 11 : 9.5);
  const icon = square.kind !== "street";
  const flagAt = (() => {
    switch (cell.side) {
      case "bottom": return [cell.x + 4, cell.y + cell.h - 3];
      case "top": return [cell.x + 4, box.y + box.h - 3]; // by the price, off the name
      case "left": return [cell.x + 3, cell.y + cell.h - 3];
      default: return [cell.x + cell.w - 20, cell.y + cell.h - 3];
    }
  })();
  const vertical = cell.side === "left" || cell.side === "right";
  // Words at the band's end, the picture in the middle, the price at the outer end.
  const nameTop = cell.side === "corner" ? box.y + 16 : box.y + (vertical ? 12 : 13);
  const priceY = box.y + box.h - 6;
  const iconY = vertical ? box.y + box.h / 2 + 2 : box.y + box.h / 2 + 6;
  const houses = deed ? deed.houses : 0;
  const hotels = deed ? deed.hotels : 0;
  const jail = square.kind === "jail" ? jailCell(cell, ring) : null;
  return <g class={`square kind-${square.kind}${selected ? " selected" : ""}`}
            data-square={square.index} onClick={() => onSelect(square.index)}>
    {/* The drawing is for the eye; the control over it (last, on top) has no text inside,
        its label says it all: name, price, owner, buildings. */}
    <g aria-hidden="true">
    <rect x={cell.x} y={cell.y} width={cell.w} height={cell.h} class="cell" />
    {colour && <rect x={b.x} y={b.y} width={b.w} height={b.h} fill={colour} class="band"
                     stroke="var(--board-ink)" stroke-width="1" />}
    {jail ? <g>
      <rect x={jail.x} y={jail.y} width={jail.s} height={jail.s} fill="#f97316"
            stroke="var(--board-ink)" stroke-width="1.5" class="in-jail" />
      {[1, 2, 3, 4].map((k) => <path d={`M${jail.x + (jail.s * k) / 5} ${jail.y + 4} v${jail.s - 8}`}
                                     stroke="#1f2937" stroke-width="2.5" />)}
      <text x={jail.x + jail.s / 2} y={jail.y + jail.s / 2 + 4} text-anchor="middle"
            font-size="11" font-weight="800" fill="#111" class="jail-word"
            paint-order="stroke" stroke="#fed7aa" stroke-width="3">IN JAIL</text>
      <text x={cell.x + cell.w / 2} y={jail.y === cell.y ? cell.y + cell.h - 8 : cell.y + 14}
            text-anchor="middle" font-size="10" font-weight="700" class="words">JUST VISITING</text>
    </g> : null}
    {nameLines.map((line, k) =>
      <text x={cx} y={nameTop + k * (size + 1.5)} text-anchor="middle" font-size={size}
            font-weight="600" class="words">{line}</text>)}
    {icon && <g transform={`translate(${cx} ${cell.side === "corner" ? box.y + box.h / 2 + 14
                                        : iconY}) scale(${cell.side === "corner" ? 1.1 : 0.72})`}>
      <SquareIcon kind={square.kind} name={square.name} />
    </g>}
    {square.price > 0 && <text x={cx} y={priceY} text-anchor="middle" font-size="9.5"
                               class="words price">{currency}{square.price}</text>}
    {square.kind === "income_tax" || square.kind === "luxury_tax"
      ? <text x={cx} y={priceY} text-anchor="middle" font-size="9" class="words">
          {square.kind === "income_tax" ? "PAY TAX" : "PAY"}</text> : null}
    {Array.from({ length: hotels ? 0 : houses }, (_, k) => {
      const [hx, hy] = vertical ? [b.x + 4, b.y + 4 + k * 14] : [b.x + 3 + k * 15, b.y + 3];
      return <Building x={hx} y={hy} hotel={false} />;
    })}
    {Array.from({ length: hotels }, (_, k) =>
      <Building x={vertical ? b.x - 1 : b.x + b.w / 2 - 10 + k * 22}
                y={vertical ? b.y + b.h / 2 - 5 + k * 14 : b.y + 3} hotel={true} />)}
    {deed?.mortgaged && <g class="mortgaged">
      <rect x={box.x + 2} y={box.y + 2} width={box.w - 4} height={box.h - 4} rx="3"
            fill="url(#deed-back)" stroke="var(--board-ink)" stroke-width="1" />
      <text x={cx} y={box.y + box.h / 2 + 3} text-anchor="middle" font-size="8"
            font-weight="800" fill="#fff" paint-order="stroke" stroke="#7f1d1d"
            stroke-width="2.5">MORTGAGED</text>
    </g>}
    {deed && deed.owner !== null && view &&
      <OwnerFlag x={flagAt[0]} y={flagAt[1]} seat={deed.owner} letter={letters[deed.owner]} />}
    </g>
    <rect x={cell.x} y={cell.y} width={cell.w} height={cell.h} class="hit" role="button"
          tabindex={selected ? 0 : -1} aria-label={squareLabel(square, deed, currency, view)}
          onFocus={() => onSelect(square.index)}
          onKeyDown={(e) => onKey(e as unknown as KeyboardEvent, square.index)} />
  </g>;
}

/** Where a token stands in its cell: spread in a grid, in jail inside the In Jail cell. */
function tokenSpot(cell: Cell, k: number, jailed: boolean, ring: { x: number; y: number },
                   isJail: boolean): [number, number] {
  if (isJail) {
    const j = jailCell(cell, ring);
    if (jailed) return [j.x + 12 + (k % 3) * 14, j.y + 14 + Math.floor(k / 3) * 16];
    // Just Visiting: along the strip outside the cell.
    const alongX = j.x === cell.x ? cell.x + j.s + 11 : cell.x + 11;
    const alongY = j.y === cell.y ? cell.y + j.s + 11 : cell.y + 11;
    return k < 4 ? [alongX, cell.y + 14 + k * 20 > cell.y + cell.h - 8 ? alongY : cell.y + 14 + k * 20]
      : [cell.x + 14 + (k - 4) * 20, alongY];
  }
  const box = inner(cell);
  const cols = box.w > box.h ? 4 : 2;
  return [box.x + 12 + (k % cols) * 14 * (box.w > 70 ? 1.4 : 1), box.y + box.h / 2 - 8 +
    Math.floor(k / cols) * 17 + (k % 2) * 3];
}

export function Board({ board, view, positions, letters, dice, card, selected, onSelect,
                        zoom }: Props): JSX.Element {
  const geo: Layout = useMemo(() => layout(board.squares.length, board.ring, board.overlap),
                              [board]);
  const svg = useRef<SVGSVGElement>(null);
  const deeds = new Map((view?.deeds ?? []).map((d) => [d.square, d]));
  const count = board.squares.length;
  const focus = (i: number) => {
    onSelect(i);
    requestAnimationFrame(() => svg.current?.querySelector<SVGRectElement>(
      `[data-square="${i}"] .hit`)?.focus());
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1,
                                            ArrowUp: -1, Home: -i, End: count - 1 - i };
    if (e.key in moves) {
      e.preventDefault();
      focus((i + moves[e.key] + count) % count);
    } else if (e.key === "Escape") {
      onSelect(null);
    }
  };
  const focusable = selected ?? 0;
  // Tokens by square (shared squares of a double board are one cell).
  const at = new Map<string, number[]>();
  (view?.players ?? []).forEach((p, seat) => {
    if (p.bankrupt) return;
    const sq = positions[seat] ?? p.square;
    const c = geo.cells[sq];
    if (!c) return;
    const key = `${c.x},${c.y}`;
    at.set(key, [...(at.get(key) ?? []), seat]);
  });
  const centre = geo.rings[0];
  return <svg ref={svg} class="board" role="group" aria-label="The board"
              viewBox={`${geo.minX} ${geo.minY} ${geo.width} ${geo.height}`}
              style={{ width: `${zoom * 100}%`, maxHeight: zoom > 1 ? "none" : undefined }}>
    <defs>
      <pattern id="deed-back" width="8" height="8" patternUnits="userSpaceOnUse"
               patternTransform="rotate(45)">
        <rect width="8" height="8" fill="#b91c1c" />
        <rect width="4" height="8" fill="#991b1b" />
      </pattern>
    </defs>
    {geo.rings.map((r, k) => <g>
      <rect x={r.x} y={r.y} width={S} height={S} class="board-face" />
      <text x={r.x + S / 2} y={r.y + S / 2 - 118} text-anchor="middle" class="logo"
            transform={`rotate(-30 ${r.x + S / 2} ${r.y + S / 2 - 118})`}>
        {geo.rings.length > 1 ? `passgo ${board.sides[k] ?? ""}` : "passgo"}</text>
    </g>)}
    <g class="decks">
      <rect x={centre.x + C + 40} y={centre.y + C + 40} width="110" height="70" rx="6"
            class="deck chance" transform={`rotate(-45 ${centre.x + C + 95} ${centre.y + C + 75})`} />
      <text x={centre.x + C + 95} y={centre.y + C + 80} text-anchor="middle" font-size="12"
            font-weight="700" transform={`rotate(-45 ${centre.x + C + 95} ${centre.y + C + 75})`}
            fill="#7c2d12">CHANCE</text>
      <rect x={centre.x + S - C - 150} y={centre.y + S - C - 110} width="110" height="70"
            rx="6" class="deck chest"
            transform={`rotate(-45 ${centre.x + S - C - 95} ${centre.y + S - C - 75})`} />
      <text x={centre.x + S - C - 95} y={centre.y + S - C - 70} text-anchor="middle"
            font-size="10" font-weight="700" fill="#1e3a8a"
            transform={`rotate(-45 ${centre.x + S - C - 95} ${centre.y + S - C - 75})`}>
        COMMUNITY CHEST</text>
    </g>
    <g class="squares">
      {board.squares.map((square, i) => {
        const cell = geo.cells[i];
        if (!cell) return null;
        // The shared square of a double board is drawn once, from the first ring.
        if (board.overlap >= 0 && i >= board.ring && i % board.ring === board.overlap) return null;
        return <SquareCell square={square} cell={cell} deed={deeds.get(i)}
                           currency={board.currency} view={view} letters={letters}
                           selected={i === focusable} ring={geo.rings[cell.ring]}
                           onSelect={onSelect}
                           onKey={onKey} />;
      })}
    </g>
    {view && <g class="middle" aria-hidden="true">
      {dice && dice.faces.length > 0 && <g class={`dice${dice.rolling ? " rolling" : ""}`}>
        {dice.faces.map((n, k) => <Pips x={centre.x + S / 2 - 34 + k * 68}
                                        y={centre.y + S / 2 + 10} n={n} size={52} />)}
        {dice.doubles && !dice.rolling && <text x={centre.x + S / 2} y={centre.y + S / 2 + 62}
          text-anchor="middle" font-size="16" font-weight="700" class="words">Doubles!</text>}
      </g>}
      <text x={centre.x + S / 2} y={centre.y + S / 2 - 40} text-anchor="middle" font-size="16"
            class="words round">Round {view.turn.round + 1}</text>
      {view.rules.free_parking_jackpot ? <text x={centre.x + S / 2} y={centre.y + S / 2 + 86}
        text-anchor="middle" font-size="13" class="words">Free Parking pot {board.currency}
        {view.bank.pot}</text> : null}
      {card && <g class="drawn-card">
        <rect x={centre.x + S / 2 - 130} y={centre.y + S / 2 + 100} width="260" height="78"
              rx="6" class={`deck ${card.deck === "chance" ? "chance" : "chest"}`} />
        <text x={centre.x + S / 2} y={centre.y + S / 2 + 118} text-anchor="middle"
              font-size="11" font-weight="700" fill="#111">
          {card.deck === "chance" ? "CHANCE" : "COMMUNITY CHEST"}</text>
        {lines(card.text, 240, 11)[0].map((line, k) =>
          <text x={centre.x + S / 2} y={centre.y + S / 2 + 136 + k * 13} text-anchor="middle"
                font-size="10.5" fill="#111">{line}</text>)}
      </g>}
    </g>}
    <g class="tokens" aria-hidden="true">
      {(view?.players ?? []).map((p, seat) => {
        if (p.bankrupt) return null;
        const sq = positions[seat] ?? p.square;
        const cell = geo.cells[sq];
        if (!cell) return null;
        const here = at.get(`${cell.x},${cell.y}`) ?? [];
        const isJail = board.squares[sq]?.kind === "jail";
        const jailedHere = here.filter((s) => view!.players[s].in_jail && positions[s] === view!.players[s].square);
        const jailed = p.in_jail && (positions[seat] ?? p.square) === p.square;
        const k = jailed ? jailedHere.indexOf(seat) : here.filter((s) => !jailedHere.includes(s)).indexOf(seat);
        const [x, y] = tokenSpot(cell, Math.max(0, k), jailed, geo.rings[cell.ring], isJail);
        return <g class="token" data-seat={seat} data-square={sq}
                  data-in-jail={jailed ? "true" : undefined} style={{ transform: `translate(${x}px, ${y}px)` }}>
          <circle r="8.5" fill={playerColour(seat)} stroke="#fff" stroke-width="2" />
          <text y="3.5" text-anchor="middle" font-size="10" font-weight="700" fill="#fff">
            {letters[seat]}</text>
        </g>;
      })}
    </g>
  </svg>;
}
