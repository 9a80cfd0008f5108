// Tables looked up by names people type (weapon, armor, race, spell ids in a scenario): plain
// objects would answer '__proto__', 'constructor' or 'toString' with what they inherit, so a
// scenario naming them passed validation and crashed later. A lookup table has no prototype.

/** An empty table with no inherited keys: `t[name]` is undefined for any name not put in it. */
export function lookupTable<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A table of `rows` by their `id` (no inherited keys). */
export function tableById<T extends { id: string }>(rows: readonly T[]): Record<string, T> {
  const t = lookupTable<T>();
  for (const r of rows) t[r.id] = r;
  return t;
}
