// `fray validate <scenario>`: check a scenario; errors name the field and the reason.
import type { Command } from 'commander';
import type { CliContext } from '../io.ts';
import { loadScenario } from '../scenario-loader.ts';

export function registerValidate(program: Command, ctx: CliContext): void {
  program
    .command('validate')
    .description('check a scenario file and report every problem with its field')
    .argument('<scenario>', 'scenario file (.yaml, .yml or .json)')
    .addHelpText('after', '\nExit code 1 when anything is wrong.\n\nExamples:\n  fray validate examples/tft/duel.yaml\n  fray validate my-scenario.yaml')
    .action((file: string) => {
      const { raw, system } = loadScenario(ctx.io, file);
      system.setup(raw);
      const figures = Array.isArray(raw.figures) ? raw.figures.length : 0;
      ctx.io.out(`${file}: ok (${system.id}, ${figures} figure${figures === 1 ? '' : 's'})`);
    });
}
