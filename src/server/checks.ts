// Checks of what the GM sends beyond its shape (protocol.ts checks that): settings that name
// figures must name this encounter's figures, notes need distinct ids, and the names a scenario
// brings are bounded like the names of the API. Each check returns every problem, by field.
import { type EncounterSettings, type Issue, MAX_NAME, NO_NUL } from './protocol.ts';

/** Problems of `settings` for an encounter with these figures; paths start with `base`. */
export function settingsIssues(settings: Partial<EncounterSettings>, figures: readonly string[], base: string): Issue[] {
  const known = new Set(figures);
  const issues: Issue[] = [];
  const list = figures.join(', ');
  const at = (p: string) => (base ? `${base}.${p}` : p);
  const seen = new Set<string>();
  (settings.hiddenFigures ?? []).forEach((id, i) => {
    if (!known.has(id)) issues.push({ path: at(`hiddenFigures[${i}]`), message: `no figure '${id}' in this encounter (figures: ${list})` });
    else if (seen.has(id)) issues.push({ path: at(`hiddenFigures[${i}]`), message: `'${id}' is listed twice` });
    seen.add(id);
  });
  const ids = new Map<string, number>();
  (settings.notes ?? []).forEach((n, i) => {
    const first = ids.get(n.id);
    if (first !== undefined) issues.push({ path: at(`notes[${i}].id`), message: `note id '${n.id}' is already used by notes[${first}]; each note needs its own id` });
    else ids.set(n.id, i);
    if (n.figure !== undefined && !known.has(n.figure)) issues.push({ path: at(`notes[${i}].figure`), message: `no figure '${n.figure}' in this encounter (figures: ${list})` });
  });
  return issues;
}

/**
 * Names in a scenario longer than MAX_NAME (its `name`, each figure's `id` and `name`), and the
 * NUL character in the texts that are stored in a text column of their own, which PostgreSQL
 * refuses (see NO_NUL): the scenario's name (the encounter's), and the sides' ids and names (the
 * listing's winner and winnerName, written when the fight ends: on PostgreSQL the last step
 * could never be stored).
 */
export function scenarioNameIssues(scenario: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  const check = (v: unknown, path: string) => {
    if (typeof v === 'string' && v.length > MAX_NAME) issues.push({ path, message: `at most ${MAX_NAME} characters, got ${v.length}` });
  };
  const noNul = (v: unknown, path: string) => {
    if (typeof v === 'string' && !NO_NUL.check(v)) issues.push({ path, message: NO_NUL.message });
  };
  check(scenario.name, 'scenario.name');
  noNul(scenario.name, 'scenario.name');
  const each = (list: unknown, fn: (x: Record<string, unknown>, i: number) => void) => {
    if (!Array.isArray(list)) return;
    list.forEach((x, i) => {
      if (x && typeof x === 'object') fn(x as Record<string, unknown>, i);
    });
  };
  each(scenario.figures, (f, i) => {
    check(f.id, `scenario.figures[${i}].id`);
    check(f.name, `scenario.figures[${i}].name`);
    noNul(f.side, `scenario.figures[${i}].side`);
  });
  each(scenario.sides, (s, i) => {
    noNul(s.id, `scenario.sides[${i}].id`);
    noNul(s.name, `scenario.sides[${i}].name`);
  });
  return issues;
}
