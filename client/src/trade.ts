// The trade composer: what each side gives (deeds, cash, Get Out of Jail Free cards), written
// as the engine's text form (`trade 1 give 37,$100 for 39`, or `counter give ... for ...` when
// answering an offer). The server checks the offer; its refusal says why.

import { Bundle, DeedView, View, h } from "./api";

function bundleText(b: Bundle, cardWords: string[]): string {
  const items = [...b.properties.map(String), ...(b.cash ? [`$${b.cash}`] : []), ...cardWords];
  return items.length ? items.join(",") : "nothing";
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
                                         name: `${prefix}-cash`, "aria-label": `${title}: cash` })));
}

function collect(form: HTMLElement, prefix: string): [Bundle, string[]] {
  const checked = (name: string) => Array.from(
    form.querySelectorAll<HTMLInputElement>(`[name="${name}"]:checked`)).map((i) => i.value);
  const cash = Number(form.querySelector<HTMLInputElement>(`[name="${prefix}-cash"]`)?.value || 0);
  return [{ properties: checked(`${prefix}-deed`).map(Number), cash, cards: [] },
          checked(`${prefix}-card`)];
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

export function offerWords(view: View, bundle: Bundle, currency: string): string {
  const items = [...bundle.properties.map((sq) => view.deeds.find((d) => d.square === sq)?.name
                                                    ?? `square ${sq}`),
                 ...(bundle.cash ? [`${currency}${bundle.cash}`] : []),
                 ...bundle.cards.map(() => "a Get Out of Jail Free card")];
  return items.length ? items.join(", ") : "nothing";
}
