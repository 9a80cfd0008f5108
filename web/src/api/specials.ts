// The special criticals (R-A10) the GM has handled at an encounter (an effect applied or noted,
// or the prompt dismissed), kept in the GM's browser: a reload does not ask again.

const KEY = 'fray.specials.v1';
type Storage_ = Pick<Storage, 'getItem' | 'setItem'>;

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

function load(s: Storage_ | undefined): Record<string, string[]> {
  try {
    const v = JSON.parse(s?.getItem(KEY) ?? '{}') as unknown;
    if (typeof v !== 'object' || v === null) return {};
    const out: Record<string, string[]> = {};
    for (const [id, keys] of Object.entries(v)) if (Array.isArray(keys)) out[id] = keys.filter((k): k is string => typeof k === 'string');
    return out;
  } catch {
    return {};
  }
}

/** The keys (model/special.ts SpecialCritical.key) handled at an encounter. */
export function handledSpecials(encounterId: string, s: Storage_ | undefined = storage()): ReadonlySet<string> {
  return new Set(load(s)[encounterId] ?? []);
}

/** Marks one handled; returns the encounter's handled keys. */
export function keepHandled(encounterId: string, key: string, s: Storage_ | undefined = storage()): ReadonlySet<string> {
  const all = load(s);
  all[encounterId] = [...new Set([...(all[encounterId] ?? []), key])];
  try {
    s?.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or refused: handled for this page only.
  }
  return new Set(all[encounterId]);
}
