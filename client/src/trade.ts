// The trade composer: what each side gives (deeds, cash, Get Out of Jail Free cards, and the
// terms the game's house rules allow: rent immunity and a share of the rent on its own deeds, a
// loan, a partnership in a colour group), written as the engine's text form
// (`trade 1 give 37,$100,immunity:37:100%:3-landings for 39`, or `counter give ... for ...`
// when answering an offer). The server checks the offer; its refusal says why.

import { Bundle, DeedView, View, h } from "./api";

function bundleText(b: Bundle, words: string[]): string {
  const items = [...b.properties.map(String), ...(b.cash ? [`$${b.cash}`] : []), ...words];
  return items.length ? items.join(",") : "nothing";
}

function numberBox(name: string, label: string, value: number | "", min = 0): HTMLElement {
  return h("label", {}, `${label} `, h("input", { type: "number", min: String(min), name,
                                                   value: String(value) }));
}

/** A rent term (`immunity` or `share`) this side grants on deeds of its own: which deeds, what
 * percentage, for how many landings or turns. */
function rentTerm(word: "immunity" | "share", title: string, percent: number, deeds: DeedView[],
                  prefix: string): HTMLElement | null {
  if (!deeds.length) return null;
  const name = `${prefix}-${word}`;
  return h("fieldset", { class: `term ${word}` }, h("legend", {}, title),
    ...deeds.map((d) => h("label", { class: "check" },
      h("input", { type: "checkbox", name, value: String(d.square) }), ` ${d.name}`)),
    numberBox(`${name}-percent`, "Percent", percent, 1),
    numberBox(`${name}-count`, "for", 1, 1),
    h("select", { name: `${name}-unit`, "aria-label": `${title}: landings or turns` },
      h("option", { value: "landings" }, "landings"), h("option", { value: "turns" }, "turns")));
}

/** The terms the house rules allow this side to grant (none: null). A partnership is both
 * sides' alike, so it is offered once, on the proposer's side. */
function termsOf(view: View, deeds: DeedView[], prefix: string): HTMLElement | null {
  const rules = view.rules;
  const groups = [...new Set(view.deeds.filter((d) => d.kind === "street" && d.group)
    .map((d) => d.group as string))];
  const parts = [
    rules.immunity ? rentTerm("immunity", "Rent immunity for the other on", 100, deeds, prefix)
      : null,
    rules.profit_sharing ? rentTerm("share", "A share of the rent for the other on", 50, deeds,
                                    prefix) : null,
    rules.player_loans ? h("fieldset", { class: "term loan" }, h("legend", {}, "A loan"),
      numberBox(`${prefix}-loan`, "Lend", 0), numberBox(`${prefix}-loan-percent`, "interest %", 0),
      numberBox(`${prefix}-loan-round`, "due in round", view.turn.round + 5, 1)) : null,
    rules.partnerships && prefix === "give" ? h("fieldset", { class: "term partnership" },
      h("legend", {}, "A partnership in"),
      ...groups.map((g) => h("label", { class: "check" },
        h("input", { type: "checkbox", name: "partnership", value: g }),
        ` ${g.replace("_", " ")}`))) : null,
  ].filter((part): part is HTMLElement => part !== null);
  return parts.length ? h("div", { class: "terms" }, ...parts) : null;
}

/** The terms ticked and filled in on one side, as the engine writes them. */
function termWords(form: HTMLElement, prefix: string): string[] {
  const value = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value
    ?? "";
  const whole = (name: string) => Math.max(0, Math.floor(Number(value(name)) || 0));
  const checked = (name: string) => Array.from(
    form.querySelectorAll<HTMLInputElement>(`[name="${name}"]:checked`)).map((i) => i.value);
  const words: string[] = [];
  for (const word of ["immunity", "share"]) {
    const squares = checked(`${prefix}-${word}`);
    if (squares.length) {
      words.push(`${word}:${squares.join("+")}:${whole(`${prefix}-${word}-percent`)}%:` +
                 `${whole(`${prefix}-${word}-count`)}-${value(`${prefix}-${word}-unit`)}`);
    }
  }
  if (whole(`${prefix}-loan`)) {
    words.push(`loan:$${whole(`${prefix}-loan`)}:${whole(`${prefix}-loan-percent`)}%:` +
               `round-${whole(`${prefix}-loan-round`)}`);
  }
  if (prefix === "give") words.push(...checked("partnership").map((g) => `partnership:${g}`));
  return words;
}

function side(title: string, seat: number, view: View, prefix: string): HTMLElement {
  const deeds = view.deeds.filter((d: DeedView) => d.owner === seat);
  const cards = view.players[seat].jail_cards;
  return h("fieldset", { class: "trade-side" }, h("legend", {}, title),
    ...deeds.map((d) => h("label", { class: "check" },
      h("input", { type: "checkbox", name: `${prefix}-deed`, value: String(d.square) }),
      ` ${d.name}${d.mortgaged ? " (mortgaged)" : ""}${d.houses || d.hotels ? " (built)" : ""}`)),
    ...cards.map((deck) => h("label", { class: "check" },
      h("input", { type: "checkbox", name: `${prefix}-card`, value: `${deck}-card` }),
      ` Get Out of Jail Free (${deck.replace("_", " ")})`)),
    h("label", {}, "Cash ", h("input", { type: "number", min: "0", value: "0",
                                         name: `${prefix}-cash`, "aria-label": `${title}: cash` })),
    termsOf(view, deeds, prefix));
}

function collect(form: HTMLElement, prefix: string): [Bundle, string[]] {
  const checked = (name: string) => Array.from(
    form.querySelectorAll<HTMLInputElement>(`[name="${name}"]:checked`)).map((i) => i.value);
  const cash = Number(form.querySelector<HTMLInputElement>(`[name="${prefix}-cash"]`)?.value || 0);
  return [{ properties: checked(`${prefix}-deed`).map(Number), cash, cards: [] },
          [...checked(`${prefix}-card`), ...termWords(form, prefix)]];
}

/** A composer for `me` to offer to a chosen partner; `counterTo`: answering that proposer's
 * offer with a counter-offer. `send` gets the action's text. */
export function tradeComposer(view: View, me: number, counterTo: number | null,
                              send: (text: string) => void): HTMLElement {
  const others = view.players.filter((p) => p.seat !== me && !p.bankrupt);
  let partner = counterTo ?? others[0]?.seat ?? 0;
  const sides = h("div", { class: "trade-sides" });
  const draw = () => sides.replaceChildren(
    side("You give", me, view, "give"),
    side(`${view.players[partner].name} gives`, partner, view, "get"));
  draw();
  const chooser = counterTo !== null ? h("p", {}, `Counter-offer to ${view.players[partner].name}`)
    : h("label", {}, "Trade with ", h("select", {
      name: "partner", onchange: (e: Event) => {
        partner = Number((e.target as HTMLSelectElement).value);
        draw();
      },
    }, ...others.map((p) => h("option", { value: String(p.seat) }, p.name))));
  const form = h("form", { class: "trade", "aria-label": "Trade" }, chooser, sides,
    h("button", { type: "submit" }, counterTo !== null ? "Send counter-offer" : "Propose trade"));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const [give, giveCards] = collect(form, "give");
    const [get, getCards] = collect(form, "get");
    const terms = `give ${bundleText(give, giveCards)} for ${bundleText(get, getCards)}`;
    send(counterTo !== null ? `counter ${terms}` : `trade ${partner} ${terms}`);
  });
  return form;
}
