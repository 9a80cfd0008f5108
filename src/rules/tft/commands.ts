// Command shapes (zod), checked in parseCommand only, never inside apply.
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import type { TftCommand } from './model.ts';
import { moduleAction } from './registry.ts';
import { quote, zodIssues } from '../../core/issues.ts';
import { directionSchema, hexSchema } from './schema-util.ts';
import { checkAdjustFields, checkAmount } from './adjust.ts';

const base = { script: z.number().int().min(0).optional() };
const id = z.string().min(1);
/** The GM's damage or healing: a whole number or TFT dice (adjust.ts checks the amount). */
const gmAmount = z.union([z.number(), z.string()]).superRefine(checkAmount);

export const coreCommandSchemas = {
  begin: z.strictObject({ type: z.literal('begin'), ...base }),
  initiative: z.strictObject({ type: z.literal('initiative'), figure: id, choice: z.enum(['first', 'last']), ...base }),
  move: z.strictObject({
    type: z.literal('move'),
    figure: id,
    path: z.array(hexSchema).default([]),
    facing: directionSchema.optional(),
    stance: z.enum(['defend', 'dodge']).optional(),
    ...base,
  }),
  attack: z.strictObject({ type: z.literal('attack'), figure: id, target: id, weapon: id.optional(), ...base }),
  defend: z.strictObject({ type: z.literal('defend'), figure: id, ...base }),
  dodge: z.strictObject({ type: z.literal('dodge'), figure: id, ...base }),
  drop: z.strictObject({ type: z.literal('drop'), figure: id, ...base }),
  'stand-up': z.strictObject({ type: z.literal('stand-up'), figure: id, ...base }),
  pass: z.strictObject({ type: z.literal('pass'), figure: id, ...base }),
  ready: z.strictObject({ type: z.literal('ready'), figure: id, weapon: id, twoHanded: z.boolean().optional(), drop: z.boolean().optional(), ...base }),
  'pick-up': z.strictObject({ type: z.literal('pick-up'), figure: id, weapon: id, ...base }),
  disengage: z.strictObject({ type: z.literal('disengage'), figure: id, to: hexSchema, ...base }),
  // The GM's adjustment of a figure (adjust.ts): any moment of the fight, the GM's only.
  adjust: z
    .strictObject({
      type: z.literal('adjust'),
      figure: id,
      damage: gmAmount.optional(),
      armor: z.boolean().optional(),
      heal: gmAmount.optional(),
      fatigue: z.number().int().min(-99).max(99).refine((v) => v !== 0, 'must not be 0 (+ fatigue taken, - fatigue recovered)').optional(),
      reason: z.string().trim().min(1).max(200),
      ...base,
    })
    .superRefine(checkAdjustFields),
  // The GM ends the fight (end.ts): the winning side (a side id; end.ts checks it) or null, and why.
  end: z.strictObject({ type: z.literal('end'), winner: id.nullable(), reason: z.string().trim().min(1).max(200), ...base }),
  // The GM takes one figure out of the fight (leave.ts): it flees, surrenders, is carried off.
  leave: z.strictObject({ type: z.literal('leave'), figure: id, reason: z.string().trim().min(1).max(200), ...base }),
} as const;

export type CoreCommandType = keyof typeof coreCommandSchemas;

export const coreCommandSchema = z.discriminatedUnion('type', [
  coreCommandSchemas.begin,
  coreCommandSchemas.initiative,
  coreCommandSchemas.move,
  coreCommandSchemas.attack,
  coreCommandSchemas.defend,
  coreCommandSchemas.dodge,
  coreCommandSchemas.drop,
  coreCommandSchemas['stand-up'],
  coreCommandSchemas.pass,
  coreCommandSchemas.ready,
  coreCommandSchemas['pick-up'],
  coreCommandSchemas.disengage,
  coreCommandSchemas.adjust,
  coreCommandSchemas.end,
  coreCommandSchemas.leave,
]);

export function isCoreType(t: string): t is CoreCommandType {
  return Object.hasOwn(coreCommandSchemas, t);
}

/** Checks a raw command's shape (core or a registered module's); InputError naming the field. */
export function parseTftCommand(raw: unknown, path = 'command'): TftCommand {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new InputError([{ path, message: 'expected an object with a `type`' }], 'command');
  }
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== 'string') throw new InputError([{ path: `${path}.type`, message: 'required: a command type such as move, attack, defend' }], 'command');
  let schema: z.ZodType | undefined;
  if (isCoreType(type)) schema = coreCommandSchemas[type];
  else schema = moduleAction(type)?.spec.schema;
  if (!schema) {
    const known = [...Object.keys(coreCommandSchemas)];
    throw new InputError([{ path: `${path}.type`, message: `unknown command ${quote(String(type))} (known: ${known.join(', ')} and active house-rule actions)` }], 'command');
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw new InputError(zodIssues(r.error, raw, path), 'command');
  return r.data as TftCommand;
}
