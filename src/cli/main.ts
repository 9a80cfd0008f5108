// The `fray` command. Each subcommand lives in its own file under commands/ and is registered
// with one line below (others add serve, odds, sim, compare the same way).
import { Command, CommanderError } from 'commander';
import { registerCompare } from './commands/compare.ts';
import { registerExplain } from './commands/explain.ts';
import { registerOdds } from './commands/odds.ts';
import { registerRun } from './commands/run.ts';
import { registerSchema } from './commands/schema.ts';
import { registerServe } from './commands/serve.ts';
import { registerSim } from './commands/sim.ts';
import { registerValidate } from './commands/validate.ts';
import { oneLine } from '../core/issues.ts';
import { reportError } from './errors.ts';
import { type CliContext, type CliIO, processIO } from './io.ts';

export type Register = (program: Command, ctx: CliContext) => void;

const registrations: Register[] = [registerRun, registerValidate, registerExplain, registerSchema, registerServe, registerOdds, registerSim, registerCompare];

/**
 * Commander's message `s` as printed: what it quotes ('...', as typed) on one line (control
 * characters escaped), and each word longer than 80 characters cut to its first 60 and '...'.
 */
export function shortenWords(s: string): string {
  return s.replace(/'[^']*'/g, (q) => oneLine(q)).replace(/\S{81,}/g, (w) => `${w.slice(0, 60)}...`);
}

/** Runs the CLI with `argv` as in process.argv (node, script, args...); returns the exit code. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  let code = 0;
  const ctx: CliContext = { io, setExit: (c) => (code = c) };
  const program = new Command('fray')
    .description('Fray: combat engine for The Fantasy Trip (with house rules) and AD&D 1e')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s.replace(/\n$/, '')),
      writeErr: (s) => io.err(s.replace(/\n$/, '')),
      // Commander's own errors quote what was typed ("unknown option '--...'"): the start of a long word only.
      outputError: (s, write) => write(shortenWords(s)),
    });
  for (const r of registrations) r(program, ctx);
  program.addHelpText(
    'after',
    `
Each command has its own help and examples: fray run --help, fray odds --help...

Examples:
  fray run examples/tft/duel.yaml --seed 7
  fray explain examples/tft/skirmish.yaml
  fray odds --adjdx 13 --damage 2d+1 --armor 2
  fray sim examples/tft/duel.yaml -n 10000
  fray compare examples/lab/sweep-variants.yaml --report sweep.html`,
  );
  try {
    await program.parseAsync(argv, { from: 'node' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : e.exitCode || 1;
    return reportError(io, e);
  }
  return code;
}
