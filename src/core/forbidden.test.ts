import { describe, expect, it } from 'vitest';
import { InputError } from './errors.ts';
import { FORBIDDEN_WHY, forbiddenFieldIn, forbiddenPath, refuseForbiddenFields } from './forbidden.ts';

describe('forbidden fields', () => {
  it('finds the first "__proto__", or "constructor" holding "prototype", however deep: named as every field error names a path ("body.figures[1].__proto__", "figures[1].__proto__")', () => {
    const v = JSON.parse('{"figures":[{"id":"a"},{"__proto__":{"x":1}}],"map":{"constructor":{"prototype":{}}}}');
    expect(forbiddenPath(v)).toEqual(['figures', 1, '__proto__']);
    expect(forbiddenFieldIn(v, 'body')).toBe('body.figures[1].__proto__');
    expect(forbiddenFieldIn(JSON.parse('[{"__proto__":1}]'), '')).toBe('[0].__proto__');
    expect(() => refuseForbiddenFields(v, 'scenario')).toThrow(new InputError([{ path: 'figures[1].__proto__', message: FORBIDDEN_WHY }], 'scenario'));
    expect(() => refuseForbiddenFields(v, 'scenario', 'scenario')).toThrow(expect.objectContaining({ issues: [{ path: 'scenario.figures[1].__proto__', message: FORBIDDEN_WHY }] }));
    expect(forbiddenPath({ map: v.map })).toEqual(['map', 'constructor', 'prototype']);
    expect(forbiddenFieldIn(JSON.parse('{"constructor":{"prototype":1}}'), '')).toBe('constructor.prototype');
    // Thousands deep, without running out of stack.
    const deep = JSON.parse(`${'['.repeat(20_000)}{"__proto__":1}${']'.repeat(20_000)}`);
    expect(forbiddenPath(deep)).toEqual([...Array(20_000).fill(0), '__proto__']);
  });
  it('a "constructor" holding a text, a "prototype" elsewhere, such names as values: plain data', () => {
    const v = JSON.parse('{"constructor":"x","prototype":{},"name":"__proto__","list":["__proto__",{"constructor":[{"prototype":1}]}]}');
    expect(forbiddenPath(v)).toBeNull();
    expect(forbiddenFieldIn(v, 'body')).toBeNull();
    expect(() => refuseForbiddenFields(v, 'scenario')).not.toThrow();
    expect(forbiddenPath(null)).toBeNull();
  });
});
