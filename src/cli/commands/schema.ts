// `fray schema [--system tft]`: the JSON Schema of the scenario format (zod 4's z.toJSONSchema).
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { getSystem } from '../../rules/index.ts';
import type { CliContext } from '../io.ts';

export function registerSchema(program: Command, ctx: CliContext): void {
  program
    .command('schema')
    .description('print the JSON Schema of a system\'s scenario format')
    .option('--system <id>', 'game system', 'tft')
    .action((opts: { system: string }) => {
      const system = getSystem(opts.system);
      if (!system.scenarioJsonSchema) throw new InputError([{ path: '--system', message: `${opts.system} has no published scenario schema` }], 'option');
      ctx.io.out(JSON.stringify(system.scenarioJsonSchema(), null, 2));
    });
}
