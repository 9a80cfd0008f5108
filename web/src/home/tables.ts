// The data tables the scenario editor offers (src/data/<system>/*.json): each file's entries
// with an id and a name, grouped by what the file holds (weapons, armor, talents, races,
// classes...). Files are picked up by name, so new tables appear without code changes.
import { type Obj, isObj } from '../model/view.ts';

export interface TableEntry {
  id: string;
  name: string;
  note?: string;
}

export type Tables = Record<string, TableEntry[]>;

const GROUPS: [RegExp, string][] = [
  [/weapon|firearm|gun/i, 'weapons'],
  [/armou?r/i, 'armor'],
  [/shield/i, 'shields'],
  [/talent|skill/i, 'talents'],
  [/race/i, 'races'],
  [/class/i, 'classes'],
  [/grenade/i, 'weapons'],
];

function entriesOf(v: unknown): TableEntry[] {
  const out: TableEntry[] = [];
  const add = (id: string, o: Obj) => {
    const name = typeof o.name === 'string' ? o.name : id;
    const note = typeof o.damage === 'string' ? o.damage : typeof o.stops === 'number' ? `stops ${o.stops}${o.perDie === true ? ' per die' : ''}` : typeof o.iq === 'number' ? `IQ ${o.iq}` : undefined;
    out.push({ id: typeof o.id === 'string' ? o.id : id, name, note });
  };
  if (Array.isArray(v)) {
    v.forEach((o, i) => {
      if (isObj(o)) add(String(o.id ?? o.name ?? i), o);
    });
  } else if (isObj(v)) {
    for (const [k, o] of Object.entries(v)) if (isObj(o) && (typeof o.name === 'string' || typeof o.damage === 'string')) add(k, o);
  }
  return out;
}

/** Groups every table found in `files` (path -> parsed JSON) by kind. */
export function collectTables(files: Record<string, unknown>): Tables {
  const out: Tables = {};
  for (const [path, data] of Object.entries(files)) {
    const base = path.split('/').pop() ?? path;
    const candidates: [string, unknown][] = [];
    if (isObj(data)) {
      for (const [k, v] of Object.entries(data)) if (k !== 'source' && (Array.isArray(v) || isObj(v))) candidates.push([k, v]);
    } else if (Array.isArray(data)) candidates.push([base, data]);
    for (const [k, v] of candidates) {
      const group = GROUPS.find(([re]) => re.test(k))?.[1] ?? GROUPS.find(([re]) => re.test(base))?.[1];
      if (!group) continue;
      const es = entriesOf(v);
      if (es.length === 0) continue;
      if (!out[group]) out[group] = [];
      const list = out[group];
      const have = new Set(list.map((e) => e.id));
      for (const e of es) if (!have.has(e.id)) list.push(e);
    }
  }
  return out;
}

/** A server issue path in the editor's notation: "scenario.figures[2].dx" -> "figures.2.dx". */
export function fieldPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1').replace(/^scenario\.?/, '').replace(/^\./, '');
}

/**
 * Issues by field. Paths in either notation ("figures[2].dx", "figures.2.dx") become
 * "figures.2.dx"; with `fields` (the keys the form shows), an issue goes to the nearest field
 * that exists: "figures.0.weapons.0" to "figures.0.weapons", "figures.0.at.q" to
 * "figures.0.at"; one no field holds goes to "" (the form as a whole).
 */
export function issuesByField(issues: readonly { path: string; message: string }[], fields?: ReadonlySet<string>): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const i of issues) {
    let k = fieldPath(i.path);
    if (fields) {
      while (k !== '' && !fields.has(k)) k = k.includes('.') ? k.slice(0, k.lastIndexOf('.')) : '';
    }
    m.set(k, [...(m.get(k) ?? []), i.message]);
  }
  return m;
}
