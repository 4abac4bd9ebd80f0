// Colours that mean something on the board: the colour groups (printed bands) and the players'
// tokens. Owners are never shown as a band: a flag of the token's colour with the player's
// letter, so a colour-blind player reads the letter, and nobody takes an owner for a group.

import type { PlayerView } from "./api";

export const GROUP_COLOURS: Record<string, string> = {
  brown: "#8b4513", light_blue: "#9bd4f0", pink: "#d6338a", orange: "#f7941d",
  red: "#e0201b", yellow: "#fde30f", green: "#1fa64a", dark_blue: "#1e4fa3",
};

/** A group's band colour (a double board's second board: "red_uk" is red). */
export function groupColour(group: string | null): string | null {
  if (group === null) return null;
  return GROUP_COLOURS[group.replace(/_uk$/, "")] ?? null;
}

/** Black or white, whichever reads better on `background` (a "#rrggbb" colour). */
export function inkOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((k) => {
    const c = parseInt(background.slice(k, k + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const light = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (light + 0.05) > (light + 0.05) / 0.05 ? "#fff" : "#111";
}

/** A group's name as people say it: "light blue", "dark blue (UK)". */
export function groupName(group: string): string {
  const uk = group.endsWith("_uk");
  return group.replace(/_uk$/, "").replace("_", " ") + (uk ? " (UK)" : "");
}

// Dark enough for white letters on them (contrast 4.5:1 or more), apart in hue.
export const PLAYER_COLOURS = ["#b91c1c", "#1d4ed8", "#047857", "#7c3aed", "#a16207",
  "#0e7490", "#be185d", "#374151"];

export function playerColour(seat: number): string {
  return PLAYER_COLOURS[seat % PLAYER_COLOURS.length];
}

/** Each player's letter on their token and flags: the first letter of the name, or the seat's
 * number where two names start alike. */
export function playerLetters(players: { name: string | null }[]): string[] {
  const first = players.map((p) => (p.name ?? "?").trim().charAt(0).toUpperCase() || "?");
  return first.map((letter, i) => first.indexOf(letter) === first.lastIndexOf(letter)
    ? letter : String(i + 1));
}

export type Named = Pick<PlayerView, "name">;
