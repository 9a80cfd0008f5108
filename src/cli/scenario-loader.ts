// Reads a scenario file (YAML or JSON), and picks the game system from its `system` field.
import { parse as parseYaml } from 'yaml';
import { InputError } from '../core/errors.ts';
import type { GameSystem } from '../engine/types.ts';
import { getSystem } from '../rules/index.ts';
import type { CliIO } from './io.ts';

export interface LoadedScenario {
  path: string;
  raw: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: any registered system
  system: GameSystem<any, any, any>;
}

export function parseScenarioText(text: string, path: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = path.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { prettyErrors: true });
  } catch (e) {
    throw new InputError([{ path: '(file)', message: `${path.endsWith('.json') ? 'JSON' : 'YAML'} syntax: ${(e as Error).message.split('\n')[0]}` }], 'scenario');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new InputError([{ path: '(root)', message: 'a scenario is a mapping with `system`, `figures`...' }], 'scenario');
  }
  return raw as Record<string, unknown>;
}

export function loadScenario(io: CliIO, path: string): LoadedScenario {
  let text: string;
  try {
    text = io.readFile(path);
  } catch (e) {
    throw new InputError([{ path, message: `cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }], 'scenario');
  }
  const raw = parseScenarioText(text, path);
  // An experiment file (examples/lab/*.yaml: `variants:` and a `scenario:` it points at, no
  // `figures:`) is not a fight to run: say so, instead of "unknown system undefined".
  if (!('system' in raw) && !('figures' in raw) && ('variants' in raw || 'vary' in raw)) {
    const of = typeof raw.scenario === 'string' ? ` (its scenario is ${raw.scenario})` : '';
    throw new InputError(
      [{ path: '(file)', message: `this is an experiment file for \`fray compare\`, not a scenario${of}: run \`fray compare ${path}\`` }],
      'scenario',
    );
  }
  return { path, raw, system: getSystem(raw.system) };
}
