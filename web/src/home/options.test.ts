import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { systems } from '../../../src/rules/index.ts';
import { Problems } from './draft.ts';
import { type OptionField, OptionsFields, checkOptions, chosenOptions, optionFields } from './options.tsx';

const tft = optionFields(systems.tft.scenarioJsonSchema?.());
const adnd = optionFields(systems.adnd.scenarioJsonSchema?.());
const field = (fields: OptionField[], key: string) => fields.find((f) => f.key === key);
const markup = (fields: OptionField[], values = {}) => renderToStaticMarkup(createElement(OptionsFields, { fields, values, onChange: () => undefined, errs: () => [] }));

describe('the rules options from the scenario schemas', () => {
  it("reads each system's options with their kinds, defaults and hints: the core's, every house module's, AD&D's", () => {
    expect(field(tft, 'ruleset')).toEqual({ key: 'ruleset', kind: 'choice', choices: ['legacy', 'classic'], default: 'legacy', hint: 'Legacy (2019) values, or classic (1977-82)' });
    expect(field(tft, 'maxTurns')).toMatchObject({ kind: 'integer', min: 1, max: 10000, default: 100 });
    expect(field(tft, 'darkness')).toMatchObject({ kind: 'boolean', default: false });
    // Hanging by a Thread takes true/false or on/off: the editor offers the default's spelling.
    expect(field(tft, 'thread')).toMatchObject({ kind: 'choice', choices: ['on', 'off'], default: 'on' });
    expect(field(tft, 'sweep')).toMatchObject({ kind: 'choice', choices: ['new', 'classic', 'off'], default: 'new' });
    expect(field(tft, 'hitech')).toMatchObject({ kind: 'boolean', default: false });
    expect(field(adnd, 'deathAt')).toMatchObject({ kind: 'choice', choices: [0, -10], default: 0 });
    expect(field(adnd, 'trueFighterBonus')).toMatchObject({ kind: 'choice', choices: ['flat', 'per-level'], default: 'flat' });
    expect(field(adnd, 'maxRounds')).toMatchObject({ kind: 'integer', min: 1, max: 1000, default: 100 });
    // Not simple fields: shown read-only with their defaults.
    expect(field(adnd, 'spellPause')).toEqual({ key: 'spellPause', kind: 'fixed', default: { default: 10 }, hint: undefined });
    expect(field(adnd, 'criticalTable')).toMatchObject({ kind: 'fixed', default: null });
  });

  it('shows each option with its default chosen, and a changed one as chosen', () => {
    const html = markup(tft);
    expect(html).toMatch(/<span class="field-label">ruleset<\/span><select><option value="0" selected="">legacy \(default\)<\/option><option value="1">classic<\/option>/);
    expect(html).toMatch(/thread<\/span><select><option value="0" selected="">on \(default\)/);
    expect(html).toContain('the whole field is dark: -6 DX on every attack (tft-core)');
    expect(html).toMatch(/maxTurns<\/span><input inputMode="numeric" placeholder="100" value="100"/);
    const a = markup(adnd, { deathAt: -10 });
    expect(a).toMatch(/deathAt<\/span><select><option value="0">0 \(default\)<\/option><option value="1" selected="">-10<\/option>/);
    expect(a).toMatch(/data-option="spellPause"><span class="field-label">spellPause<\/span><code>\{&quot;default&quot;:10\}<\/code>/);
  });

  it('puts only what differs from the default in the scenario, typed', () => {
    expect(chosenOptions(adnd, { deathAt: -10, naturalRolls: true, maxRounds: '100', trueFighterBonus: 'flat' })).toEqual({ deathAt: -10 });
    expect(chosenOptions(tft, { thread: 'off', ruleset: 'classic', maxTurns: '40', darkness: true })).toEqual({ thread: 'off', ruleset: 'classic', maxTurns: 40, darkness: true });
    expect(chosenOptions(tft, { maxTurns: ' ' })).toEqual({});
  });

  it('names a number option out of its bounds at its path', () => {
    const out = new Problems();
    checkOptions(adnd, { maxRounds: '1001', struggleSegments: 'x' }, out);
    expect(out.get('options.maxRounds')).toEqual(['a whole number from 1 to 1000']);
    expect(out.get('options.struggleSegments')).toEqual(['a whole number from 1 to 20']);
  });
});
