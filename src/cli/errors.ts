// Turning errors into a clear message and an exit code.
import { DiceExhausted } from '../core/dice/source.ts';
import { CommandRejected, InputError } from '../core/errors.ts';
import type { CliIO } from './io.ts';

export const EXIT = { ok: 0, input: 1, dice: 2, unfinished: 3, internal: 70 } as const;

export function reportError(io: CliIO, e: unknown): number {
  if (e instanceof CommandRejected) {
    io.err(`fray: command rejected: ${e.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    return EXIT.input;
  }
  if (e instanceof InputError) {
    io.err(`fray: ${e.message.split(':')[0]}:`);
    for (const i of e.issues) io.err(`  ${i.path || '(root)'}: ${i.message}`);
    return EXIT.input;
  }
  if (e instanceof DiceExhausted) {
    io.err(`fray: ${e.message}`);
    return EXIT.dice;
  }
  if (e instanceof RangeError && /^dice\[/.test(e.message)) {
    io.err(`fray: --dice: ${e.message}`);
    return EXIT.dice;
  }
  io.err(`fray: internal error: ${(e as Error)?.stack ?? String(e)}`);
  return EXIT.internal;
}
