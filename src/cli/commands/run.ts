// `fray run <scenario> [--seed N] [--dice LIST] [--json]`: play to the end; narrate or print
// JSON lines (every event, then the summary line).
import type { Command } from 'commander';
import { displayNames } from '../../engine/names.ts';
import { runToEnd } from '../../engine/run.ts';
import type { GameEvent } from '../../engine/types.ts';
import { makeDice } from '../dice-options.ts';
import { EXIT } from '../errors.ts';
import type { CliContext } from '../io.ts';
import { loadScenario } from '../scenario-loader.ts';
import { positiveInt } from './sim.ts';

export function registerRun(program: Command, ctx: CliContext): void {
  program
    .command('run')
    .description('play a scenario to its end (scripted commands, AI for the rest)')
    .argument('<scenario>', 'scenario file (.yaml, .yml or .json)')
    .option('--seed <n>', 'seed for the dice generator (default: the scenario\'s seed, else 1)')
    .option('--dice <list>', 'comma-separated die faces to use instead of the generator')
    .option('--json', 'one JSON event per line, then the summary line')
    .option('--max-steps <n>', 'stop after this many commands', '100000')
    .action((file: string, opts: { seed?: string; dice?: string; json?: boolean; maxSteps: string }) => {
      const { io } = ctx;
      const maxSteps = positiveInt(opts.maxSteps, '--max-steps', 100000);
      const { raw, system } = loadScenario(io, file);
      const state = system.setup(raw);
      const { dice } = makeDice(opts, raw);
      // Narration names figures as the table does ("Cedric", "Orc (orc2)"); --json keeps the events' ids.
      const names = opts.json ? undefined : displayNames(system.summary(state).figures);
      const emit = opts.json ? (e: GameEvent) => io.out(JSON.stringify(e)) : (e: GameEvent) => io.out(system.describe(e, names));
      const result = runToEnd(system, state, dice, emit, { maxSteps });
      const summary = system.summary(state);
      if (opts.json) io.out(JSON.stringify(summary));
      else {
        io.out('');
        io.out(`Result after ${summary.turns} turn(s): ${summary.winner ? `${summary.winner} wins` : 'no winner'}`);
        for (const f of summary.figures) {
          const hp = f.hp !== undefined ? `hp ${f.hp}/${f.maxHp}` : `ST ${f.st}, wounds ${f.wounds}, fatigue ${f.fatigue}`;
          io.out(`  ${f.name} (${f.side}): ${f.state}, ${hp}`);
        }
      }
      if (!result.ended) {
        io.err(`fray: stopped after ${result.steps} commands without an end (--max-steps)`);
        ctx.setExit(EXIT.unfinished);
      }
    });
}
