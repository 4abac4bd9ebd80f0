// Updates as JSON Patches (RFC 6902), the browser's side of passgo.web.patch: the server sends
// a browser that asked for patches (`patches: true` in its hello) only what changed in its
// seat's state since the last update. `applyPatch` copies the objects on each operation's
// path and shares the rest with the old state, so what did not change keeps its identity.

export type PatchOp =
  | { op: "add" | "replace"; path: string; value: unknown }
  | { op: "remove"; path: string };

type Container = Record<string, unknown> | unknown[];

const own = (value: unknown, copied: Set<unknown>): Container => {
  if (copied.has(value)) return value as Container;
  if (value === null || typeof value !== "object") throw new Error("patch: no such place");
  const mine: Container = Array.isArray(value) ? [...value] : { ...(value as object) };
  copied.add(mine);
  return mine;
};

const get = (parent: Container, token: string): unknown => {
  const found = Array.isArray(parent) ? parent[Number(token)]
    : Object.prototype.hasOwnProperty.call(parent, token) ? parent[token] : undefined;
  if (found === undefined) throw new Error(`patch: no ${token} in the state`);
  return found;
};

const set = (parent: Container, token: string, value: unknown) => {
  if (Array.isArray(parent)) parent[Number(token)] = value;
  else parent[token] = value;
};

/** `doc` with `ops` applied (`doc` itself unchanged); throws on a path that is not there. */
export function applyPatch<T>(doc: T, ops: PatchOp[]): T {
  const copied = new Set<unknown>();
  let root: unknown = own(doc, copied);
  for (const op of ops) {
    const tokens = op.path.split("/").slice(1)
      .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (tokens.length === 0) {
      if (op.op === "remove") throw new Error("patch: cannot remove the whole state");
      root = op.value;
      continue;
    }
    let parent = root as Container;
    for (const token of tokens.slice(0, -1)) {
      const child = own(get(parent, token), copied);
      set(parent, token, child);
      parent = child;
    }
    const last = tokens[tokens.length - 1];
    if (op.op === "remove") {
      get(parent, last);
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else if (op.op === "add" && Array.isArray(parent)) {
      parent.splice(last === "-" ? parent.length : Number(last), 0, op.value);
    } else {
      if (op.op === "replace") get(parent, last);
      set(parent, last, op.value);
    }
  }
  return root as T;
}
