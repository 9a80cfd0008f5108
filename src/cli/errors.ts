// Turning errors into a clear message and an exit code.
import { DiceExhausted } from '../core/dice/source.ts';
import { CommandRejected, InputError } from '../core/errors.ts';
import { clip } from '../core/issues.ts';
import type { CliIO } from './io.ts';

export const EXIT = { ok: 0, input: 1, dice: 2, unfinished: 3, internal: 70 } as const;

/**
 * The most characters of an issue's path and of its message the CLI prints (one line each,
 * control characters escaped: lab/text.ts clip): the last guard against echoing a huge or
 * multi-line input back; each message should already quote only the start of what it quotes.
 */
export const MAX_PATH_CHARS = 200;
export const MAX_MESSAGE_CHARS = 1000;

/**
 * `e` with its issues on the lab's input fields named by the flags that set them (`flags`:
 * field -> flag, as `--metric` sets an experiment's `metric`); any other error as it is.
 */
export function namedByFlags(e: unknown, flags: Readonly<Record<string, string>>): unknown {
  if (!(e instanceof InputError) || !e.issues.some((i) => Object.hasOwn(flags, i.path))) return e;
  return new InputError(
    e.issues.map((i) => ({ path: Object.hasOwn(flags, i.path) ? flags[i.path] : i.path, message: i.message })),
    'option',
  );
}

export function reportError(io: CliIO, e: unknown): number {
  if (e instanceof CommandRejected) {
    io.err(`fray: command rejected: ${e.issues.map((i) => `${clip(i.path, MAX_PATH_CHARS)}: ${clip(i.message, MAX_MESSAGE_CHARS)}`).join('; ')}`);
    return EXIT.input;
  }
  if (e instanceof InputError) {
    const head = `fray: ${clip(e.message.split(':')[0], MAX_PATH_CHARS)}:`;
    const line = (i: InputError['issues'][number]) => `${clip(i.path || '(root)', MAX_PATH_CHARS)}: ${clip(i.message, MAX_MESSAGE_CHARS)}`;
    // One problem is one line ("fray: invalid option: --seed: '1.5' must be ..."); several are listed under the head.
    if (e.issues.length === 1) {
      io.err(`${head} ${line(e.issues[0])}`);
      return EXIT.input;
    }
    io.err(head);
    for (const i of e.issues.slice(0, 50)) io.err(`  ${line(i)}`);
    if (e.issues.length > 50) io.err(`  ... and ${e.issues.length - 50} more`);
    return EXIT.input;
  }
  if (e instanceof DiceExhausted) {
    io.err(`fray: ${e.message}`);
    return EXIT.dice;
  }
  io.err(`fray: internal error: ${(e as Error)?.stack ?? String(e)}`);
  return EXIT.internal;
}
