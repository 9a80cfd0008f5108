// Scenario and experiment text (YAML or JSON) read into a mapping, or an InputError saying why
// not: syntax (the parser's first error or warning), an empty file, duplicate JSON keys, nesting
// deeper than MAX_DEPTH, not a mapping. The one reader for the command line's files and the
// table server's uploads and examples.
import { parseDocument } from 'yaml';
import { InputError } from '../core/errors.ts';
import { refuseForbiddenFields } from '../core/forbidden.ts';
import { pathOf, quote } from '../core/issues.ts';

/** The deepest nesting of lists and mappings a scenario or experiment file may have (real ones have under 10). */
export const MAX_DEPTH = 64;

/**
 * The path of a value nested deeper than MAX_DEPTH in `root` (its first keys), or undefined.
 * Iterative, so a deep value cannot overflow the stack here (it would later: copies, zod).
 */
function tooDeep(root: unknown): string | undefined {
  const stack: { v: unknown; path: PropertyKey[] }[] = [{ v: root, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: unknown; path: PropertyKey[] };
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= MAX_DEPTH) return `${pathOf('', path.slice(0, 6))}...`;
    for (const [k, x] of Object.entries(v)) stack.push({ v: x, path: [...path, Array.isArray(v) ? Number(k) : k] });
  }
  return undefined;
}

/**
 * YAML text as a value; the parser's first error is thrown, and so is its first warning (an
 * unresolved tag, an ambiguous alias...), which would otherwise go to stderr as a Node warning
 * with an excerpt of the file while the value is read some other way than was meant.
 */
function parseYamlStrict(text: string, what: string, file: string): unknown {
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors[0]) throw doc.errors[0];
  const warning = doc.warnings[0];
  if (warning) throw new InputError([{ path: file, message: `YAML: ${warning.message.split('\n')[0].replace(/:\s*$/, '')}` }], what);
  return doc.toJS();
}

/**
 * The first key that appears twice in one object of `text` (valid JSON), with its line:
 * JSON.parse keeps the last silently, where YAML refuses "Map keys must be unique".
 */
export function duplicateJsonKey(text: string): { key: string; line: number } | undefined {
  const keys: (Set<string> | null)[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    else if (c === '{') keys.push(new Set());
    else if (c === '[') keys.push(null);
    else if (c === '}' || c === ']') keys.pop();
    else if (c === '"') {
      const start = i;
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
      let j = i + 1;
      while (text[j] === ' ' || text[j] === '\t' || text[j] === '\n' || text[j] === '\r') j++;
      const set = keys[keys.length - 1];
      if (text[j] !== ':' || !set) continue;
      const key = JSON.parse(text.slice(start, i + 1)) as string;
      if (set.has(key)) return { key, line };
      set.add(key);
    }
  }
  return undefined;
}

/**
 * Parses a scenario (or, `what` = 'experiment or scenario', an experiment) file's text: a
 * mapping, or InputError saying why not (syntax, nesting deeper than MAX_DEPTH, not a mapping, a
 * field named "__proto__" or a "constructor" holding "prototype": core/forbidden.ts).
 * JSON when `path` ends in .json; otherwise YAML, which reads JSON text too.
 */
export function parseScenarioText(text: string, path: string, what = 'scenario', at?: string): Record<string, unknown> {
  const json = path.endsWith('.json');
  // Where the issues point: the file (the command line), or a field holding the text (`at`, the server's `scenario`).
  const file = at ?? '(file)';
  const root = at ?? '(root)';
  if (text.trim() === '') throw new InputError([{ path: file, message: 'the file is empty' }], what);
  let raw: unknown;
  try {
    raw = json ? JSON.parse(text) : parseYamlStrict(text, what, file);
  } catch (e) {
    if (e instanceof InputError) throw e;
    // The parser recursing through a deeply nested value runs out of stack.
    if (e instanceof RangeError || /Maximum call stack/.test((e as Error).message)) {
      throw new InputError([{ path: file, message: `nested too deeply to read (at most ${MAX_DEPTH} levels of lists and mappings)` }], what);
    }
    // The first line of the parser's message ("... at line 2, column 1:"; the excerpt after it is left out).
    const first = (e as Error).message.split('\n')[0].replace(/:\s*$/, '');
    throw new InputError([{ path: file, message: `${json ? 'JSON' : 'YAML'} syntax: ${first}` }], what);
  }
  const dup = json ? duplicateJsonKey(text) : undefined;
  if (dup) throw new InputError([{ path: file, message: `JSON: the key ${quote(dup.key)} appears twice in one object (line ${dup.line}); keys must be unique` }], what);
  if (raw === undefined || (raw === null && !/^\s*null\s*$/.test(text))) throw new InputError([{ path: file, message: 'the file is empty' }], what);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    const expected = what === 'scenario' ? 'a scenario is a mapping with `system`, `figures`...' : 'an experiment is a mapping with `name`, `scenario`, `variants`... (a scenario, with `system`, `figures`...)';
    throw new InputError([{ path: root, message: `${expected}; got ${Array.isArray(raw) ? 'a list' : raw === null ? 'null' : quote(String(raw))}` }], what);
  }
  checkNesting(raw, what, at);
  refuseForbiddenFields(raw, what, at);
  return raw as Record<string, unknown>;
}

/**
 * InputError when `raw` nests deeper than MAX_DEPTH, naming where (under `at` when given): for
 * scenario text above, and for a scenario sent as an object (the server's `scenario`), which
 * the system's setup, copies and storage would otherwise recurse through.
 */
export function checkNesting(raw: unknown, what: string, at?: string): void {
  const deep = tooDeep(raw);
  if (deep !== undefined) throw new InputError([{ path: at ? `${at}.${deep}` : deep, message: `nested more than ${MAX_DEPTH} levels deep` }], what);
}
