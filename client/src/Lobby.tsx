// The lobby: make a game (a name, public or by link only, a ready-made rule set by name, the
// house rules grouped as people think of them with their common names and one-line meanings,
// seats for people or bots by level), the public games to join or watch with their rules and
// free seats, and the games this browser made, which it may delete (for everyone).

import type { JSX } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { CreateIn, Created, GameSummary, Options, RuleOption, RuleSet, Value, forgetGame,
         hostTokenFor, hostedGames, keepHostToken, request } from "./api";

const MAX_SEATS = 8;
// A table a newcomer can beat (the same mix as `passgo play`'s default): two casual bots and a
// beginner.
const DEFAULT_SEATS = ["person", "bot:level:casual", "bot:level:casual", "bot:level:beginner"];

function baseValues(options: Options, set: RuleSet): Record<string, Value> {
  const preset = options.presets.find((p) => p.name === set.preset);
  const out: Record<string, Value> = {};
  for (const o of options.options) out[o.name] = o.default;
  return { ...out, ...(preset?.changed ?? {}), ...set.options };
}

function RuleInput({ option, value, set }: { option: RuleOption; value: Value;
                                              set: (v: Value) => void }): JSX.Element {
  const id = `opt-${option.name}`;
  const tag = <span class={`origin ${option.origin === "house rule" ? "house" : "book"}`}>
    {option.origin}</span>;
  if (option.type === "bool") {
    return <div class="rule">
      <input id={id} name={option.name} type="checkbox" checked={value === true}
             onChange={(e) => set((e.target as HTMLInputElement).checked)} />
      <label for={id}><strong>{option.title}</strong> {tag}<br /><small>{option.meaning}</small></label>
    </div>;
  }
  const field = option.choices.length
    ? <select id={id} name={option.name} value={String(value)}
              onChange={(e) => set((e.target as HTMLSelectElement).value)}>
        {option.choices.map((c) => <option value={c}>{c.replace(/_/g, " ")}</option>)}</select>
    : option.type === "int"
      ? <input id={id} name={option.name} type="number" value={String(value)}
               min={option.min === null ? undefined : String(option.min)}
               max={option.max === null ? undefined : String(option.max)}
               onInput={(e) => set(Number((e.target as HTMLInputElement).value))} />
      : <input id={id} name={option.name} type="text" value={String(value)}
               onInput={(e) => set((e.target as HTMLInputElement).value)} />;
  return <div class="rule">
    <label for={id}><strong>{option.title}</strong> {tag}<br /><small>{option.meaning}</small></label>
    {field}
  </div>;
}

function CreateForm({ options }: { options: Options }): JSX.Element {
  const [setName, setSetName] = useState(options.rule_sets[0]?.name ?? "Classic");
  const ruleSet = options.rule_sets.find((s) => s.name === setName) ?? options.rule_sets[0];
  const [values, setValues] = useState(() => baseValues(options, ruleSet));
  const [seats, setSeats] = useState<string[]>(DEFAULT_SEATS);
  const [error, setError] = useState("");
  const base = useMemo(() => baseValues(options, ruleSet), [options, ruleSet]);
  const changed = options.options.filter((o) => values[o.name] !== base[o.name]);
  const choose = (name: string) => {
    const next = options.rule_sets.find((s) => s.name === name)!;
    setSetName(name);
    setValues(baseValues(options, next));
  };
  const setOption = (option: RuleOption, value: Value) => {
    // A house rule turned on brings the options it needs (the pot for its seed, ...).
    const needs = value === option.on || (option.type !== "bool" && value !== option.default)
      ? option.with : {};
    setValues({ ...values, ...needs, [option.name]: value });
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    const data = new FormData(e.target as HTMLFormElement);
    const sent: Record<string, Value> = { ...ruleSet.options };
    for (const o of options.options) {
      if (values[o.name] !== base[o.name] || o.name in ruleSet.options) sent[o.name] = values[o.name];
    }
    const body: CreateIn = {
      name: String(data.get("game_name") ?? ""),
      public: data.get("listing") !== "private",
      preset: ruleSet.preset,
      options: sent,
      seats: seats.filter((v) => v !== "").map((v) => v === "person" ? { kind: "person" as const }
        : { kind: "bot" as const, bot: v.slice(4) }),
      away_seconds: Number(data.get("away_seconds") ?? 0),
      hints: data.get("hints") === "on",
    };
    try {
      const made = await request<Created>("/api/games", body);
      keepHostToken(made.id, made.host_token);
      location.assign(`/game/${made.id}`);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return <form class="create card" onSubmit={submit} aria-labelledby="create-title">
    <h2 id="create-title">New game</h2>
    <label class="field">Game name <input name="game_name" maxLength={40}
                                          placeholder="Friday night" /></label>
    <fieldset class="listing"><legend>Who can find it</legend>
      <label class="check"><input type="radio" name="listing" value="public" checked /> Public:
        listed in the lobby</label>
      <label class="check"><input type="radio" name="listing" value="private" /> Private: only
        people with the link</label>
    </fieldset>
    <fieldset class="rule-sets"><legend>Rules</legend>
      {options.rule_sets.map((s) => <label class={`rule-set${s.name === setName ? " on" : ""}`}>
        <input type="radio" name="rule_set" value={s.name} checked={s.name === setName}
               onChange={() => choose(s.name)} />
        <strong>{s.name}</strong><small>{s.meaning}</small>
      </label>)}
    </fieldset>
    <div class="house-rules">
      <h3>House rules {changed.length > 0 && <span class="count">({changed.length} changed:
        {" "}{changed.map((o) => o.title).join(", ")})</span>}</h3>
      {options.categories.map((c) => {
        const inGroup = options.options.filter((o) => o.category === c.id);
        const here = inGroup.filter((o) => values[o.name] !== base[o.name]).length;
        return <details class="category" data-category={c.id}>
          <summary>{c.title} <small>({inGroup.length} rules{here ? `, ${here} changed` : ""})</small></summary>
          {inGroup.map((o) => <RuleInput option={o} value={values[o.name]}
                                         set={(v) => setOption(o, v)} />)}
        </details>;
      })}
    </div>
    <fieldset class="seats"><legend>Seats</legend>
      {seats.map((value, i) => <div class="seat">
        <label for={`seat-${i}`}>Seat {i + 1}</label>
        <select id={`seat-${i}`} name={`seat-${i}`} value={value}
                onChange={(e) => setSeats(seats.map((v, k) => k === i
                  ? (e.target as HTMLSelectElement).value : v))}>
          <option value="person">A person</option>
          {options.bots.map((b) => <option value={`bot:${b.name}`}>Bot: {b.title}</option>)}
          {i >= 2 && <option value="">No one</option>}
        </select>
        {i >= 2 && <button type="button" aria-label={`Remove seat ${i + 1}`}
                           onClick={() => setSeats(seats.filter((_, k) => k !== i))}>✕</button>}
      </div>)}
      {seats.length < MAX_SEATS && <button type="button" class="add-seat"
        onClick={() => setSeats([...seats, "bot:basic"])}>Add a seat</button>}
      <details class="bot-levels"><summary>What the bots play like</summary>
        <dl>{options.bots.map((b) => <><dt>{b.title}</dt><dd>{b.doc}</dd></>)}</dl>
      </details>
    </fieldset>
    <details class="more"><summary>More settings</summary>
      <label class="field">A bot plays for a person away for (seconds, 0: never)
        <input name="away_seconds" type="number" min="0" max={String(options.max_away_seconds)}
               defaultValue="0" /></label>
      <label class="check"><input name="hints" type="checkbox" /> Allow hints: a player may
        ask what the expert bot would do at their decision</label>
    </details>
    <p class="error" role="alert">{error}</p>
    <button type="submit" class="primary big">Create game</button>
  </form>;
}

function rulesText(g: GameSummary, options: Options): string {
  if (typeof g.rules === "string") {
    return options.rule_sets.find((s) => s.preset === g.rules && !Object.keys(s.options).length)
      ?.name ?? g.rules;
  }
  if (!g.rules) return "";
  // The options that differ from the classic rules: read as the ready-made rule set that
  // accounts for most of them, with the house rules added to it by name.
  const rules = g.rules;
  const changed = Object.keys(rules).filter((name) => name !== "preset");
  const defaults: Record<string, Value> = {};
  for (const o of options.options) defaults[o.name] = o.default;
  const value = (name: string): Value => (name in rules ? rules[name] as Value : defaults[name]);
  let best = "";
  let rest = changed;
  for (const set of options.rule_sets) {
    const base = baseValues(options, set);
    const fits = options.options.every((o) => base[o.name] === defaults[o.name]
                                              || base[o.name] === value(o.name));
    const left = changed.filter((name) => base[name] !== rules[name]);
    if (fits && (!best || left.length < rest.length)) {
      best = set.name;
      rest = left;
    }
  }
  const titles = rest.map((name) => options.options.find((o) => o.name === name)?.title ?? name);
  return [best || "Classic", ...titles].join(" + ");
}

function GameList({ games, options }: { games: GameSummary[]; options: Options }): JSX.Element {
  return <section class="card" aria-labelledby="games-title">
    <h2 id="games-title">Open games</h2>
    {!games.length ? <p>No public games right now: make one, or ask a friend for a link.</p>
      : <ul class="games">{games.map((g) => {
        const free = g.free ?? g.seats.filter((s) => s.open).length;
        const names = g.seats.filter((s) => s.name).map((s) => s.name).join(", ");
        return <li>
          <a href={`/game/${g.id}`} class="game-name">{g.name || names || "A game"}</a>
          <span class={`status ${g.status}`}>{g.status === "waiting" ? "waiting" : "playing"}</span>
          <p>{free ? `${free} free seat${free > 1 ? "s" : ""}` : "full: watch"} · {g.seats.length} seats
            {names ? ` · ${names}` : ""}</p>
          <p class="muted">Rules: {rulesText(g, options) || "Classic"}</p>
        </li>;
      })}</ul>}
  </section>;
}

function MyGames(): JSX.Element | null {
  const [games, setGames] = useState<GameSummary[]>([]);
  const [error, setError] = useState("");
  const load = () => Promise.all(hostedGames().map((id) =>
    request<GameSummary>(`/api/games/${id}`).catch(() => {
      forgetGame(id); // gone from the server
      return null;
    }))).then((found) => setGames(found.filter((g): g is GameSummary => g !== null)));
  useEffect(() => { void load(); }, []);
  if (!games.length) return null;
  const remove = async (id: string) => {
    try {
      await request(`/api/games/${id}/host`, { host_token: hostTokenFor(id), do: "delete" });
      forgetGame(id);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return <section class="card" aria-labelledby="mine-title">
    <h2 id="mine-title">Your games</h2>
    <p class="error" role="alert">{error}</p>
    <ul class="games">{games.map((g) => <li>
      <a href={`/game/${g.id}`} class="game-name">{g.name || "A game"}</a>
      <span class={`status ${g.status}`}>{g.status}</span>
      <p>{g.seats.map((s) => s.name ?? "(open)").join(", ")}{g.public ? "" : " · private"}</p>
      {/* The server deletes the game itself, for everyone at its table. */}
      <button type="button" data-remove={g.id} onClick={() => remove(g.id)}>
        Delete the game for everyone</button>
    </li>)}</ul>
  </section>;
}

export function Lobby(): JSX.Element {
  const [options, setOptions] = useState<Options | null>(null);
  const [games, setGames] = useState<GameSummary[]>([]);
  const [error, setError] = useState("");
  useEffect(() => {
    Promise.all([request<Options>("/api/options"), request<{ games: GameSummary[] }>("/api/games")])
      .then(([o, g]) => { setOptions(o); setGames(g.games); },
            (e: Error) => setError(`Cannot reach the server: ${e.message}`));
    document.title = "passgo: Monopoly with friends and bots";
  }, []);
  return <div class="lobby">
    <header class="top"><h1 class="brand">passgo</h1>
      <span class="tagline">Monopoly with friends and bots, by the rules or by your house rules</span>
    </header>
    <main class="lobby-main">
      {error && <p class="error">{error}</p>}
      {options ? <>
        <CreateForm options={options} />
        <div class="lists">
          <GameList games={games} options={options} />
          <MyGames />
        </div>
      </> : !error && <p>Loading…</p>}
    </main>
  </div>;
}
