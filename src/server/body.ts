// JSON request bodies. Fastify's parser refuses a field named "__proto__" and a "constructor"
// holding "prototype" (prototype poisoning), rightly, but said the body "is not valid JSON",
// which it is, and named no field: that refusal now names the field and why. A WebSocket frame
// with such a field is refused by the same check (messages.ts), so both ways in agree.
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/** Why such a field is refused (the HTTP body's refusal and the WebSocket frame's say the same). */
export const FORBIDDEN_WHY = 'a field named "__proto__", or a "constructor" holding "prototype", is refused: it could change what objects inherit';

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

/** Where, under `root` (its path: "body"; "" for a frame's own fields), parsed JSON `value` has such a field, or null. */
export function forbiddenFieldIn(value: unknown, root: string): string | null {
  // Depth first, with a stack: a body may nest thousands deep.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v)) {
      if (Object.hasOwn(v, '__proto__')) return pathTo(at, '__proto__');
      const c = Object.hasOwn(v, 'constructor') ? (v as { constructor: unknown }).constructor : null;
      if (c !== null && typeof c === 'object' && Object.hasOwn(c, 'prototype')) return pathTo(at, 'constructor.prototype');
    }
    for (const [k, x] of Object.entries(v).reverse()) stack.push([x, pathTo(at, k)]);
  }
  return null;
}

const pathTo = (at: string, k: string) => (at === '' ? k : `${at}.${k}`);

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
