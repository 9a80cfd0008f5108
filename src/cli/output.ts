// Files a command writes (--report, --svg): checked before the work starts, so a bad path is a
// clear error at once and not a stack trace after a long run; a write that fails anyway is a
// clear error naming the flag too.
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError } from '../core/errors.ts';
import type { CliIO } from './io.ts';

/** What is at `p`, or undefined when nothing can be found there (missing, or a file where a folder should be). */
function statOf(p: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

const why = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

/** InputError naming `flag` unless `path` can be written: its folder exists and is writable, and it is not a folder. */
export function checkOutputPath(path: string | undefined, flag: string): void {
  if (path === undefined) return;
  const fail = (message: string): never => {
    throw new InputError([{ path: flag, message: `cannot write '${path}': ${message}` }], 'option');
  };
  if (path.trim() === '') fail('no file name');
  // `--svg --no-progress` gives --svg the next word: the file name was left out, and the chart
  // would go to a file named like an option. Such a name is written ./-x.
  if (path.startsWith('-')) fail(`the file name is missing (this is an option); a file whose name starts with '-' is written ./${path}`);
  const full = resolve(path);
  const target = statOf(full);
  if (target?.isDirectory()) fail('it is a directory; give a file name');
  const dir = dirname(full);
  const d = statOf(dir);
  if (!d) fail(`the directory ${dir} does not exist`);
  else if (!d.isDirectory()) fail(`${dir} is not a directory`);
  try {
    accessSync(target ? full : dir, constants.W_OK);
  } catch {
    fail(target ? 'the file is not writable' : `the directory ${dir} is not writable`);
  }
}

/**
 * Writes `text` to `path` and says so on stderr (stdout holds the report or its JSON), so the
 * user sees where the file went; a failure is an InputError naming `flag`.
 */
export function writeOutput(io: CliIO, path: string, flag: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new InputError([{ path: flag, message: `cannot write '${path}' (${why(e)})` }], 'option');
  }
  io.err(`fray: wrote ${path} (${flag})`);
}
