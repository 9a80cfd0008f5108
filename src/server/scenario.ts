// Scenarios for new encounters: YAML or JSON text, a parsed object, or an example by name
// (examples/**/*.yaml|yml|json shipped with Fray). The system named by the scenario's `system`
// field validates it (setup throws InputError naming the field).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../core/errors.ts';
import { quote, suggest } from '../core/issues.ts';
import { checkNesting, parseScenarioText as parseText } from './scenario-text.ts';
import type { GameSystem } from '../engine/types.ts';
import { getSystem, systems } from '../rules/index.ts';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../examples/', import.meta.url));

/**
 * Parses scenario text (an upload's `scenario`, an example file) with the one reader of
 * scenario text (scenario-text.ts): JSON when `file` ends in .json or, without a file,
 * when the text starts with `{`; YAML otherwise. Issues point at `at`.
 */
export function parseScenarioText(text: string, at = 'scenario', file?: string): Record<string, unknown> {
  const name = file ?? (text.trimStart().startsWith('{') ? `${at}.json` : `${at}.yaml`);
  return parseText(text, name, 'scenario', at);
}

export interface CheckedScenario {
  // biome-ignore lint/suspicious/noExplicitAny: systems differ in their state and command types
  system: GameSystem<any, any, any>;
  scenario: Record<string, unknown>;
  /** The start state (setup ran, so the scenario is valid). */
  state: unknown;
}

/** Picks the system and runs its setup: throws InputError naming the field when anything is wrong. */
export function checkScenario(raw: unknown, lookup: (id: unknown) => CheckedScenario['system'] = getSystem): CheckedScenario {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new InputError([{ path: 'scenario', message: 'must be a mapping (an object with a `system` field)' }], 'scenario');
  }
  const scenario = raw as Record<string, unknown>;
  checkNesting(scenario, 'scenario');
  const known = Object.keys(systems).join(', ');
  if (scenario.system === undefined || scenario.system === null) {
    throw new InputError([{ path: 'system', message: `required: the game system the scenario is for, one of ${known}` }], 'scenario');
  }
  if (typeof scenario.system !== 'string') {
    throw new InputError([{ path: 'system', message: `expected the name of a game system (one of ${known}), got ${JSON.stringify(scenario.system)}` }], 'scenario');
  }
  const system = lookup(scenario.system);
  const state = system.setup(scenario);
  return { system, scenario, state };
}

export interface Example {
  name: string;
  file: string;
  system: string;
  title: string;
}

/** Parsed example files, by path and modification time (creating from an example is frequent). */
const parsedCache = new Map<string, { mtimeMs: number; doc: unknown }>();

function readScenarioFile(path: string): unknown {
  const mtimeMs = statSync(path).mtimeMs;
  const hit = parsedCache.get(path);
  if (hit && hit.mtimeMs === mtimeMs) return structuredClone(hit.doc);
  const doc = parseScenarioText(readFileSync(path, 'utf8'), 'example', path);
  parsedCache.set(path, { mtimeMs, doc });
  return structuredClone(doc);
}

/** Every example scenario, by name ("tft/duel"), read from examples/ now. */
export function listExamples(dir = EXAMPLES_DIR): Example[] {
  const out: Example[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/.test(n)) {
        let doc: unknown;
        try {
          doc = readScenarioFile(p);
        } catch {
          continue; // not a scenario (or broken): the listing shows only usable ones
        }
        const o = (doc ?? {}) as Record<string, unknown>;
        if (typeof o.system !== 'string') continue;
        const name = relative(dir, p).split(sep).join('/').replace(/\.(ya?ml|json)$/, '');
        out.push({ name, file: p, system: o.system, title: typeof o.name === 'string' ? o.name : name });
      }
    }
  };
  walk(dir);
  return out;
}

/** An example's parsed scenario; InputError when there is no example of that name. */
export function loadExample(name: string, dir = EXAMPLES_DIR): { example: Example; scenario: unknown } {
  // Only names from the listing are opened: no path from a request ever reaches the file system.
  const examples = listExamples(dir);
  const example = examples.find((e) => e.name === name);
  if (!example) {
    throw new InputError([{ path: 'example', message: `no example named ${quote(name)}${suggest(name, examples.map((e) => e.name))} (GET /api/examples lists them)` }], 'request');
  }
  return { example, scenario: readScenarioFile(example.file) };
}
