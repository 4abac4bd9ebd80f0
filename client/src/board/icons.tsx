// The board's pictures, drawn as SVG in a box of 40 x 40 around (0, 0): a locomotive for the
// railroads, a bulb and a tap for the utilities, a question mark for Chance, a chest for the
// Community Chest, a diamond ring and a money bag for the taxes, and the four corners.

import type { JSX } from "preact";
import type { SquareKind } from "../api";

const INK = "var(--board-ink)";

function Railroad(): JSX.Element {
  return <g fill={INK}>
    <rect x="-16" y="-6" width="24" height="12" rx="2" />
    <rect x="4" y="-14" width="10" height="20" rx="1" />
    <rect x="-13" y="-13" width="5" height="8" />
    <path d="M-18 8 h36 v3 h-36 z" />
    <circle cx="-10" cy="12" r="4" fill="var(--square)" stroke={INK} stroke-width="2.5" />
    <circle cx="2" cy="12" r="4" fill="var(--square)" stroke={INK} stroke-width="2.5" />
    <circle cx="12" cy="12" r="4" fill="var(--square)" stroke={INK} stroke-width="2.5" />
  </g>;
}

function Bulb(): JSX.Element {
  return <g>
    <circle cx="0" cy="-5" r="11" fill="#fde047" stroke={INK} stroke-width="2" />
    <path d="M-4 -4 l2 5 l2 -5 l2 5 l2 -5" fill="none" stroke={INK} stroke-width="1.5" />
    <rect x="-6" y="6" width="12" height="9" rx="1.5" fill="#9ca3af" stroke={INK}
          stroke-width="1.5" />
    <path d="M-6 9 h12 M-6 12 h12" stroke={INK} stroke-width="1" />
  </g>;
}

function Tap(): JSX.Element {
  return <g>
    <path d="M-16 -8 h18 a6 6 0 0 1 6 6 v5 h-6 v-3 h-18 z" fill="#64748b" stroke={INK}
          stroke-width="1.5" />
    <rect x="-7" y="-15" width="4" height="7" fill="#64748b" stroke={INK} stroke-width="1.5" />
    <rect x="-11" y="-17" width="12" height="3" rx="1.5" fill={INK} />
    <path d="M5 7 q4 6 0 9 q-4 -3 0 -9 z" fill="#38bdf8" stroke="#0369a1" stroke-width="1" />
  </g>;
}

function Question(): JSX.Element {
  return <text x="0" y="14" text-anchor="middle" font-size="40" font-weight="700"
               fill="#ea580c" stroke={INK} stroke-width="1">?</text>;
}

function Chest(): JSX.Element {
  return <g stroke={INK} stroke-width="1.5">
    <path d="M-15 -2 v-4 a15 9 0 0 1 30 0 v4 z" fill="#b45309" />
    <rect x="-15" y="-2" width="30" height="16" fill="#d97706" />
    <path d="M-15 4 h30" />
    <rect x="-3" y="0" width="6" height="7" fill="#fde047" />
  </g>;
}

function Ring(): JSX.Element {
  return <g>
    <circle cx="0" cy="5" r="10" fill="none" stroke="#a16207" stroke-width="3.5" />
    <path d="M-6 -12 h12 l4 5 l-10 8 l-10 -8 z" fill="#bae6fd" stroke="#0369a1"
          stroke-width="1.5" />
  </g>;
}

function MoneyBag(): JSX.Element {
  return <g stroke={INK} stroke-width="1.5">
    <path d="M-5 -13 h10 l-3 5 a14 13 0 1 1 -4 0 z" fill="#a3a380" />
    <text x="0" y="11" text-anchor="middle" font-size="15" font-weight="700" fill={INK}
          stroke="none">$</text>
  </g>;
}

function GoArrow(): JSX.Element {
  return <g>
    <text x="0" y="2" text-anchor="middle" font-size="30" font-weight="800" fill="#dc2626"
          stroke={INK} stroke-width="0.8">GO</text>
    <path d="M14 14 h-26 l0 -5 l-10 8 l10 8 l0 -5 h26 z" fill="#dc2626" stroke={INK}
          stroke-width="1" />
  </g>;
}

function Car(): JSX.Element {
  return <g stroke={INK} stroke-width="1.5">
    <path d="M-17 6 v-6 l6 -2 l5 -7 h12 l6 7 l5 2 v6 z" fill="#dc2626" />
    <path d="M-5 -7 h5 v5 h-9 z M3 -7 h3 l4 5 h-7 z" fill="#bae6fd" />
    <circle cx="-9" cy="7" r="4" fill={INK} />
    <circle cx="9" cy="7" r="4" fill={INK} />
  </g>;
}

function Officer(): JSX.Element {
  return <g stroke={INK} stroke-width="1.5">
    <path d="M-14 -6 q14 -14 28 0 v4 h-28 z" fill="#1e3a8a" />
    <rect x="-15" y="-3" width="30" height="4" fill={INK} />
    <circle cx="0" cy="-8" r="2.5" fill="#fde047" />
    <circle cx="0" cy="10" r="9" fill="#f3d3b0" />
    <path d="M-3 9 h1 M2 9 h1 M-3 14 q3 2 6 0" stroke-width="1.2" />
  </g>;
}

/** The picture of a square of `kind` named `name` (null: a street, which has none). */
export function SquareIcon({ kind, name }: { kind: SquareKind; name: string }): JSX.Element | null {
  switch (kind) {
    case "railroad": return <Railroad />;
    case "utility": return /water/i.test(name) ? <Tap /> : <Bulb />;
    case "chance": return <Question />;
    case "community_chest": return <Chest />;
    case "income_tax": return <MoneyBag />;
    case "luxury_tax": return <Ring />;
    case "go": return <GoArrow />;
    case "free_parking": return <Car />;
    case "go_to_jail": return <Officer />;
    case "jail":
    case "street":
      return null;
  }
}

/** A house (green) or a hotel (red, wider) as a piece: walls and a roof. */
export function Building({ x, y, hotel }: { x: number; y: number; hotel: boolean }): JSX.Element {
  const w = hotel ? 20 : 10;
  return <path class={hotel ? "hotel" : "house"}
               d={`M${x} ${y + 4} l${w / 2} -5 l${w / 2} 5 v7 h-${w} z`}
               fill={hotel ? "#dc2626" : "#16a34a"} stroke="#111" stroke-width="1.2" />;
}
