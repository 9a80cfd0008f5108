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

/** Names in a scenario longer than MAX_NAME: its `name`, and each figure's `id` and `name`. */
export function scenarioNameIssues(scenario: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  const check = (v: unknown, path: string) => {
    if (typeof v === 'string' && v.length > MAX_NAME) issues.push({ path, message: `at most ${MAX_NAME} characters, got ${v.length}` });
  };
  check(scenario.name, 'scenario.name');
  // The scenario's name becomes the encounter's name, a text column (see NO_NUL).
  if (typeof scenario.name === 'string' && !NO_NUL.check(scenario.name)) issues.push({ path: 'scenario.name', message: NO_NUL.message });
  const figs = scenario.figures;
  if (Array.isArray(figs)) {
    figs.forEach((f, i) => {
      if (!f || typeof f !== 'object') return;
      check((f as { id?: unknown }).id, `scenario.figures[${i}].id`);
      check((f as { name?: unknown }).name, `scenario.figures[${i}].name`);
    });
  }
  return issues;
}
