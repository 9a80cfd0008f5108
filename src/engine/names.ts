// The names narration shows for figures (`fray run`, the table's log): what the table shows,
// not the scenario's ids. Events keep naming figures by id; describe(event, names) looks each
// id up here, and an id without an entry is shown as the id (old callers, unit tests).
//
// Pure and cheap, built once per encounter (figures never change names during a fight), and
// only where narration is built: the lab, with events off, never calls it.

/** Figure id -> the name narration shows for it. */
export type DisplayNames = ReadonlyMap<string, string>;

/**
 * Each figure's name; where two or more figures share a name (ignoring case and surrounding
 * spaces), "Name (id)" for each of them, so a GM tells the two orcs apart; a figure without a
 * name (or with an empty one, or named by its own id) keeps it as it is. The table's roster
 * (web/src/model/view.ts distinctNames) shows these names too, so the log and the map agree.
 *
 * One-to-one for figures with distinct ids: a plain name that another figure also shows (one
 * that reads like another's "Name (id)") is qualified too, and in the one case that could still
 * clash (ids that themselves contain " (" and ")"), every figure is shown by its id, as before.
 */
export function displayNames(figures: readonly { id: string; name?: string | null }[]): Map<string, string> {
  const norm = (s: string) => s.trim().toLowerCase();
  const base = figures.map((f) => (typeof f.name === 'string' && f.name.trim() !== '' ? f.name.trim() : f.id));
  const count = new Map<string, number>();
  for (const b of base) count.set(norm(b), (count.get(norm(b)) ?? 0) + 1);
  const qualified = base.map((b, i) => count.get(norm(b))! > 1 && norm(b) !== norm(figures[i].id));
  const shown = (i: number) => (qualified[i] ? `${base[i]} (${figures[i].id})` : base[i]);
  // A plain name that another figure also shows ("Orc (y)" named so, or two figures each named
  // by its own id in different case) is qualified too; each pass qualifies one more or ends.
  for (let changed = true; changed; ) {
    changed = false;
    const uses = new Map<string, number>();
    for (let i = 0; i < figures.length; i++) uses.set(shown(i), (uses.get(shown(i)) ?? 0) + 1);
    for (let i = 0; i < figures.length; i++) {
      if (!qualified[i] && uses.get(shown(i))! > 1) {
        qualified[i] = true;
        changed = true;
      }
    }
  }
  const out = new Map(figures.map((f, i) => [f.id, shown(i)]));
  if (new Set(out.values()).size !== out.size) return new Map(figures.map((f) => [f.id, f.id]));
  return out;
}

/** The name narration shows for figure `id`: its entry in `names`, else the id itself. */
export function nameOf(names: DisplayNames | undefined, id: unknown): string {
  const s = String(id ?? '');
  return names?.get(s) ?? s;
}

/**
 * A side's name in the scenario (state.sideNames), or null when it has none: the Markdown
 * report, the lobby's listing and `fray run`'s result name sides by it, as the narration does.
 */
export function sideNameOf(state: unknown, side: unknown): string | null {
  const names = (state as { sideNames?: Record<string, unknown> } | null)?.sideNames;
  const n = typeof side === 'string' && names && Object.hasOwn(names, side) ? names[side] : undefined;
  return typeof n === 'string' && n !== '' ? n : null;
}
