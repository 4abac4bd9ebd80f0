// The board as SVG: colour bands, owners, houses and hotels, mortgages, and the tokens, which
// glide to their new square (a CSS transition on their transform).

import { Square, View } from "./api";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 100;
export const PLAYER_COLOURS = ["#d62828", "#1d4ed8", "#15803d", "#a16207", "#7e22ce",
  "#0e7490", "#be185d", "#374151"];
const GROUP_COLOURS: Record<string, string> = {
  brown: "#8b4513", light_blue: "#87ceeb", pink: "#d63384", orange: "#f28c28",
  red: "#dc2626", yellow: "#facc15", green: "#16a34a", dark_blue: "#1e3a8a",
};

function s(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Top-left corner of a square's cell on the 11 × 11 grid (GO bottom right, clockwise). */
export function cellOf(index: number): [number, number] {
  if (index <= 10) return [(10 - index) * CELL, 10 * CELL];
  if (index <= 20) return [0, (20 - index) * CELL];
  if (index <= 30) return [(index - 20) * CELL, 0];
  return [10 * CELL, (index - 30) * CELL];
}

function shortName(name: string): string {
  return name.replace(/ (Avenue|Place|Railroad|Gardens|Company|Works)$/, "")
    .replace("Community Chest", "Chest");
}

/** An empty board: a layer of squares, redrawn on every update, under a layer of tokens,
 * which stay and move. */
export function boardElement(): SVGElement {
  const svg = s("svg", { viewBox: `0 0 ${11 * CELL} ${11 * CELL}`, class: "board",
                         role: "img", "aria-label": "The board" });
  svg.append(s("g", { class: "squares" }), s("g", { class: "tokens" }));
  return svg;
}

export function renderBoard(svg: SVGElement, squares: Square[], view: View | undefined,
                            onSquare: (index: number) => void): void {
  const layer = svg.querySelector(".squares")!;
  const tokens = svg.querySelector(".tokens")!;
  layer.replaceChildren();
  const deeds = new Map((view?.deeds ?? []).map((d) => [d.square, d]));
  for (const square of squares) {
    const [x, y] = cellOf(square.index);
    const g = s("g", { class: "square", "data-square": square.index, tabindex: 0 });
    g.append(s("title", {}, square.name));
    g.append(s("rect", { x, y, width: CELL, height: CELL, fill: "#f7f3e8", stroke: "#333" }));
    if (square.group && GROUP_COLOURS[square.group]) {
      g.append(s("rect", { x, y, width: CELL, height: 22, fill: GROUP_COLOURS[square.group] }));
    }
    g.append(s("text", { x: x + 50, y: y + 40, "text-anchor": "middle", "font-size": 13 },
               shortName(square.name)));
    if (square.price) {
      g.append(s("text", { x: x + 50, y: y + 58, "text-anchor": "middle", "font-size": 12 },
                 `$${square.price}`));
    }
    const deed = deeds.get(square.index);
    if (deed) {
      if (deed.owner !== null) {
        g.append(s("rect", { x: x + 3, y: y + 84, width: 94, height: 13, rx: 3,
                             fill: PLAYER_COLOURS[deed.owner % 8], class: "owner",
                             "data-owner": deed.owner }));
      }
      for (let i = 0; i < deed.houses; i++) {
        g.append(s("rect", { x: x + 6 + i * 22, y: y + 4, width: 16, height: 14, fill: "#15803d",
                             stroke: "#fff", class: "house" }));
      }
      for (let i = 0; i < deed.hotels; i++) {
        g.append(s("rect", { x: x + 30 + i * 24, y: y + 3, width: 36, height: 16,
                             fill: "#b91c1c", stroke: "#fff", class: "hotel" }));
      }
      if (deed.mortgaged) {
        g.append(s("rect", { x, y, width: CELL, height: CELL, fill: "rgba(60,60,60,0.45)",
                             class: "mortgaged" }));
        g.append(s("text", { x: x + 50, y: y + 78, "text-anchor": "middle", "font-size": 14,
                             fill: "#fff", "font-weight": "bold" }, "MORTGAGED"));
      }
    }
    g.addEventListener("click", () => onSquare(square.index));
    g.addEventListener("keydown", (e) => {
      if ((e as KeyboardEvent).key === "Enter") onSquare(square.index);
    });
    layer.append(g);
  }
  if (view) {
    const dice = view.turn.last_dice.filter((d) => d > 0);
    layer.append(s("text", { x: 550, y: 480, "text-anchor": "middle", "font-size": 56,
                           class: "dice" }, dice.length ? `Dice ${dice.join(" + ")}` : "passgo"));
    layer.append(s("text", { x: 550, y: 560, "text-anchor": "middle", "font-size": 28 },
                 `Round ${view.turn.round + 1}`));
    view.players.forEach((p, i) => {
      let token = tokens.querySelector<SVGElement>(`[data-seat="${i}"]`);
      if (p.bankrupt) {
        token?.remove();
        return;
      }
      if (!token) {
        token = s("circle", { r: 11, cx: 0, cy: 0, fill: PLAYER_COLOURS[i % 8], stroke: "#fff",
                              "stroke-width": 3, class: "token", "data-seat": i });
        token.append(s("title", {}, p.name));
        tokens.append(token);
      }
      const [x, y] = cellOf(p.square);
      token.setAttribute("style", `transform: translate(${x + 16 + (i % 4) * 22}px, ${
        y + 66 + Math.floor(i / 4) * 16}px)`);
    });
  }
}
