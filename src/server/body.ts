// JSON request bodies. Fastify's parser refuses a field named "__proto__" and a "constructor"
// holding "prototype" (prototype poisoning), rightly, but said the body "is not valid JSON",
// which it is, and named no field: that refusal now names the field and why.
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

const WHY = 'a field named "__proto__", or a "constructor" holding "prototype", is refused: it could change what objects inherit';

/** Where ("body.scenario.__proto__") valid JSON `text` has a field Fastify's parser refuses, or null. */
export function forbiddenField(text: string): string | null {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return null;
  }
  // Depth first, with a stack: a body may nest thousands deep.
  const stack: [unknown, string][] = [[root, 'body']];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v)) {
      if (Object.hasOwn(v, '__proto__')) return `${at}.__proto__`;
      const c = Object.hasOwn(v, 'constructor') ? (v as { constructor: unknown }).constructor : null;
      if (c !== null && typeof c === 'object' && Object.hasOwn(c, 'prototype')) return `${at}.constructor.prototype`;
    }
    for (const [k, x] of Object.entries(v).reverse()) stack.push([x, `${at}.${k}`]);
  }
  return null;
}

/** Fastify's JSON parser, with its refusal of such a field told as one. */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text: string, done) =>
    parse(req, text, (err, body) => {
      const at = err ? forbiddenField(text) : null;
      if (at) done(new ApiError('invalid', `invalid body: ${WHY}`, [{ path: at, message: WHY }]), undefined);
      else done(err, body);
    }),
  );
}
