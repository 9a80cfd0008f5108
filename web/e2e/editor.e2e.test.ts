
import { describe, expect, it } from 'vitest';
import { PHONE, editorControl, editorField, encounterOfPage, fileHarness, openEditor, pageOverflow } from './harness.ts';

const h = fileHarness();


describe('the scenario editor', () => {
  it('builds an AD&D encounter (a fighter with two weapons, one +1, an ogre, a wolf with a bite, a fixed surprise roll, death at -10) with its checks by the fields, and the table opens with the combatants', async () => {
    const page = await openEditor(h, { width: 1280, height: 900 });
    await editorControl(page, 'System').selectOption('adnd');
    // The AD&D options from the schema, each default chosen; no map.
    expect(await editorControl(page, 'deathAt').inputValue()).toBe('0');
    expect(await editorControl(page, 'maxRounds').inputValue()).toBe('100');
    expect(await editorField(page, 'Map width').count()).toBe(0);
    await editorControl(page, 'Name').fill('Ogre at the ford');
    await editorControl(page, 'deathAt').selectOption({ label: '-10' });

    const [gorm, ogre] = [page.locator('fieldset.fig-edit').nth(0), page.locator('fieldset.fig-edit').nth(1)];
    expect(await editorControl(gorm, 'Class').inputValue()).toBe('fighter');
    await editorControl(gorm, 'hp').fill('30');
    await editorControl(gorm, 'Max hp').fill('25');
    await editorControl(gorm, 'Level').fill('41');
    // A weapon without proficiency is a note, not an error: the class's penalty applies.
    await gorm.getByRole('checkbox', { name: 'long sword' }).uncheck();
    expect(await gorm.locator('.field-note').textContent()).toBe('not proficient with long sword: -2 to hit (fighter, R-A4)');
    await gorm.getByRole('checkbox', { name: 'long sword' }).check();
    expect(await gorm.locator('.field-note').count()).toBe(0);
    // A +1 long sword in hand and a dagger in the other, with the Two Weapons skill (R-A4).
    expect(await editorField(gorm, 'In off hand').count()).toBe(0);
    await editorControl(gorm, 'Weapons').selectOption('dagger');
    await editorControl(gorm, 'long sword +').fill('+1');
    // The dagger comes first in the table, so first in hand: the sword goes there.
    await editorControl(gorm, 'In hand').selectOption('longsword');
    await editorControl(gorm, 'In off hand').selectOption('dagger');
    await gorm.getByRole('checkbox', { name: 'Two Weapons skill' }).check();

    await editorControl(ogre, 'Name').fill('Ogre');
    await editorControl(ogre, 'Hit dice').fill('4+1');
    await editorControl(ogre, 'Size').selectOption('L');
    await editorControl(ogre, 'hp').fill('27');
    await editorControl(ogre, 'AC').fill('5');
    await editorControl(ogre, 'Weapons').selectOption('club');
    await ogre.getByRole('button', { name: /^Remove spear from Weapons$/i }).click();
    // A wolf: no weapon, a natural bite.
    await page.getByRole('button', { name: 'Add a figure' }).click();
    const wolf = page.locator('fieldset.fig-edit').nth(2);
    await editorControl(wolf, 'Name').fill('Wolf');
    await editorControl(wolf, 'Hit dice').fill('2+2');
    await editorControl(wolf, 'hp').fill('11');
    await editorControl(wolf, 'AC').fill('7');
    await wolf.getByRole('button', { name: /^Remove spear from Weapons$/i }).click();
    await wolf.getByRole('button', { name: 'Add a natural attack' }).click();
    const bite = wolf.getByRole('group', { name: 'natural attack 1' });
    await editorControl(bite, 'Attack').fill('bite');
    await editorControl(bite, 'SF').fill('3');
    await editorControl(bite, 'Damage').fill('2 dogs');
    // The party's surprise roll fixed in advance (R-A3).
    expect(await editorField(page, 'party roll').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'party', exact: true }).check();
    await editorControl(page, 'party roll').fill('120');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await expect.poll(() => editorField(gorm, 'hp').locator('.field-error').textContent()).toMatch(/30 is more than maxHp 25/);
    expect(await editorField(gorm, 'Level').locator('.field-error').textContent()).toBe('a whole number from 0 to 40');
    expect(await editorField(bite, 'Damage').locator('.field-error').textContent()).toMatch(/^not dice like 2d4, 1d6\+1 or 2-7: .* in '2 dogs'$/);
    expect(await editorField(page, 'party roll').locator('.field-error').textContent()).toBe('a whole number from 1 to 100 (d100), or empty to roll at the table');
    expect(page.url()).not.toMatch(/\/table\//);
    await h.shot(page, 'editor-adnd');

    await editorControl(gorm, 'Max hp').fill('');
    await editorControl(gorm, 'hp').fill('24');
    await editorControl(gorm, 'Level').fill('3');
    await editorControl(bite, 'Damage').fill('2d4');
    await editorControl(page, 'party roll').fill('25');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await expect.poll(() => page.getByTestId('role').textContent()).toBe('gm');
    await page.locator('[data-tab="status"]').click();
    await expect.poll(() => page.locator('[data-roster]').count()).toBe(3);
    expect(await page.locator('[data-roster="gorm"]').textContent()).toMatch(/Gorm.*24\/24/);
    expect(await page.locator('[data-roster="ogre"]').textContent()).toMatch(/Ogre.*27\/27/);
    expect(await page.locator('[data-roster="wolf"]').textContent()).toMatch(/Wolf.*11\/11/);
    const v = await encounterOfPage(h, page);
    type Weapon = { id: string; kind: string; sf: number; damage: { sm: string }; magicHit: number; magicDmg: number };
    const state = v.view.state as {
      system: string;
      options: { deathAt: number };
      surprise: { side: string; roll: number | null }[];
      figures: { id: string; monster: boolean; size: string; proficiencies: Record<string, number>; weapons: Weapon[]; hands: string[]; twoWeaponsSkill: boolean }[];
    };
    expect([state.system, state.options.deathAt]).toEqual(['adnd', -10]);
    expect(state.surprise).toEqual([{ side: 'party', roll: 25 }]);
    expect(state.figures.map((f) => [f.id, f.monster, f.size, f.proficiencies, f.hands, f.twoWeaponsSkill])).toEqual([
      ['gorm', false, 'M', { longsword: 1, dagger: 1 }, ['longsword', 'dagger'], true],
      ['ogre', true, 'L', {}, ['club'], false],
      ['wolf', true, 'M', {}, [], false],
    ]);
    expect(state.figures.map((f) => f.weapons.map((w) => [w.id, w.kind, w.sf, w.damage.sm, w.magicHit, w.magicDmg]))).toEqual([
      [
        ['dagger', 'melee', 2, '1d4', 0, 0],
        ['longsword', 'melee', 5, '1d8', 1, 1],
      ],
      [['club', 'melee', 4, '1d6', 0, 0]],
      [['bite', 'natural', 3, '2d4', 0, 0]],
    ]);
    expect(h.errors).toEqual([]);
  });

  it("a new figure's spear, never touched, follows its class (a magic-user's dagger, proficient); a weapon the user chose stays, and a class that cannot be proficient with it says so", async () => {
    const page = await openEditor(h, { width: 1280, height: 900 });
    await editorControl(page, 'System').selectOption('adnd');
    const orc = page.locator('fieldset.fig-edit').nth(1);
    const chip = (w: string) => orc.getByRole('button', { name: `Remove ${w} from Weapons` });
    await editorControl(orc, 'Kind').selectOption('character');
    await editorControl(orc, 'Class').selectOption('magic-user');
    await expect.poll(() => chip('dagger').count()).toBe(1);
    expect(await chip('spear').count()).toBe(0);
    expect(await orc.getByRole('checkbox', { name: 'dagger' }).isChecked()).toBe(true);
    expect(await orc.locator('.field-note').count()).toBe(0);
    // The user's own spear stays, and the magic-user cannot be proficient with it: not ticked, and said.
    await editorControl(orc, 'Weapons').selectOption('spear');
    const spear = orc.getByRole('checkbox', { name: 'spear' });
    await expect.poll(() => spear.isChecked()).toBe(false);
    expect(await spear.isDisabled()).toBe(true);
    expect(await orc.locator('.field-note').textContent()).toBe('a magic-user cannot be proficient with spear: -5 to hit (R-A4)');
    // Chosen weapons no longer follow the class: a fighter keeps both, proficient with each.
    await editorControl(orc, 'Class').selectOption('fighter');
    await expect.poll(() => spear.isChecked()).toBe(true);
    expect([await chip('dagger').count(), await chip('spear').count(), await orc.locator('.field-note').count()]).toEqual([1, 1, 0]);
    expect(h.errors).toEqual([]);
  });

  it('on a phone, the AD&D off hand, magic, natural attacks and surprise roll fit the screen and work by keyboard', async () => {
    const page = await openEditor(h, PHONE);
    await editorControl(page, 'System').selectOption('adnd');
    const [gorm, orc] = [page.locator('fieldset.fig-edit').nth(0), page.locator('fieldset.fig-edit').nth(1)];
    await editorControl(gorm, 'Weapons').selectOption('dagger');
    await page.getByRole('checkbox', { name: 'monsters', exact: true }).check();
    // By keyboard: the button adds a row, Tab goes through its fields and the remove button.
    await orc.getByRole('button', { name: 'Add a natural attack' }).focus();
    await page.keyboard.press('Enter');
    const claw = orc.getByRole('group', { name: 'natural attack 1' });
    await editorControl(claw, 'Attack').focus();
    await page.keyboard.type('claw');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1-3');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('remove natural attack 1 (claw)');
    expect([await editorControl(claw, 'SF').inputValue(), await editorControl(claw, 'Damage').inputValue()]).toEqual(['4', '1-3']);
    for (const loc of [editorControl(gorm, 'In off hand'), editorControl(gorm.getByRole('group', { name: 'magic dagger' }), 'damage +'), editorControl(claw, 'Damage'), claw.getByRole('button', { name: /remove/ }), editorControl(page, 'monsters roll')]) {
      const box = (await loc.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await orc.getByRole('group', { name: 'natural attack 1' }).count()).toBe(0);
    expect(h.errors).toEqual([]);
  });

  it('builds a TFT fight on a phone with Hanging by a Thread off and the classic ruleset; the table runs under them', async () => {
    const page = await openEditor(h, PHONE);
    expect(await editorControl(page, 'System').inputValue()).toBe('tft');
    expect(await editorControl(page, 'thread').inputValue()).toBe('0');
    await editorControl(page, 'thread').selectOption({ label: 'off' });
    await editorControl(page, 'ruleset').selectOption({ label: 'classic' });
    await editorControl(page, 'Name').fill('Classic duel');
    for (const i of [0, 1]) await editorControl(page.locator('fieldset.fig-edit').nth(i), 'Weapons').selectOption(['broadsword']);
    // At 390 px every field of the options and the figures is within the screen's width.
    for (const loc of [editorControl(page, 'heSplash'), editorControl(page.locator('fieldset.fig-edit').nth(1), 'Facing')]) {
      const box = (await loc.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.locator('fieldset.options-edit').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await h.shot(page, 'editor-tft-options-390');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await expect.poll(() => page.getByTestId('role').textContent()).toBe('gm');
    expect(await page.locator('[data-testid^="figure-"]').count()).toBe(2);
    const v = await encounterOfPage(h, page);
    const options = (v.view.state as { options: Record<string, unknown> }).options;
    expect(options).toMatchObject({ thread: 'off', ruleset: 'classic', sweep: 'new', hitech: false });
    expect(h.errors).toEqual([]);
  });
});
