// Where each square lies on the board: the printed layout (GO bottom right, play clockwise:
// along the bottom to Jail, up the left side to Free Parking, along the top to Go to Jail, down
// the right side), corners twice as deep as a side square is wide. A double board is a second
// ring, turned a quarter clockwise and put beside the first so that their shared square is one
// cell (the figure eight of 004's Double board).

export const W = 64; // a side square's width
export const C = 104; // a corner's side, and a side square's depth
export const S = 2 * C + 9 * W; // one ring

/** Which edge of the board a square lies on: its colour band is on the inner side. */
export type Side = "bottom" | "left" | "top" | "right" | "corner";

export type Cell = { x: number; y: number; w: number; h: number; side: Side; ring: number };

/** A square's cell on one ring of `ring` squares (any ring size: 10 to a side for 40). */
function ringCell(pos: number, ring: number): Omit<Cell, "ring"> {
  const per = ring / 4; // squares from one corner to the next
  const side = Math.floor(pos / per);
  const k = pos % per; // 0: the corner
  const step = (S - 2 * C) / (per - 1);
  if (k === 0) {
    const corners = [[S - C, S - C], [0, S - C], [0, 0], [S - C, 0]];
    const [x, y] = corners[side];
    return { x, y, w: C, h: C, side: "corner" };
  }
  const along = C + (k - 1) * step;
  switch (side) {
    case 0: return { x: S - along - step, y: S - C, w: step, h: C, side: "bottom" };
    case 1: return { x: 0, y: S - along - step, w: C, h: step, side: "left" };
    case 2: return { x: along, y: 0, w: step, h: C, side: "top" };
    default: return { x: S - C, y: along, w: C, h: step, side: "right" };
  }
}

const TURNED: Record<Side, Side> = { bottom: "left", left: "top", top: "right", right: "bottom",
                                     corner: "corner" };

export type Layout = { cells: Cell[]; minX: number; minY: number; width: number; height: number;
                       rings: { x: number; y: number }[] };

/** Every square's cell: one ring, or two (`overlap` >= 0) sharing the square at `overlap`. */
export function layout(count: number, ring: number, overlap: number): Layout {
  const first = Array.from({ length: Math.min(count, ring) },
                           (_, i) => ({ ...ringCell(i, ring), ring: 0 }));
  if (count <= ring || overlap < 0) {
    return { cells: first, minX: 0, minY: 0, width: S, height: S, rings: [{ x: 0, y: 0 }] };
  }
  // The second ring turned a quarter clockwise: (x, y) -> (S - y, x), then moved so that its
  // shared square falls on the first ring's.
  const turn = (c: Omit<Cell, "ring">) => ({ x: S - (c.y + c.h), y: c.x, w: c.h, h: c.w,
                                             side: TURNED[c.side] });
  const shared = turn(ringCell(overlap, ring));
  const dx = first[overlap].x - shared.x;
  const dy = first[overlap].y - shared.y;
  const second = Array.from({ length: ring }, (_, i) => {
    const c = turn(ringCell(i, ring));
    return { ...c, x: c.x + dx, y: c.y + dy, ring: 1 };
  });
  const cells = [...first, ...second];
  const minX = Math.min(0, dx);
  const minY = Math.min(0, dy);
  const maxX = Math.max(S, S + dx);
  const maxY = Math.max(S, S + dy);
  return { cells, minX, minY, width: maxX - minX, height: maxY - minY,
           rings: [{ x: 0, y: 0 }, { x: dx, y: dy }] };
}

/** The square a token reaches one step forward from `square` (a double board: arriving at the
 * shared square mid-move crosses to the other ring). */
export function stepFrom(square: number, ring: number, overlap: number, count: number): number {
  const base = square - (square % ring);
  let next = base + ((square % ring) + 1) % ring;
  if (count > ring && overlap >= 0 && next % ring === overlap) {
    next = (base === 0 ? ring : 0) + overlap; // the same square, along the other board
  }
  return next;
}

/** A square one step back (a card's "Go back three spaces", along the token's own board). */
export function stepBack(square: number, ring: number): number {
  const base = square - (square % ring);
  return base + ((square % ring) + ring - 1) % ring;
}
