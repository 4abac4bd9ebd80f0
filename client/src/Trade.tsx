// The trade composer: what each side gives (its deeds as small cards by colour, cash, Get Out
// of Jail Free cards, and the terms the game's house rules allow: rent immunity and a share of
// the rent on its own deeds, a loan, a partnership in a colour group), a summary line of what
// the trade does, written as the engine's text form (`trade 1 give 37,$100 for 39`, or
// `counter give ... for ...`). A counter-offer starts from the offer it answers. The server
// checks the offer; its refusal says why.

import type { JSX } from "preact";
import { useRef, useState } from "preact/hooks";
import type { BoardMessage, Bundle, DeedView, Offer, View } from "./api";
import { groupColour, groupName } from "./colours";
import { summaryLine } from "./offer";

function Side({ title, seat, view, board, prefix, chosen, toggle, cash, setCash, cards,
                toggleCard }: {
  title: string; seat: number; view: View; board: BoardMessage; prefix: "give" | "get";
  chosen: Set<number>; toggle: (sq: number) => void; cash: number; setCash: (n: number) => void;
  cards: Set<number>; toggleCard: (k: number) => void;
}): JSX.Element {
  const deeds = view.deeds.filter((d: DeedView) => d.owner === seat);
  const player = view.players[seat];
  return <fieldset class="trade-side">
    <legend>{title}</legend>
    <div class="deed-picks">
      {deeds.length === 0 && <p class="muted">No deeds.</p>}
      {deeds.map((d) => {
        const built = d.houses > 0 || d.hotels > 0;
        return <label class={`pick${chosen.has(d.square) ? " on" : ""}${d.mortgaged ? " face-down" : ""}`}
                      title={built ? "sell its buildings first" : undefined}>
          <input type="checkbox" name={`${prefix}-deed`} value={String(d.square)}
                 checked={chosen.has(d.square)} disabled={built}
                 onChange={() => toggle(d.square)} />
          <span class="chip-band" style={{ background: groupColour(d.group) ?? "var(--chip-plain)" }} />
          <span class="pick-name">{d.name}</span>
          <span class="pick-price">{board.currency}{board.squares[d.square].price}
            {d.mortgaged ? " · mortgaged" : ""}{built ? " · built" : ""}</span>
        </label>;
      })}
    </div>
    {player.jail_cards.map((deck, k) => <label class="check">
      <input type="checkbox" name={`${prefix}-card`} value={`${deck}-card`} checked={cards.has(k)}
             onChange={() => toggleCard(k)} /> Get Out of Jail Free ({deck.replace("_", " ")})
    </label>)}
    <label class="cash-input">Cash {board.currency}
      <input type="number" min="0" max={String(player.cash)} value={String(cash)}
             name={`${prefix}-cash`} aria-label={`${title}: cash`}
             onInput={(e) => setCash(Math.max(0, Math.floor(Number((e.target as HTMLInputElement).value) || 0)))} />
    </label>
    <Terms view={view} seat={seat} prefix={prefix} />
  </fieldset>;
}

function NumberBox({ name, label, value, min = 0 }: { name: string; label: string;
                                                       value: number; min?: number }): JSX.Element {
  return <label>{label} <input type="number" min={String(min)} name={name}
                               defaultValue={String(value)} /></label>;
}

/** The terms the house rules allow a side to grant on its own deeds (none: nothing). A
 * partnership is both sides' alike, so it is offered once, on the proposer's side. */
function Terms({ view, seat, prefix }: { view: View; seat: number; prefix: string }):
    JSX.Element | null {
  const rules = view.rules;
  const deeds = view.deeds.filter((d) => d.owner === seat);
  const groups = [...new Set(view.deeds.filter((d) => d.kind === "street" && d.group)
    .map((d) => d.group as string))];
  const rent = (word: "immunity" | "share", title: string, percent: number) => deeds.length ?
    <fieldset class={`term ${word}`}><legend>{title}</legend>
      {deeds.map((d) => <label class="check">
        <input type="checkbox" name={`${prefix}-${word}`} value={String(d.square)} /> {d.name}
      </label>)}
      <NumberBox name={`${prefix}-${word}-percent`} label="Percent" value={percent} min={1} />
      <NumberBox name={`${prefix}-${word}-count`} label="for" value={1} min={1} />
      <select name={`${prefix}-${word}-unit`} aria-label={`${title}: landings or turns`}>
        <option value="landings">landings</option><option value="turns">turns</option>
      </select>
    </fieldset> : null;
  const parts = [
    rules.immunity ? rent("immunity", "Rent immunity for the other on", 100) : null,
    rules.profit_sharing ? rent("share", "A share of the rent for the other on", 50) : null,
    rules.player_loans ? <fieldset class="term loan"><legend>A loan</legend>
      <NumberBox name={`${prefix}-loan`} label="Lend" value={0} />
      <NumberBox name={`${prefix}-loan-percent`} label="interest %" value={0} />
      <NumberBox name={`${prefix}-loan-round`} label="due in round" value={view.turn.round + 5}
                 min={1} />
    </fieldset> : null,
    rules.partnerships && prefix === "give" ? <fieldset class="term partnership">
      <legend>A partnership in</legend>
      {groups.map((g) => <label class="check">
        <input type="checkbox" name="partnership" value={g} /> {groupName(g)}</label>)}
    </fieldset> : null,
  ].filter((p) => p !== null);
  return parts.length ? <details class="terms"><summary>House-rule terms</summary>{parts}</details>
    : null;
}

/** The terms ticked and filled in on one side, as the engine writes them. */
function termWords(form: HTMLFormElement, prefix: string): string[] {
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

function bundleText(b: Bundle, words: string[]): string {
  const items = [...b.properties.map(String), ...(b.cash ? [`$${b.cash}`] : []), ...words];
  return items.length ? items.join(",") : "nothing";
}

/** A composer for `me`; `answering`: the offer a counter-offer answers (it starts from it, the
 * sides turned round); `partner`: a fixed partner (a jail card's holder). */
export function TradeComposer({ view, board, me, answering, partner: fixed, send, busy }: {
  view: View; board: BoardMessage; me: number; answering: Offer | null; partner?: number;
  send: (text: string) => void; busy: boolean;
}): JSX.Element {
  const others = view.players.filter((p) => p.seat !== me && !p.bankrupt);
  const [partner, setPartner] = useState(answering?.proposer ?? fixed ?? others[0]?.seat ?? 0);
  // A counter-offer: what I give is what they asked for, what they give is what they offered.
  const [give, setGive] = useState(new Set(answering?.get.properties ?? []));
  const [get, setGet] = useState(new Set(answering?.give.properties ?? []));
  const [giveCash, setGiveCash] = useState(answering?.get.cash ?? 0);
  const [getCash, setGetCash] = useState(answering?.give.cash ?? 0);
  const [giveCards, setGiveCards] = useState(new Set<number>());
  const [getCards, setGetCards] = useState(new Set<number>());
  const form = useRef<HTMLFormElement>(null);
  const flip = <T,>(set: Set<T>, item: T) => {
    const next = new Set(set);
    if (next.has(item)) next.delete(item); else next.add(item);
    return next;
  };
  const offer: Offer = {
    proposer: me, responder: partner,
    give: { properties: [...give], cash: giveCash, cards: [...giveCards] },
    get: { properties: [...get], cash: getCash, cards: [...getCards] },
  };
  const cards = (seat: number, chosen: Set<number>) =>
    [...chosen].map((k) => `${view.players[seat].jail_cards[k]}-card`);
  const empty = !give.size && !get.size && !giveCash && !getCash && !giveCards.size && !getCards.size;
  const submit = (e: Event) => {
    e.preventDefault();
    const f = form.current!;
    const terms = `give ${bundleText(offer.give, [...cards(me, giveCards), ...termWords(f, "give")])}` +
      ` for ${bundleText(offer.get, [...cards(partner, getCards), ...termWords(f, "get")])}`;
    send(answering ? `counter ${terms}` : `trade ${partner} ${terms}`);
  };
  const name = view.players[partner]?.name ?? "";
  return <form class="trade" aria-label="Trade" ref={form} onSubmit={submit}>
    {answering || fixed !== undefined ? <p>{answering ? "Counter-offer to" : "Offer to"} {name}</p>
      : <label>Trade with <select name="partner" value={String(partner)} onChange={(e) => {
          // Another partner, another offer: both sides start empty (what was to be given for
          // the other partner's deeds would go for nothing).
          setPartner(Number((e.target as HTMLSelectElement).value));
          setGive(new Set());
          setGet(new Set());
          setGiveCash(0);
          setGetCash(0);
          setGiveCards(new Set());
          setGetCards(new Set());
        }}>{others.map((p) => <option value={String(p.seat)}>{p.name}</option>)}</select></label>}
    {/* Keyed by the partner: the terms' own fields start again with the sides. */}
    <div class="trade-sides" key={partner}>
      <Side title="You give" seat={me} view={view} board={board} prefix="give" chosen={give}
            toggle={(sq) => setGive(flip(give, sq))} cash={giveCash} setCash={setGiveCash}
            cards={giveCards} toggleCard={(k) => setGiveCards(flip(giveCards, k))} />
      <Side title={`${name} gives`} seat={partner} view={view} board={board} prefix="get"
            chosen={get} toggle={(sq) => setGet(flip(get, sq))} cash={getCash}
            setCash={setGetCash} cards={getCards}
            toggleCard={(k) => setGetCards(flip(getCards, k))} />
    </div>
    <p class="trade-summary" aria-live="polite">
      {empty ? "Pick what each side gives." : summaryLine(offer, view, board, me)}</p>
    <button type="submit" class="primary" disabled={busy}>{answering ? "Send counter-offer" : "Propose trade"}</button>
  </form>;
}
