// The lobby: create a game (a preset, every house rule as a switch with its meaning, starting
// cash, a round limit or a time limit, seats for people or bots, stand-in bots for away
// players) and the list of games to join or watch.

import { CreateIn, Created, GameSummary, Options, RuleOption, h, keepHostToken,
         request } from "./api";

export async function showLobby(root: HTMLElement): Promise<void> {
  const [options, games] = await Promise.all([
    request<Options>("/api/options"),
    request<{ games: GameSummary[] }>("/api/games"),
  ]);
  root.replaceChildren(
    h("h1", {}, "passgo"),
    h("section", { "aria-labelledby": "create-title" },
      h("h2", { id: "create-title" }, "New game"), createForm(options)),
    h("section", { "aria-labelledby": "games-title" },
      h("h2", { id: "games-title" }, "Games"), gameList(games.games)),
  );
}

function gameList(games: GameSummary[]): HTMLElement {
  if (!games.length) return h("p", {}, "No games yet: create one.");
  return h("ul", { class: "games" }, ...games.map((g) => {
    const open = g.free ?? g.seats.filter((s) => s.open).length;
    const names = g.seats.map((s) => s.name ?? "(open)").join(", ");
    const rules = typeof g.rules === "string" ? g.rules : g.rules ? "house rules" : "";
    return h("li", {}, h("a", { href: `/game/${g.id}` }, g.name || names),
      ` — ${g.name ? `${names}, ` : ""}${rules ? `${rules}, ` : ""}${g.status}` +
      `${open ? `, ${open} open seat(s)` : ""}`);
  }));
}

function optionInput(option: RuleOption): HTMLElement {
  const id = `opt-${option.name}`;
  let input: HTMLElement;
  if (option.type === "bool") {
    input = h("input", { id, name: option.name, type: "checkbox", checked: option.default === true });
  } else if (option.choices.length) {
    input = h("select", { id, name: option.name },
      ...option.choices.map((c) => h("option", { value: c, selected: c === option.default }, c)));
  } else if (option.type === "int") {
    input = h("input", { id, name: option.name, type: "number", value: String(option.default),
                         min: option.min === null ? undefined : String(option.min),
                         max: option.max === null ? undefined : String(option.max) });
  } else {
    input = h("input", { id, name: option.name, type: "text", value: String(option.default) });
  }
  return h("div", { class: "option" },
    h("label", { for: id }, input, " ", h("code", {}, option.name)),
    h("small", {}, option.doc));
}

function seatRow(i: number, options: Options): HTMLElement {
  const select = h("select", { name: `seat-${i}`, "aria-label": `Seat ${i + 1}` },
    h("option", { value: "person" }, "a person"),
    h("option", { value: "" }, "empty"),
    ...options.bots.map((b) => h("option", { value: `bot:${b.name}`, title: b.doc },
                                 `bot: ${b.name}`)));
  (select as HTMLSelectElement).value = i === 0 ? "person" : i < 4 ? "bot:strategic" : "";
  return h("label", { class: "seat" }, `Seat ${i + 1} `, select);
}

// The rules options the form asks for next to the starting cash, not among the house rules.
const LIMITS = ["round_limit", "clock_minutes"];

function createForm(options: Options): HTMLElement {
  const presetSelect = h("select", { name: "preset", id: "preset" },
    ...options.presets.map((p) => h("option", { value: p.name }, `${p.name}: ${p.summary}`)));
  const rules = h("details", {}, h("summary", {}, "House rules and options"),
    ...options.options.filter((o) => !LIMITS.includes(o.name)).map(optionInput));
  const error = h("p", { class: "error", role: "alert" });
  // The form shows the chosen preset's values; only options changed from them are sent.
  const presetValues = (): Record<string, unknown> => {
    const preset = options.presets.find((p) => p.name === (presetSelect as HTMLSelectElement).value);
    const base: Record<string, unknown> = {};
    for (const o of options.options) base[o.name] = o.default;
    return { ...base, ...(preset?.changed ?? {}) };
  };
  presetSelect.addEventListener("change", () => {
    const values = presetValues();
    for (const o of options.options) {
      const field = rules.querySelector<HTMLInputElement>(`[name="${o.name}"]`);
      if (!field) continue;
      if (o.type === "bool") field.checked = values[o.name] === true;
      else field.value = String(values[o.name]);
    }
    for (const name of LIMITS) {
      const limit = document.querySelector<HTMLInputElement>(`[name="${name}"]`);
      if (limit) limit.value = String(values[name]);
    }
  });
  const form = h("form", { class: "create" },
    h("label", {}, "Name ", h("input", { name: "game_name", maxlength: "40",
                                         placeholder: "Friday night" })),
    h("label", {}, h("input", { name: "public", type: "checkbox", checked: true }),
      " list it in the lobby (else only the link reaches it)"),
    h("label", { for: "preset" }, "Rules "), presetSelect,
    h("div", { class: "seats" }, ...Array.from({ length: 8 }, (_, i) => seatRow(i, options))),
    h("label", {}, "Starting cash ",
      h("input", { name: "starting_cash", type: "number", min: "1", placeholder: "as printed" })),
    h("label", {}, "Round limit ",
      h("input", { name: "round_limit", type: "number", min: "0", value: "0",
                   title: "time-limit game: the richest wins after this many rounds (0: none)" })),
    h("label", {}, "Time limit (minutes) ",
      h("input", { name: "clock_minutes", type: "number", min: "0", value: "0",
                   title: "time-limit game: when the time is up the richest wins (0: none)" })),
    h("label", {}, "A bot plays for an away person after (seconds, 0: never) ",
      h("input", { name: "away_seconds", type: "number", min: "0",
                   max: String(options.max_away_seconds), value: "0" })),
    rules, error,
    h("button", { type: "submit" }, "Create game"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form as HTMLFormElement);
    const changed: Record<string, boolean | number | string> = {};
    const base = presetValues();
    for (const option of options.options) {
      const field = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${option.name}"]`);
      if (!field) continue;
      const value = option.type === "bool" ? (field as HTMLInputElement).checked
        : option.type === "int" ? Number(field.value) : field.value;
      if (value !== base[option.name]) changed[option.name] = value;
    }
    const seats = Array.from({ length: 8 }, (_, i) => String(data.get(`seat-${i}`)))
      .filter((v) => v !== "")
      .map((v) => v === "person" ? { kind: "person" } : { kind: "bot", bot: v.slice(4) });
    const cash = String(data.get("starting_cash") ?? "");
    const body: CreateIn = {
      name: String(data.get("game_name") ?? ""),
      public: data.get("public") !== null,
      preset: String(data.get("preset")),
      options: changed,
      seats: seats as CreateIn["seats"],
      starting_cash: cash ? Number(cash) : null,
      away_seconds: Number(data.get("away_seconds") ?? 0),
    };
    try {
      const made = await request<Created>("/api/games", body);
      keepHostToken(made.id, made.host_token);
      location.assign(`/game/${made.id}`);
    } catch (err) {
      error.textContent = (err as Error).message;
    }
  });
  return form;
}
