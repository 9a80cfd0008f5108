import { describe, expect, it } from 'vitest';
import { forbiddenField } from './body.ts';

describe('forbiddenField', () => {
  it('names the field Fastify refuses, however deep; none in broken JSON or a clean body', () => {
    expect(forbiddenField('{"scenario":{"figures":[{"id":"a"},{"__proto__":{"x":1}}]}}')).toBe('body.scenario.figures[1].__proto__');
    expect(forbiddenField('{"a":{"constructor":{"prototype":{}}}}')).toBe('body.a.constructor.prototype');
    expect(forbiddenField(`${'['.repeat(20_000)}{"__proto__":1}${']'.repeat(20_000)}`)).toBe(`body${'[0]'.repeat(20_000)}.__proto__`);
    // A field named "constructor" holding a text, or a "prototype" elsewhere, is allowed.
    expect(forbiddenField('{"constructor":"x","prototype":{},"name":"__proto__"}')).toBeNull();
    expect(forbiddenField('{"a":')).toBeNull();
  });
});
