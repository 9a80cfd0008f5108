// JSON request bodies. Fastify's parser refuses a field named "__proto__" and a "constructor"
// holding "prototype" (prototype poisoning), rightly, but said the body "is not valid JSON",
// which it is, and named no field: that refusal now names the field and why. A WebSocket frame
// with such a field is refused by the same check (messages.ts), so both ways in agree.
import type { FastifyInstance } from 'fastify';
import { FORBIDDEN_WHY, forbiddenFieldIn } from '../core/forbidden.ts';
import { ApiError } from './errors.ts';

/** Where ("body.scenario.__proto__") valid JSON `text` has a field Fastify's parser refuses, or null. */
export function forbiddenField(text: string): string | null {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return null;
  }
  return forbiddenFieldIn(root, 'body');
}

/** Fastify's JSON parser, with its refusal of such a field told as one. */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text: string, done) =>
    parse(req, text, (err, body) => {
      const at = err ? forbiddenField(text) : null;
      if (at) done(new ApiError('invalid', `invalid body: ${FORBIDDEN_WHY}`, [{ path: at, message: FORBIDDEN_WHY }]), undefined);
      else done(err, body);
    }),
  );
}
