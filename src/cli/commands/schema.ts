// `fray schema [--system tft]`: the JSON Schema of the scenario format (zod 4's z.toJSONSchema).
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { quote } from '../../core/issues.ts';
import { getSystem, systems } from '../../rules/index.ts';
import type { CliContext } from '../io.ts';

export function registerSchema(program: Command, ctx: CliContext): void {
  program
    .command('schema')
    .description('print the JSON Schema of a system\'s scenario format')
    .option('--system <id>', 'game system: tft or adnd', 'tft')
    .addHelpText('after', '\nExamples:\n  fray schema > scenario.schema.json\n  fray schema --system adnd > adnd.schema.json')
    .action((opts: { system: string }) => {
      // The option, not a scenario's `system` field, is what is wrong here.
      if (!Object.hasOwn(systems, opts.system)) throw new InputError([{ path: '--system', message: `unknown system ${quote(opts.system)}; known: ${Object.keys(systems).join(', ')}` }], 'option');
      const system = getSystem(opts.system);
      if (!system.scenarioJsonSchema) throw new InputError([{ path: '--system', message: `${opts.system} has no published scenario schema` }], 'option');
      ctx.io.out(JSON.stringify(system.scenarioJsonSchema(), null, 2));
    });
}
