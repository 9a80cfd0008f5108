// Small zod helpers shared by the scenario and command schemas: hexes written [q, r] or {q, r}.
// zod issues are turned into InputError issues by core/issues.ts (zodIssues).
import { z } from 'zod';
import { named } from '../../core/issues.ts';

/** What a hex is, in the issues of a hex field ("required: a hex, [q, r] or {q, r}") and its description. */
const HEX = 'a hex, [q, r] or {q, r}';

export const hexSchema = z
  .union([z.tuple([z.number().int(), z.number().int()]), z.strictObject({ q: z.number().int(), r: z.number().int() })], named(HEX))
  .transform((h) => (Array.isArray(h) ? { q: h[0], r: h[1] } : { q: h.q, r: h.r }))
  .describe(`${HEX} (axial coordinates)`);

export const directionSchema = z.number().int().min(0).max(5).describe('facing 0..5, clockwise from east');
