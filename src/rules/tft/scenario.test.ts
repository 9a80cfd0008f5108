import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.ts';
import { scenario } from './testing.ts';
import { tftSystem } from './system.ts';

function issues(raw: unknown): { path: string; message: string }[] {
  try {
    tftSystem.setup(raw);
  } catch (e) {
    if (e instanceof InputError) return [...e.issues];
    throw e;
  }
  return [];
}

const two = (a: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  scenario(
    [
      { id: 'a', side: 'A', at: [2, 3], ...a },
      { id: 'b', side: 'B', at: [5, 3] },
    ],
    {},
    extra,
  );

describe('scenario validation', () => {
  it('a valid scenario sets up with defaults (race human, MA 10, first weapon ready)', () => {
    const s = tftSystem.setup(two());
    expect(s.figures[0]).toMatchObject({ race: 'human', ma: 10, ready: 'a.broadsword', state: 'healthy' });
    expect(s.options).toMatchObject({ ruleset: 'legacy', maxTurns: 100 });
    expect(s.modules).toContain('sweep');
    expect(s.modules).not.toContain('thread');
  });
  it('a misspelt weapon is named with its field and a suggestion', () => {
    expect(issues(two({ weapons: ['broadswrod'] }))).toEqual([{ path: 'figures[0].weapons[0]', message: "unknown weapon 'broadswrod' (did you mean 'broadsword'?)" }]);
  });
  it('an unknown name is quoted on one line and cut, as every refusal quotes input (a pasted paragraph is not echoed whole)', () => {
    const long = `mithril\n# ${'plate '.repeat(200)}`;
    const [i] = issues(two({ armor: long }));
    expect(i.path).toBe('figures[0].armor');
    expect(i.message).toMatch(/^unknown armor 'mithril\\n# plate plate [a-z ]*\.\.\.'/);
    expect(i.message).not.toContain('\n');
    expect(i.message.length).toBeLessThan(200);
  });
  it('`dx: high` is named with the expected type and the value found', () => {
    expect(issues(two({ dx: 'high' }))).toEqual([{ path: 'figures[0].dx', message: "expected a number, got 'high'" }]);
  });
  it('a figure with no st and no at: each missing field reads "required: ..." (at said "expected an array or an object; got nothing")', () => {
    const raw = { system: 'tft', figures: [{ id: 'a', side: 'x' }, { id: 'b', side: 'y', st: 10, at: [3, 3] }] };
    expect(issues(raw)).toEqual([
      { path: 'figures[0].st', message: 'required: a number' },
      { path: 'figures[0].dx', message: 'required: a number' },
      { path: 'figures[0].at', message: 'required: a hex, [q, r] or {q, r}' },
      { path: 'figures[1].dx', message: 'required: a number' },
    ]);
    expect(issues(two({}, { map: { width: 16, height: 12, terrain: [{ q: 1, r: 1 }] } }))).toEqual([{ path: 'map.terrain[0].kind', message: 'required: one of "wall", "rough", "water"' }]);
  });
  it('a figure off the map is named', () => {
    expect(issues(two({ at: [40, 3] }))).toEqual([{ path: 'figures[0].at', message: 'hex 40,3 is off the 16x12 map' }]);
  });
  it('two figures in one hex, duplicate ids, unknown armor, a weapon too heavy are each named', () => {
    const raw = scenario([
      { id: 'a', side: 'A', at: [2, 3], armor: 'mithril' },
      { id: 'a', side: 'B', at: [2, 3], st: 9 },
    ]);
    const got = issues(raw).map((i) => i.path);
    // The minimum ST is checked once the figure is whole (its armor may raise it, R-H14): last.
    expect(got).toEqual(['figures[0].armor', 'figures[1].id', 'figures[1].at', 'figures[1].weapons[0]']);
  });
  it('a hex listed twice in the terrain is named (a hex has one kind of terrain)', () => {
    const map = { width: 16, height: 12, terrain: [{ q: 5, r: 5, kind: 'rough' }, { q: 6, r: 5, kind: 'wall' }, { q: 5, r: 5, kind: 'wall' }] };
    expect(issues(two({}, { map }))).toEqual([{ path: 'map.terrain[2]', message: 'hex 5,5 is already listed at map.terrain[0]; give each hex one kind' }]);
  });
  it('armor, shield, race or weapon named like an inherited object key (__proto__, constructor, toString) is unknown, not a crash later', () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect(issues(two({ armor: name }))).toEqual([expect.objectContaining({ path: 'figures[0].armor', message: expect.stringMatching(`^unknown armor '${name}'`) })]);
      expect(issues(two({ shield: name }))).toEqual([expect.objectContaining({ path: 'figures[0].shield', message: expect.stringMatching(`^unknown shield '${name}'`) })]);
      expect(issues(two({ weapons: [name] }))).toEqual([expect.objectContaining({ path: 'figures[0].weapons[0]', message: expect.stringMatching(`^unknown weapon '${name}'`) })]);
      expect(issues(two({ race: name }))[0]).toMatchObject({ path: 'figures[0].race' });
    }
  });
  it('the scenario\'s seed is checked as --seed is: a whole number from 0 to 2^32-1, or text', () => {
    for (const seed of [-1, 1.5, 1e40]) expect(issues(two({}, { seed }))[0]?.path).toBe('seed');
    for (const seed of [0, 7, 0xffffffff, 'the ford']) expect(issues(two({}, { seed }))).toEqual([]);
  });
  it('unknown fields and options are rejected', () => {
    expect(issues(two({ strength: 12 }))).toEqual([{ path: 'figures[0].strength', message: "unknown field 'strength'" }]);
    expect(issues(two({}, { options: { rulset: 'legacy' } }))[0]).toEqual({ path: 'options.rulset', message: "unknown field 'rulset'" });
    expect(issues(two({}, { options: { ruleset: 'modern' } }))[0].path).toBe('options.ruleset');
  });
  it('a scenario may add its own weapons (data block) and use them', () => {
    const raw = two(
      { weapons: ['sickle'] },
      { data: { weapons: [{ id: 'sickle', name: 'Sickle', damage: '1d+1', minST: 8, hands: 1, kind: 'melee', cutting: true, source: 'house' }] } },
    );
    const s = tftSystem.setup(raw);
    expect(s.figures[0].weapons[0].dmg).toEqual({ dice: 1, plus: 1, text: '1d+1' });
  });
  it('bad damage notation in user data is named', () => {
    const raw = two({ weapons: ['x'] }, { data: { weapons: [{ id: 'x', name: 'X', damage: 'lots' }] } });
    expect(issues(raw)[0]).toMatchObject({ path: 'figures[0].weapons[0].damage' });
  });
  it('script commands are checked (shape and figure)', () => {
    const raw = two({}, { script: [{ turn: 1, commands: [{ type: 'move', figure: 'zed', path: [] }, { type: 'attack', figure: 'a' }] }] });
    expect(issues(raw)).toEqual([
      { path: 'script[0].commands[0].figure', message: "no figure 'zed'" },
      { path: 'script[0].commands[1].target', message: 'required: text' },
    ]);
  });
  it('talents check IQ and prerequisites; Eyes Behind gives 6 front hexes', () => {
    expect(issues(two({ talents: ['master-physicker'], iq: 14 }))).toEqual([{ path: 'figures[0].talents[0]', message: 'Master Physicker requires Physicker' }]);
    expect(issues(two({ talents: ['physicker'], iq: 9 }))).toEqual([{ path: 'figures[0].talents[0]', message: 'Physicker needs IQ 11; a has IQ 9' }]);
    expect(tftSystem.setup(two({ spells: ['eyes-behind'] })).figures[0].frontHexes).toBe(6);
  });
  it('classic ruleset: chainmail -4 DX, plate -6 DX and MA 4 (tft-core classic)', async () => {
    const { baseAdjDX, effectiveMA } = await import('./core.ts');
    const s = tftSystem.setup(scenario([{ id: 'a', side: 'A', at: [2, 3], armor: 'chainmail' }, { id: 'b', side: 'B', at: [5, 3], armor: 'plate' }], { ruleset: 'classic' }));
    expect(baseAdjDX(s, s.figures[0], null)).toBe(8);
    expect(baseAdjDX(s, s.figures[1], null)).toBe(6);
    expect(effectiveMA(s.figures[1], s)).toBe(4);
    const l = tftSystem.setup(scenario([{ id: 'a', side: 'A', at: [2, 3], armor: 'chainmail' }, { id: 'b', side: 'B', at: [5, 3], armor: 'plate' }]));
    expect(baseAdjDX(l, l.figures[0], null)).toBe(9);
    expect(baseAdjDX(l, l.figures[1], null)).toBe(7);
    expect(effectiveMA(l.figures[1], l)).toBe(6);
  });
  it('the JSON Schema names the scenario fields', () => {
    const js = tftSystem.scenarioJsonSchema?.() as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(js.properties)).toEqual(expect.arrayContaining(['system', 'map', 'options', 'figures', 'script', 'data']));
    expect(js.required).toEqual(expect.arrayContaining(['system', 'figures']));
  });
});

describe('commands', () => {
  it('parseCommand names the field: unknown type, missing target, bad hex', () => {
    expect(() => tftSystem.parseCommand({ type: 'fly', figure: 'a' })).toThrow(/command.type: unknown command 'fly'/);
    expect(() => tftSystem.parseCommand({ type: 'attack', figure: 'a' })).toThrow(/command.target: required/);
    expect(() => tftSystem.parseCommand({ type: 'move', figure: 'a', path: [[1, 'x']] })).toThrow(/command.path\[0\]/);
  });
  it('hexes may be written [q, r] or {q, r}', () => {
    expect(tftSystem.parseCommand({ type: 'move', figure: 'a', path: [[1, 2], { q: 2, r: 2 }] })).toEqual({ type: 'move', figure: 'a', path: [{ q: 1, r: 2 }, { q: 2, r: 2 }] });
  });
});
