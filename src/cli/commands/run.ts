// `fray run <scenario> [--seed N] [--dice LIST] [--json]`: play to the end; narrate or print
// JSON lines (every event, then the summary line).
import type { Command } from 'commander';
import { displayNames, sideNameOf } from '../../engine/names.ts';
import { runToEnd } from '../../engine/run.ts';
import type { GameEvent } from '../../engine/types.ts';
import { makeDice } from '../dice-options.ts';
import { EXIT } from '../errors.ts';
import type { CliContext } from '../io.ts';
import { loadScenario } from '../scenario-loader.ts';
import { turnWord } from '../../lab/summary.ts';
import { count } from '../../lab/text.ts';
import { wholeNumber } from '../../core/numbers.ts';

export function registerRun(program: Command, ctx: CliContext): void {
  program
    .command('run')
    .description('play a scenario to its end (scripted commands, AI for the rest)')
    .argument('<scenario>', 'scenario file (.yaml, .yml or .json)')
    .option('--seed <seed>', 'seed for the dice generator: a whole number from 0 to 2^32 - 1, or text (default: the scenario\'s seed, else 1); a seed given here also skips the scenario\'s own dice: list')
    .option('--dice <list>', 'die faces to use instead of the generator, so not with --seed, e.g. 3,4,5 (running out stops the run, exit 2; faces left over are said on stderr)')
    .option('--json', 'one JSON event per line, then the summary line')
    .option('--max-steps <n>', 'stop after this many commands (exit 3)', '100000')
    .addHelpText(
      'after',
      `
Exit codes: 0 done, 1 bad input, 2 the --dice ran out, 3 stopped by --max-steps.

Examples:
  fray run examples/tft/duel.yaml --seed 7
  fray run examples/tft/duel.yaml --seed 7 --json
  fray run examples/tft/duel.yaml --dice 6,1,3,5,2,4,4,6`,
    )
    .action((file: string, opts: { seed?: string; dice?: string; json?: boolean; maxSteps: string }) => {
      const { io } = ctx;
      const maxSteps = wholeNumber(opts.maxSteps, '--max-steps', { min: 1, max: 1e9 });
      const { raw, system } = loadScenario(io, file);
      const state = system.setup(raw);
      const { dice, unused } = makeDice(opts, raw);
      // Narration names figures as the table does ("Cedric", "Orc (orc2)"); --json keeps the events' ids.
      const names = displayNames(system.summary(state).figures);
      const emit = opts.json ? (e: GameEvent) => io.out(JSON.stringify(e)) : (e: GameEvent) => io.out(system.describe(e, names));
      const result = runToEnd(system, state, dice, emit, { maxSteps });
      const summary = system.summary(state);
      if (opts.json) io.out(JSON.stringify(summary));
      else {
        io.out('');
        // AD&D counts rounds; two figures of one name are told apart as in the narration; sides by name.
        io.out(`Result after ${count(summary.turns, turnWord(system.id))}: ${summary.winner ? `${sideNameOf(state, summary.winner) ?? summary.winner} wins` : 'no winner'}`);
        for (const f of summary.figures) {
          const hp = f.hp !== undefined ? `hp ${f.hp}/${f.maxHp}` : `ST ${f.st}, wounds ${f.wounds}, fatigue ${f.fatigue}`;
          // A figure the GM took out of the fight says so and why (the summary's `left`).
          const left = typeof f.left === 'string' ? `, left the fight (${f.left})` : '';
          io.out(`  ${names.get(f.id) ?? f.name} [${f.side}]: ${f.state}${left}, ${hp}`);
        }
      }
      const left = unused(result.ended ? 'the fight ended before they were rolled' : 'the run stopped before they were rolled');
      if (left) io.err(left);
      if (!result.ended) {
        io.err(`fray: stopped after ${result.steps} commands without an end (--max-steps)`);
        ctx.setExit(EXIT.unfinished);
      }
    });
}
