// Reads a scenario file (YAML or JSON), and picks the game system from its `system` field.
import { InputError } from '../core/errors.ts';
import { quote } from '../core/issues.ts';
import { parseScenarioText } from '../server/scenario-text.ts';
import type { GameSystem } from '../engine/types.ts';
import { getSystem } from '../rules/index.ts';
import type { CliIO } from './io.ts';

export interface LoadedScenario {
  path: string;
  raw: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: any registered system
  system: GameSystem<any, any, any>;
}

/** Why a file could not be read, in words (the error code when there are none for it). */
export function readProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    default:
      return code ?? (e as Error).message;
  }
}

/** A file's path as errors show it: the start of a very long one. */
const shownPath = (path: string) => (path.length > 120 ? quote(path, 120) : path);

/** The text of the file at `path`, or InputError on `field` (the path itself by default) saying why it cannot be read. */
export function readText(io: CliIO, path: string, what: string, field?: string): string {
  try {
    return io.readFile(path);
  } catch (e) {
    const shown = shownPath(path);
    throw new InputError([{ path: field ?? shown, message: `cannot read ${field ? `${shown}: ` : 'the file: '}${readProblem(e)}` }], what);
  }
}

/**
 * The mapping in the file at `path` (a scenario or an experiment: `what`). `field`: the
 * experiment's field that points at this file, which a file that cannot be read is then an
 * error of (readText). What is wrong with the file as a whole (YAML syntax, empty, not a
 * mapping) names the file, not "(file)": `fray compare` reads two files, a script many.
 */
export function readScenarioFile(io: CliIO, path: string, what = 'scenario', field?: string): Record<string, unknown> {
  const text = readText(io, path, field ? 'experiment' : what, field);
  try {
    return parseScenarioText(text, path, what);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    throw new InputError(
      e.issues.map((i) => (i.path === '(file)' || i.path === '(root)' ? { ...i, path: shownPath(path) } : i)),
      what,
    );
  }
}

export function loadScenario(io: CliIO, path: string): LoadedScenario {
  const raw = readScenarioFile(io, path);
  // An experiment file (examples/lab/*.yaml: `variants:` and a `scenario:` it points at, no
  // `figures:`) is not a fight to run: say so, instead of "unknown system undefined".
  if (!('system' in raw) && !('figures' in raw) && ('variants' in raw || 'vary' in raw)) {
    const of = typeof raw.scenario === 'string' ? ` (its scenario is ${quote(raw.scenario, 120)})` : '';
    throw new InputError(
      [{ path: shownPath(path), message: `this is an experiment file for \`fray compare\`, not a scenario${of}: run \`fray compare ${path}\`` }],
      'scenario',
    );
  }
  return { path, raw, system: getSystem(raw.system) };
}
