// JSON request bodies. Fastify's parser refuses a field named "__proto__" and a "constructor"
// holding "prototype" (prototype poisoning), rightly, but said the body "is not valid JSON",
// which it is, and named no field: that refusal now names the field and why. A WebSocket frame
// with such a field is refused by the same check (messages.ts), so both ways in agree.
import type { FastifyInstance } from 'fastify';
import { FORBIDDEN_WHY, forbiddenFieldIn } from '../core/forbidden.ts';
import { ApiError } from './errors.ts';

/** Where ("body.scenario.figures[1].__proto__") valid JSON `text` has a field Fastify's parser refuses, or null. */
export function forbiddenField(text: string): string | null {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return null;
  }
  return forbiddenFieldIn(root, 'body');
}

/** Why `text`, which Fastify's parser refused, is no JSON (the parser's own reason, as a WebSocket frame's), or null when it is JSON. */
function notJson(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    return `not JSON: ${(e as Error).message}`;
  }
}

/**
 * Fastify's JSON parser, with its refusals told with their reasons: such a field by its path,
 * broken JSON by where it breaks (Fastify said only "Body is not valid JSON"); an empty body
 * keeps Fastify's words, which say so.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text: string, done) =>
    parse(req, text, (err, body) => {
      const at = err ? forbiddenField(text) : null;
      const broken = err && !at && text.trim() !== '' ? notJson(text) : null;
      if (at) done(new ApiError('invalid', `invalid body: ${FORBIDDEN_WHY}`, [{ path: at, message: FORBIDDEN_WHY }]), undefined);
      else if (broken) done(new ApiError('invalid', `invalid body: ${broken}`, [{ path: 'body', message: broken }]), undefined);
      else done(err, body);
    }),
  );
}
