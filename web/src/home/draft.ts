// What both systems' drafts share: whole numbers typed as text, problems keyed by field path
// ("figures.0.hp"), and figure ids made from the names.

/** A whole number typed in a field, or NaN. */
export const int = (s: string): number => (/^-?\d+$/.test(s.trim()) ? Number(s) : Number.NaN);

/** The weapon-in-hand choice of none: the figure draws later (AD&D `wield`, TFT `ready: null`). */
export const NO_WEAPON = '-';

/** Problems by field path; `add` appends one. */
export class Problems extends Map<string, string[]> {
  add(key: string, message: string): void {
    this.set(key, [...(this.get(key) ?? []), message]);
  }
}

/** Whether `v` is a whole number within the bounds (either may be absent). */
export const within = (v: number, min?: number, max?: number): boolean => Number.isInteger(v) && (min === undefined || v >= min) && (max === undefined || v <= max);

/**
 * An integer's bounds from its JSON Schema; zod writes an unbounded side as the safe-integer
 * limit, which is no bound to show a GM.
 */
export function schemaBounds(s: { minimum?: number; maximum?: number } | undefined): { min?: number; max?: number } {
  const b = (v: number | undefined) => (v === undefined || Math.abs(v) >= Number.MAX_SAFE_INTEGER ? undefined : v);
  return { min: b(s?.minimum), max: b(s?.maximum) };
}

/** The bounds in words: "a whole number from 1 to 40". */
export function boundsText(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return `a whole number from ${min} to ${max}`;
  if (min !== undefined) return `a whole number of ${min} or more`;
  if (max !== undefined) return `a whole number of ${max} or less`;
  return 'a whole number';
}

const slug = (s: string, i: number) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `f${i + 1}`;

/** One id per figure from its name ("Ann", "Ann" -> "ann", "ann-2"), unique in the list. */
export function figureIds(names: readonly string[]): string[] {
  const ids = new Set<string>();
  return names.map((n, i) => {
    let id = slug(n, i);
    while (ids.has(id)) id = `${id}-${i + 1}`;
    ids.add(id);
    return id;
  });
}

/** The checks every fight shares: a name, two figures or more, each named and on a side, two sides. */
export function checkCommon(name: string, figures: readonly { name: string; side: string }[], out: Problems): void {
  if (!name.trim()) out.add('name', 'give the encounter a name');
  if (figures.length < 2) out.add('figures', 'a fight needs at least two figures');
  figures.forEach((f, i) => {
    if (!f.name.trim()) out.add(`figures.${i}.name`, 'required');
    if (!f.side.trim()) out.add(`figures.${i}.side`, 'required');
  });
  if (new Set(figures.map((f) => f.side.trim())).size < 2 && figures.length >= 2) out.add('figures', 'put the figures on at least two sides');
}
