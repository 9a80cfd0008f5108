// An evening at the table, a GM and two players, each entering the faces of their own figures'
// dice (settings: everyone may enter), so every number shown can be checked by hand:
// - HiTech (seed f04d4dae): the seed's TL 12 grenade and 4-shot burst (examples/tft/
//   hitech-burst-grenade.yaml), the grenadier's player at a desktop, Biff's on a phone.
// - New Sweeping Blows (seed 931c742c): a battleaxe with Multiple Swing sweeps two goblins, a
//   friend standing between them in the arc; the axeman's player on a phone.
// What the table tripped on, fixed: a step that rolled nothing (the GM's moves with physical
// dice ticked) was marked "physical dice" in the log; the physical-dice prompt for a grenade
// thrown at a hex picked on the map said "throw-grenade" (the command's type), not the option.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowGmDice, atTable, fileHarness, joinAsPlayer, logCount, pageOverflow, playerLink, tableLink, withDice } from './harness.ts';

const h = fileHarness();
const DESKTOP = { width: 1280, height: 860 };
/** An evening's test plays up to 34 steps on three pages, every die entered by hand: longer than the suite's 120 s under load. */
const EVENING_MS = 300_000;


/** Through the movement phase: each player's figure stays (its Stay button), the GM's engine plays the others; returns at the first action. */
async function everyoneStays(gm: Page, players: Page[]): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const line = (await gm.getByTestId('turn-line').textContent()) ?? '';
    if (/action\.$/.test(line)) return;
    const n = await logCount(gm);
    const mine = [];
    for (const p of players) if (await p.getByTestId('stay').isVisible()) mine.push(p);
    if (mine.length > 0) await mine[0].getByTestId('stay').click();
    else await gm.keyboard.press('p');
    await expect.poll(() => logCount(gm)).toBeGreaterThan(n);
  }
  throw new Error('the movement phase did not end');
}

/** The text of log entry `seq` on a page whose Log tab is open. */
const entry = (page: Page, seq: number) => page.locator(`[data-testid="log"] li[data-seq="${seq}"]`);

describe('an evening at the table: HiTech', () => {
  it("the seed's TL 12 grenade and 4-shot burst, thrown and fired by two players entering their own dice: every number as the seed works it (R-H3, R-H8, R-H10, R-H12)", async () => {
    const { page: gm, id, token } = await atTable(h, 'tft/hitech-burst-grenade', { size: DESKTOP, tab: 'share' });
    await gm.getByLabel('Who may enter physical dice').selectOption('all');
    await gm.locator('[data-tab="actions"]').click();
    const { page: biff } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['biff']));
    const { page: grenadier } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['grenadier']), DESKTOP);

    // The GM rolls the initiative by hand: 6 for the shooters, 1 for the targets.
    await gm.getByTestId('physical-dice').check();
    expect(await withDice(gm, [6, 1], () => gm.getByTestId('system-step').click())).toEqual(['For begin: initiative roll, die 1 (d6)', 'For begin: initiative roll, die 2 (d6)']);
    await grenadier.getByTestId('initiative-first').click();
    await everyoneStays(gm, [grenadier, biff]);
    expect(await gm.getByTestId('turn-line').textContent()).toBe("Now: Grenadier's action.");

    // The GM's log: the initiative was rolled by hand; the targets' moves, taken with the box
    // still ticked, rolled nothing and say no "physical dice".
    await gm.locator('[data-tab="log"]').click();
    expect(await entry(gm, 1).locator('.pill').allTextContents()).toEqual(['physical dice']);
    expect(await entry(gm, 5).textContent()).toContain('move: Target (stays)');
    expect(await entry(gm, 5).locator('.pill').count()).toBe(0);

    // The grenadier (DX 15) throws at the trooper 5 hexes away: -5 thrown range (R-H3), adjDX 10,
    // so 3d6 <= 10: 108 of 216, 50.0%. The card's hint says so for that hex, with the adjDX's ledger.
    await grenadier.getByTestId('physical-dice').check();
    const throwCard = grenadier.locator('li.option[data-option="throw-grenade"]');
    await throwCard.locator('[data-testid^="do-"]').click();
    await grenadier.getByTestId('figure-ring0').hover({ force: true });
    await expect.poll(() => throwCard.locator('.hint').textContent()).toMatch(/^This hex: adjDX 10 \(15 DX −5 thrown, 5 hexes\); hit 50\.0%/);
    // 3+3+4 = 10 hits; the blast's dice nearest first: 8 in the impact hex, 4, 2 and 1 (R-H12).
    const asked = await withDice(grenadier, [3, 3, 4, 6, 6, 6, 6, 1, 1, 1, 1, 6, 5, 4, 3, 2, 1, 5], () => grenadier.getByTestId('figure-ring0').click({ force: true }));
    expect(asked[0]).toBe("For Grenadier: throw TL 12 grenade at 5,6: Grenadier's grenade throw, die 1 of 3 (d6)");
    await grenadier.locator('[data-tab="log"]').click();
    const thrown = (await entry(grenadier, 10).textContent()) ?? '';
    expect(thrown).toContain('3d6 = 3+3+4 = 10 vs adjDX 10 [15 DX - 5 thrown, 5 hexes [R-H3]] -> hit');
    // The impact hex: combat TL12 armor stops 5 per die, halved to 2 (R-H8, R-H12): 4+4+4+4+0+0+0+0 = 16.
    expect(thrown).toContain('Trooper in the impact hex takes 16 damage (8d: 6+6+6+6+1+1+1+1 = 28 - 12 combat TL12 stops 2 per die (halved in the impact hex (R-H12): 2): dice 4+4+4+4+0+0+0+0 [R-H8])');
    expect(thrown).toContain('Trooper adjacent takes 18 damage (4d: 6+5+4+3 = 18)');
    expect(thrown).toContain('Trooper two hexes out takes 3 damage (2d: 2+1 = 3)');
    expect(thrown).toContain('Trooper three hexes out takes 5 damage (1d: 5 = 5)');

    // Biff (DX 12, Rifle) on the phone: the 4-shot burst at 2 hexes is adjDX 13 (+1 autofire,
    // R-H10); it misses on 14 or more, 35 of 216: 16.2%.
    await expect.poll(() => biff.getByTestId('turn-line').textContent()).toMatch(/^Your turn/);
    await biff.getByTestId('physical-dice').check();
    const four = biff.locator('li.option[data-option="fire"]').filter({ hasText: 'at Target' }).locator('.choices li').filter({ hasText: /^four/ });
    expect(await four.textContent()).toMatch(/hits: 0: 16\.2% · 1: 33\.8% · 2: 33\.8% · 3: 14\.4% · 4: 1\.9%.*adjDX 13/);
    expect(await pageOverflow(biff)).toBeLessThanOrEqual(0);
    // "Nine is four below Biff's DX, so the target is hit twice"; each hit rolls its own 2 dice.
    const shots = await withDice(biff, [3, 3, 3, 6, 2, 4, 1], () => four.getByRole('button', { name: 'Do it' }).click());
    expect(shots[0]).toBe("For Biff Redstone: fire assault rifle at Target, four (4 rounds): Biff Redstone's shot, die 1 of 3 (d6)");
    await biff.locator('[data-tab="log"]').click();
    const burst = (await entry(biff, 11).textContent()) ?? '';
    expect(burst).toContain('3d6 = 3+3+3 = 9 vs adjDX 13 [12 DX; rifle range 1 MH (4 m) [R-H2] + 1 autofire bonus, 4-shot burst [R-H10]] -> hit; 16 rounds left');
    expect(burst).toContain('hits Target 2 times (1 for the hit + 1 for every 3 the roll 9 is under adjDX 13)');
    expect(burst).toContain('Target takes 8 damage (2d: 6+2 = 8); wounds now 8');
    expect(burst).toContain('Target takes 5 damage (2d: 4+1 = 5); wounds now 13');
    await biff.locator('[data-tab="status"]').click();
    await expect.poll(() => biff.locator('.tab-body').textContent()).toContain('assault rifle: 16/20 rounds standard; spare clips: 2 standard');
    expect(await pageOverflow(biff)).toBeLessThanOrEqual(0);
    await h.shot(biff, 'evening-hitech-burst-phone');
    expect(h.errors).toEqual([]);
  }, EVENING_MS);
});

describe('an evening at the table: HiTech, the GM plays', () => {
  it("the seed's Biff Redstone examples played by the GM with the book's dice, Biff's players watching on phones: flak jacket per die (R-H8), knockdown on the dice before armor (R-H13), an HE round doubled and its splash (R-H9)", async () => {
    const { page: gm, id, token } = await atTable(h, 'tft/hitech-biff', { size: DESKTOP });
    const { page: biff } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['biff']));
    const { page: biff2 } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['biff2']));
    await allowGmDice(gm);
    await gm.getByTestId('physical-dice').check();
    // examples/tft/hitech-biff.yaml's dice, in order: the engine plays its script.
    const faces = [6, 1, 3, 3, 4, 6, 1, 3, 3, 4, 3, 5, 6, 1, 3, 3, 4, 5, 3, 6, 1, 3, 3, 4, 3, 4];
    for (let i = 0; i < 80 && (await gm.getByTestId('banner').filter({ hasText: 'The fight is over' }).count()) === 0; i++) {
      const key = (await gm.getByTestId('system-step').count()) > 0 ? 'b' : 'p';
      await withDice(gm, faces, () => gm.keyboard.press(key), true);
    }
    expect(faces).toEqual([]);
    expect(await gm.getByTestId('banner').textContent()).toBe('The fight is over: no winner (max turns).');
    await gm.locator('[data-tab="log"]').click();
    const log = async (seq: number) => (await entry(gm, seq).textContent()) ?? '';
    // Turn 1: 6 and 1 through the flak jacket's 2 per die: 4 and 0 (R-H8); 7 before armor, no fall.
    expect(await log(9)).toContain('Biff Redstone takes 4 damage (2d: 6+1 = 7 - 3 flak jacket stops 2 per die: dice 4+0 [R-H8]; knockdown counts 7, the damage before flak jacket [R-H13]); wounds now 4');
    // 3 and 5 become 1 and 3 (4 damage), "but the 8 rolled before armor count for knockdown: he falls" (R-H13).
    const knocked = await log(10);
    expect(knocked).toContain('Biff Redstone (knockdown example) takes 4 damage (2d: 3+5 = 8 - 4 flak jacket stops 2 per die: dice 1+3 [R-H8]; knockdown counts 8');
    expect(knocked).toContain('Biff Redstone (knockdown example) falls down: 8 hits this turn counted for knockdown');
    // Turn 2: the broadsword's 8, the flak jacket stops 2 once against melee (R-H8): 6, wounds 10.
    expect(await log(22)).toContain('Biff Redstone takes 6 damage (2d: 5+3 = 8 - 2 flak jacket stops [tft-core armor]');
    // Turn 3: the HE round's 3 and 4 become 1 and 2; the 3 through are doubled: 6, 16 wounds on ST 12: dead; the splash, 1 per die, catches the swordsman for 2 (R-H9).
    const he = await log(33);
    expect(he).toContain('dice 1+2 [R-H8] + 3 explosive round: damage through armor doubled [R-H9]');
    expect(he).toContain('wounds now 16');
    expect(he).toContain('Biff Redstone is now DEAD');
    expect(he).toContain('Swordsman takes 2 damage');
    // The knocked-down Biff's player, on a phone, reads him down in the roster, and why he may only stand up.
    await biff2.locator('[data-tab="status"]').click();
    await expect.poll(() => biff2.locator('td[data-conditions="biff2"]').textContent()).toContain('prone');
    expect(await biff2.locator('td[data-conditions="biff2"]').textContent()).toContain('down: it may only stand up, in the action phase');
    expect(await pageOverflow(biff2)).toBeLessThanOrEqual(0);
    expect(await biff.getByTestId('banner').textContent()).toBe('The fight is over: no winner (max turns).');
    expect(h.errors).toEqual([]);
  }, EVENING_MS);
});

/** Hrolf's battleaxe (3 dice, two-handed, cutting) with Multiple Swing (R-S7), Bobjo between two goblins in his front. */
const axeAtTheFord = {
  system: 'tft',
  name: 'The axe at the ford',
  options: { sweep: 'new', maxTurns: 1 },
  map: { width: 10, height: 10 },
  sides: [
    { id: 'heroes', name: 'Hrolf and Bobjo' },
    { id: 'goblins', name: 'Goblins' },
  ],
  figures: [
    { id: 'hrolf', name: 'Hrolf', side: 'heroes', st: 15, dx: 14, iq: 12, talents: ['multiple-swing'], weapons: ['battleaxe'], at: { q: 5, r: 5 }, facing: 0 },
    { id: 'bobjo', name: 'Bobjo', side: 'heroes', st: 12, dx: 13, iq: 9, weapons: ['broadsword'], armor: 'chainmail', at: { q: 6, r: 5 }, facing: 3 },
    { id: 'g5', name: 'Goblin 5', race: 'goblin', side: 'goblins', st: 10, dx: 11, weapons: ['club'], armor: 'leather', at: { q: 6, r: 4 }, facing: 2 },
    { id: 'g1', name: 'Goblin 1', race: 'goblin', side: 'goblins', st: 10, dx: 10, weapons: ['club'], armor: 'leather', at: { q: 5, r: 6 }, facing: 4 },
  ],
};

describe('an evening at the table: New Sweeping Blows', () => {
  it('a battleaxe with Multiple Swing sweeps two goblins, a friend in the arc: -2 DX for the one extra target, the roll to miss the friend at the same DX, every hit halved before armor (R-S2..R-S5, R-S7)', async () => {
    const r = await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: axeAtTheFord, settings: { enteredDice: 'all' } }) });
    expect(r.status).toBe(201);
    const { encounter, gm: gmToken } = (await r.json()) as { encounter: { id: string }; gm: { token: string } };
    const { page: gm } = await h.page(DESKTOP);
    await gm.goto(tableLink(encounter.id, gmToken.token));
    await gm.getByTestId('role').waitFor();
    const { page: axe } = await joinAsPlayer(h, await playerLink(h.base, encounter.id, gmToken.token, ['hrolf']));
    const { page: bob } = await joinAsPlayer(h, await playerLink(h.base, encounter.id, gmToken.token, ['bobjo']), DESKTOP);
    await gm.getByTestId('physical-dice').check();
    await withDice(gm, [6, 1], () => gm.getByTestId('system-step').click());
    await axe.getByTestId('initiative-first').click();
    await everyoneStays(gm, [axe, bob]);
    await expect.poll(() => axe.getByTestId('turn-line').textContent()).toMatch(/^Your turn/);

    // The sweep's card: the arc in the order the attacks are rolled (R-S4), Bobjo named as the
    // friend in it; each attack at DX 14 - 2 = 12 (Multiple Swing: -2 per extra target, R-S7),
    // 3d6 <= 12: 160 of 216, 74.1%; the friend is hit when the roll to miss him fails, 3d6 > 12:
    // 56 of 216, 25.9%, times the 98.1% that the blade gets to him (a 17 or 18 on Goblin 5 ends the sweep).
    const sweep = axe.locator('li.option[data-option="sweep"]');
    const card = (await sweep.textContent()) ?? '';
    expect(card).toContain('arc order: Goblin 5 → Goblin 1');
    expect(card).toMatch(/Goblin 5 hit 74\.1%.*Goblin 1 hit 72\.7%.*friend Bobjo hit 25\.4%/);
    expect(card).toContain('Goblin 5 adjDX 12');
    await sweep.locator('button.expand').click();
    const ledger = (await sweep.locator('.option-detail').textContent()) ?? '';
    expect(ledger).toMatch(/Multiple Swing.*R-S7/);
    expect(await pageOverflow(axe)).toBeLessThanOrEqual(0);
    await h.shot(axe, 'evening-sweep-card-phone');

    // Goblin 5: 4+4+4 = 12 hits, 5+5+5 = 15 halved to 7, leather stops 2: 5. Bobjo: 6+6+2 = 14
    // fails the roll to miss him: 3+4+5 = 12 halved to 6, chainmail stops 3: 3. Goblin 1: 2+3+4 = 9
    // hits, 1+2+3 = 6 halved to 3, leather 2: 1.
    await axe.getByTestId('physical-dice').check();
    await withDice(axe, [4, 4, 4, 5, 5, 5, 6, 6, 2, 3, 4, 5, 2, 3, 4, 1, 2, 3], () => sweep.getByRole('button', { name: 'Do it' }).first().click());
    await axe.locator('[data-tab="log"]').click();
    const swung = (await entry(axe, 7).textContent()) ?? '';
    const ms = '14 DX - 2 sweeping blow, 1 extra target x -2 (Multiple Swing) [R-S7]';
    expect(swung).toContain('Goblin 5 -> Bobjo (friend) -> Goblin 1');
    expect(swung).toContain(`Hrolf attacks Goblin 5 with Battleaxe (melee): 3d6 = 4+4+4 = 12 vs adjDX 12 [${ms}] -> hit`);
    expect(swung).toContain('Goblin 5 takes 5 damage (3d: 5+5+5 = 15 - 8 sweeping blow: half damage, round down [R-S3] - 2 leather armor stops [tft-core armor]); wounds now 5');
    expect(swung).toContain(`Hrolf rolls to miss friend Bobjo: 3d6 = 6+6+2 = 14 vs adjDX 12 [${ms}] -> failed: Bobjo is hit [R-S5]`);
    expect(swung).toContain('Bobjo takes 3 damage (3d: 3+4+5 = 12 - 6 sweeping blow: half damage, round down [R-S3] - 3 chainmail stops [tft-core armor]); wounds now 3');
    expect(swung).toContain(`Hrolf attacks Goblin 1 with Battleaxe (melee): 3d6 = 2+3+4 = 9 vs adjDX 12 [${ms}] -> hit`);
    expect(swung).toContain('Goblin 1 takes 1 damage (3d: 1+2+3 = 6 - 3 sweeping blow: half damage, round down [R-S3] - 2 leather armor stops [tft-core armor]); wounds now 1');
    // Bobjo's player reads his own wounds in the roster: ST 12, 3 wounds, remST 9.
    await bob.locator('[data-tab="status"]').click();
    await expect.poll(() => bob.locator('tr[data-roster="bobjo"] td').allTextContents()).toEqual(['Bobjo', 'healthy', '12', '3', '0', '9', '9']);
    expect(await pageOverflow(axe)).toBeLessThanOrEqual(0);
    await h.shot(axe, 'evening-sweep-log-phone');
    expect(h.errors).toEqual([]);
  }, EVENING_MS);
});
