import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.ts';
import { systems } from '../../../src/rules/index.ts';
import { blankAdndFigure } from './adnd-draft.ts';
import { AdndFigure } from './AdndFigure.tsx';
import { type Draft, Editor, blankDraft, checkDraft, draftToScenario, fieldKeys } from './Editor.tsx';
import { issuesByField } from './tables.ts';

/** The engine's issues for a scenario (what the server answers with a 400). */
function engineIssues(scenario: Record<string, unknown>): readonly { path: string; message: string }[] {
  try {
    systems[String(scenario.system)].setup(scenario);
  } catch (e) {
    if (e instanceof InputError) return e.issues;
    throw e;
  }
  return [];
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('scenario editor', () => {
  it("builds the chosen system's encounter from its own draft, keeping the other's", () => {
    const d: Draft = { ...blankDraft('adnd') };
    d.tft = { ...d.tft, name: 'Kept' };
    const s = draftToScenario(d);
    expect(s.system).toBe('adnd');
    expect(s).not.toHaveProperty('map');
    expect(() => systems.adnd.setup(s)).not.toThrow();
    expect(checkDraft(d).size).toBe(0);
    const t = draftToScenario({ ...d, system: 'tft' });
    expect([t.system, t.name]).toEqual(['tft', 'Kept']);
    expect(() => systems.tft.setup(t)).not.toThrow();
  });

  it("puts the engine's AD&D issues at the AD&D fields (hp, a proficiency, the weapon in hand, an option)", () => {
    const d = blankDraft('adnd');
    const s = draftToScenario(d) as { options?: unknown; figures: Record<string, unknown>[] };
    s.figures[0] = { ...s.figures[0], hp: 30, maxHp: 20, proficiencies: { longsord: 1 }, wield: ['bow'] };
    s.options = { deathAt: -5 };
    const m = issuesByField(engineIssues(s), fieldKeys(d));
    expect(m.get('options.deathAt')?.length).toBe(1);
    // zod stops at the shape; the figure checks come once the shape is right.
    s.options = {};
    const m2 = issuesByField(engineIssues(s), fieldKeys(d));
    expect(m2.get('figures.0.hp')?.[0]).toMatch(/30 is more than maxHp 20/);
    expect(m2.get('figures.0.proficiencies')?.[0]).toMatch(/unknown weapon 'longsord'/);
    expect(m2.get('figures.0.wield')?.[0]).toMatch(/'bow' is not one of this figure's carried weapons/);
    expect(m2.get('')).toBeUndefined();
    // A fixed surprise roll the engine refuses shows at that side's roll field.
    const sides = { ...d, adnd: { ...d.adnd, surprise: [d.adnd.figures[1].side] } };
    const m3 = issuesByField(engineIssues({ ...draftToScenario(sides), surprise: [{ side: d.adnd.figures[1].side, roll: 101 }] }), fieldKeys(sides));
    expect(m3.get('surprise.0.roll')?.length).toBe(1);
  });

  it('offers both systems and the rules options of the chosen one', () => {
    const html = renderToStaticMarkup(createElement(Editor, { busy: false, issues: [], onCreate: () => undefined }));
    expect(html).toMatch(/System<\/span><select><option value="tft" selected="">The Fantasy Trip<\/option><option value="adnd">AD&amp;D 1e<\/option>/);
    expect(text(html)).toMatch(/Rules options ruleset legacy \(default\) classic/);
    expect(text(html)).toContain('sweep new (default) classic off');
  });

  it('shows an AD&D character with class and level, proficient in its weapon, and a monster with hit dice', () => {
    const f = blankAdndFigure(0);
    const props = { p: 'figures.0', errs: () => [], notes: () => ['not proficient with long bow: -2 to hit (fighter, R-A4)'], set: () => undefined };
    const hero = renderToStaticMarkup(createElement(AdndFigure, { ...props, f: { ...f, weapons: ['longsword', 'longbow'], unskilled: ['longbow'] } }));
    expect(text(hero)).toMatch(/Class fighter .*Level/);
    expect(hero).not.toContain('Hit dice');
    expect(hero).toMatch(/<input type="checkbox" checked=""\/>long sword<\/label><label class="check"><input type="checkbox"\/>long bow/);
    expect(hero).toContain('<span class="field-note">not proficient with long bow: -2 to hit (fighter, R-A4)</span>');
    const monster = renderToStaticMarkup(createElement(AdndFigure, { ...props, f: blankAdndFigure(1) }));
    expect(text(monster)).toContain('Hit dice');
    expect(monster).not.toContain('Proficient with');
    expect(monster).not.toContain('>Level<');
  });
});
