import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../../../src/core/dice/source.ts';
import { seedRng } from '../../../src/core/rng.ts';
import { systems } from '../../../src/rules/index.ts';
import { tftSystem } from '../../../src/rules/tft/system.ts';
import { NET_WHY, SCORE_WHY, formatOdds, groupOptions, ledgerDelta, ledgerTotal, optionView, optionsOf, pct, targetMarks } from './options.ts';
import { figureViews } from './view.ts';

const ledger = (total: number) => ({ entries: [{ source: 'base', delta: total, rule: 'tft-core' }], total });

describe('reading explained options', () => {
  it('AD&D attack: per-swing hit and critical chances as percentages, expected damage, and the bonus/need ledgers', () => {
    const o = optionView(
      {
        kind: 'attack',
        target: 'gnoll1',
        weapon: 'longsword',
        swings: [{ weapon: 'longsword', role: 'alone', bonus: ledger(0), ac: ledger(5), need: ledger(13), hit: 0.4, critical: 0.0175, expectedDamage: 3.312375 }],
        expectedDamage: 3.312375,
      },
      'k',
    );
    expect(o.label).toBe('attack → gnoll1');
    expect(o.targets).toEqual(['gnoll1']);
    expect(o.odds.map((x) => [x.label, formatOdds(x)])).toEqual([
      ['hit', '40.0%'],
      ['critical', '1.8%'],
      ['expected damage', '3.31'],
    ]);
    expect(o.ledgers.map((l) => [l.name, l.ledger.total])).toEqual([
      ['bonus', 0],
      ['ac', 5],
      ['need', 13],
    ]);
  });

  it('two swings are labelled by role', () => {
    const o = optionView({ kind: 'attack', swings: [{ role: 'primary', hit: 0.5, bonus: ledger(1) }, { role: 'secondary', hit: 0.25, bonus: ledger(-2) }] }, 'k');
    expect(o.odds.map((x) => x.label)).toEqual(['primary hit', 'secondary hit']);
    expect(o.ledgers.map((l) => l.name)).toEqual(['primary: bonus', 'secondary: bonus']);
  });

  it('a swing whose role or weapon is not a text is labelled by its place, never "[object Object]"', () => {
    const o = optionView({ kind: 'attack', swings: [{ role: { name: 'primary' }, hit: 0.5, bonus: ledger(1) }, { role: 'secondary', weapon: ['dagger'], hit: 0.25 }, { weapon: {}, hit: 0.1 }] }, 'k');
    expect(o.odds.map((x) => x.label)).toEqual(['1 hit', 'secondary hit', '3 hit']);
    expect(o.ledgers.map((l) => l.name)).toEqual(['1: bonus']);
  });

  it("a medic's options say the chance to stabilize, the work left and what the ledgers count (R-T3, R-T4): the card showed only 'turns left 60'", () => {
    // As explain() gives them (src/rules/tft/house/thread/module.ts stabilizeOptions, firstAidAction).
    const stab = optionView(
      { command: { type: 'stabilize', figure: 'doc', target: 'pat' }, label: 'stabilize Pat', ledger: [{ source: 'Physicker', delta: 4, rule: 'R-T3' }], stabilize: { p: 145 / 432, exact: '145/432' }, turnsLeft: 60, score: 6.7, tend: true },
      'k',
    );
    expect(stab.odds.map((x) => [x.label, formatOdds(x)])).toEqual([
      ['stabilizes', '33.6%'],
      ['turns of work left', '60'],
    ]);
    expect(stab.ledgers.map((l) => `${l.name} = ${l.ledger.total}`)).toEqual(['dice against IQ = 4']);
    const aid = optionView({ command: { type: 'first-aid', figure: 'doc', target: 'pat' }, label: 'first aid to Pat', ledger: [{ source: 'Physicker first aid', delta: 2, rule: 'R-T4' }], score: 102, tend: true }, 'k');
    expect(aid.ledgers.map((l) => `${l.name} = ${l.ledger.total}`)).toEqual(['wounds healed = 2']);
  });

  it("a medic's care for a dying friend (tend: stabilize, first aid; R-T3, R-T4) comes first, before its attacks; the rest keep the engine's order", () => {
    const attack = (t: string) => ({ command: { type: 'attack', figure: 'doc', target: t }, label: `melee attack on ${t}`, expectedDamage: 3 });
    const raw = [attack('orc'), attack('gob'), { command: { type: 'defend', figure: 'doc' }, label: 'defend' }, { command: { type: 'stabilize', figure: 'doc', target: 'pat' }, label: 'stabilize Pat', score: 6.7, tend: true }, { command: { type: 'first-aid', figure: 'doc', target: 'pat' }, label: 'first aid to Pat', score: 102, tend: true }];
    expect(groupOptions(raw.map((o, i) => optionView(o, `o${i}`))).map((o) => o.label)).toEqual(['stabilize Pat', 'first aid to Pat', 'melee attack on orc', 'melee attack on gob', 'defend']);
  });

  it('TFT-style option: bare ledger arrays, nested odds, sweep targets in arc order, hexes to pick', () => {
    const o = optionView(
      {
        type: 'sweep',
        targets: ['g1', 'bobjo', 'g2'],
        adjDX: [
          { source: 'DX', delta: 14, rule: 'tft-core' },
          { source: 'one extra target', delta: -4, rule: 'R-S2' },
        ],
        odds: { pHit: 0.5, expectedDamage: 2.25, pDrop: 0.1 },
        targetHexes: [{ hex: { q: 1, r: 2 } }, { q: 2, r: 2 }],
      },
      'k',
    );
    expect(o.targets).toEqual(['g1', 'bobjo', 'g2']);
    expect(o.ledgers[0].ledger.total).toBe(10);
    expect(o.odds.map((x) => [x.label, formatOdds(x)])).toEqual([
      ['hit', '50.0%'],
      ['expected damage', '2.25'],
      ['drops target', '10.0%'],
    ]);
    expect(o.hexes.map((h) => h.hex)).toEqual([
      { q: 1, r: 2 },
      { q: 2, r: 2 },
    ]);
  });

  it('once the fight is over shows what the engine still lists: nothing after the duel, the medic\'s 5 minutes after a fight with a friend dying (R-T3)', () => {
    const raw = { system: 'tft', name: 'medic', figures: [
      { id: 'doc', side: 'a', st: 10, dx: 12, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: { q: 2, r: 2 } },
      { id: 'pat', side: 'a', st: 10, dx: 10, iq: 9, wounds: 12, at: { q: 3, r: 2 } },
      { id: 'orc', side: 'b', race: 'orc', st: 10, dx: 9, weapons: ['club'], wounds: 30, at: { q: 10, r: 8 } },
    ] };
    const s = tftSystem.setup(raw);
    const dice = new SeededDice(seedRng(1));
    for (const c of [{ type: 'begin' }, { type: 'move', figure: 'doc', path: [] }, { type: 'pass', figure: 'doc' }]) tftSystem.apply(s, tftSystem.parseCommand(c), dice, null);
    const report = tftSystem.explain(s);
    expect(report.pending).toBeNull();
    expect(optionsOf(report, 'doc').map((o) => o.command)).toEqual([{ type: 'finish-stabilization', figure: 'doc', target: 'pat' }]);
    expect(optionsOf(report, 'pat')).toEqual([]);
  });

  it("3380eb42 R-A9: a hit to disarm says whose save its chance is and what is disarmed, and names each ledger in words: the card read 'save chance', 'disarm chance', 'disarm save'", () => {
    // The engine's own option (src/rules/adnd/explain.ts disarmOdds): a +2 long sword binds the foe's +1 main gauche, not its mace.
    const hero = { id: 'hero', side: 'a', class: 'fighter', level: 5, hp: 40, ac: 5, dex: 17, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword', magic: 2 }] };
    const foe = { id: 'foe', side: 'b', class: 'fighter', level: 1, hp: 40, ac: 5, str: '18/00', dex: 17, proficiencies: {}, weapons: [{ weapon: 'footmans-mace', magic: 3 }, { weapon: 'main-gauche', magic: 1 }], wield: ['footmans-mace', 'main-gauche'] };
    const sys = systems.adnd;
    const s = sys.setup({ system: 'adnd', figures: [hero, foe] });
    sys.apply(s, sys.parseCommand({ type: 'begin' }), new SeededDice(seedRng(1)), null);
    const d = optionsOf(sys.explain(s), 'hero').find((o) => o.command?.mode === 'disarm')!;
    expect(d.label).toBe("hit to disarm foe's main gauche with long sword (bind)");
    expect(d.odds.map((x) => [x.label, formatOdds(x)])).toEqual([
      ['hit', '40.0%'],
      ['target saves', '55.0%'],
      ['disarmed', '18.0%'],
    ]);
    expect(d.ledgers.map((l) => [l.name, l.ledger.total])).toEqual([
      ['to hit (dexterity and weapon plusses only)', 3],
      ['needs (to hit AC 0)', 16],
      ["target's save vs petrification adds", 5],
    ]);
    // The save's number needed, in no ledger, is in the card's words.
    expect(d.notes).toEqual(['d20 + 3 vs 16 (40%), then its save vs petrification d20 + 5 vs 15 (55%): disarmed 18%']);
  });

  it("3380eb42 R-A9: a whip's attack says whose save its chance is and what the hit does, and names the save's ledger in words: the card read 'entangle chance' and 'entangle save'", () => {
    // The engine's own option (src/rules/adnd/explain.ts entangleOdds): a whip against a foe of dexterity 17 (+2 defensive).
    const hero = { id: 'hero', side: 'a', class: 'fighter', level: 5, hp: 40, ac: 5, dex: 17, proficiencies: { whip: 1 }, weapons: [{ weapon: 'whip' }] };
    const foe = { id: 'foe', side: 'b', class: 'fighter', level: 1, hp: 60, ac: 5, dex: 17, proficiencies: {}, weapons: [{ weapon: 'longsword' }] };
    const sys = systems.adnd;
    const s = sys.setup({ system: 'adnd', options: { criticals: 'off' }, figures: [hero, foe] });
    sys.apply(s, sys.parseCommand({ type: 'begin' }), new SeededDice(seedRng(1)), null);
    const w = optionsOf(sys.explain(s), 'hero').find((o) => o.command?.type === 'attack' && o.command.mode === undefined)!;
    // The long label keeps its head; the chance to entangle goes to the notes (and to its chip).
    expect(w.label).toBe('attack foe with whip d20 + 1 vs 13 (45%), then its save vs petrification d20 + 2 vs 15 (40%)');
    expect(w.notes).toEqual(['entangled 27%']);
    expect(w.odds.filter((x) => x.key === 'saveChance' || x.key === 'entangleChance').map((x) => [x.label, formatOdds(x)])).toEqual([
      ['target saves', '40.0%'],
      ['entangled', '27.0%'],
    ]);
    expect(w.ledgers.filter((l) => l.name.includes('save')).map((l) => [l.name, l.ledger.total])).toEqual([["target's save vs petrification adds", 2]]);
  });

  it("3380eb42 R-A2: a launcher's readying, a draw and a spell say what their numbers count: the chips read 'segments 2', 'then every 3', 'left 2'", () => {
    const archer = { id: 'dara', side: 'a', class: 'ranger', level: 1, hp: 20, ac: 5, proficiencies: { longbow: 1, dagger: 1 }, weapons: [{ weapon: 'longbow', ammo: 24 }, { weapon: 'dagger' }], wield: [] };
    const mage = { id: 'zara', side: 'a', class: 'magic-user', level: 3, hp: 9, ac: 9, proficiencies: { dagger: 1 }, weapons: [{ weapon: 'dagger' }], spells: { 'magic-missile': 2 } };
    const ogre = { id: 'ogre', side: 'b', hd: '4+1', size: 'L', hp: 25, ac: 5, weapons: [{ id: 'club', sf: 6, damage: '1d10' }] };
    const sys = systems.adnd;
    const s = sys.setup({ system: 'adnd', figures: [archer, mage, ogre] });
    sys.apply(s, sys.parseCommand({ type: 'begin' }), new SeededDice(seedRng(1)), null);
    const chips = (id: string, kind: string) => optionsOf(sys.explain(s), id).find((o) => o.kind === kind)!.odds.map((x) => `${x.label} ${formatOdds(x)}`);
    // Readying nocks nothing (R-A2): 2 segments for the bow, then 3 for each arrow.
    expect(chips('dara', 'ready')).toEqual(['segments it takes 2', 'then a shot every (segments) 3']);
    expect(chips('dara', 'draw')).toEqual(['segments it takes 1']);
    expect(chips('zara', 'cast')).toEqual(['casting time (segments) 1', 'casts of it left 2', 'expected damage 7']);
  });

  it("3380eb42 R-A8: a parry says what its numbers are, as the engine's words do ('AC better by', 'next action later by'): the chips read 'ac improvement 3', 'next delay 2'", () => {
    const raw = parse(readFileSync(new URL('../../../examples/adnd/frito-parries.yaml', import.meta.url), 'utf8'));
    raw.figures[0].script = undefined;
    const sys = systems.adnd;
    const s = sys.setup(raw);
    const dice = new SeededDice(seedRng(1));
    sys.apply(s, sys.parseCommand({ type: 'begin' }), dice, null);
    // The AI plays Frito's attacks until the minotaur's blow comes and Frito may parry it.
    for (let i = 0; i < 60 && sys.pending(s)?.kind !== 'parry'; i++) sys.apply(s, sys.decide(s), dice, null);
    const parry = optionsOf(sys.explain(s), 'frito').find((o) => o.kind === 'parry')!;
    expect(parry.odds.map((x) => `${x.label} ${formatOdds(x)}`)).toEqual(['AC better by 3', 'next action later by (segments) 2']);
    expect(parry.ledgers.map((l) => `${l.name} = ${l.ledger.total}`)).toEqual(['AC better by = 3', 'next action later by (segments) = 2']);
  });

  it('reads a figure s options from a report; percentages at the edges', () => {
    expect(optionsOf({ figures: [{ id: 'a', options: [{ kind: 'x' }] }] }, 'a')).toHaveLength(1);
    expect(optionsOf({ figures: [] }, 'a')).toEqual([]);
    expect([pct(0), pct(1), pct(0.0004), pct(0.9996), pct(0.123)]).toEqual(['0.0%', '100.0%', '<0.1%', '>99.9%', '12.3%']);
  });
  it("an option that is not an object reads as its kind when it is a word, else as 'option' (fuzz: a list gave '[object Object]')", () => {
    expect(optionView('pass', 'k').label).toMatch(/pass/);
    for (const raw of [[{}], [], null, true]) expect(optionView(raw, 'k').label).not.toMatch(/object|undefined|null|true/);
  });
});

describe('grouping long option lists', () => {
  const fire = (target: string, burst: string, hit: number, ammoUsed: number) => ({
    command: { type: 'fire', figure: 'b', target, burst, weapon: 'b.rifle' },
    label: `Fire rifle (${burst} burst, standard) at ${target}`,
    hit,
    ammoUsed,
    hits: [
      [0, 1 - hit],
      [1, hit],
    ],
  });
  const grenade = (q: number, r: number, expectedDamage: number) => ({
    command: { type: 'throw-grenade', figure: 'b', at: { q, r }, weapon: 'b.grenade' },
    label: `Throw grenade at ${q},${r}`,
    hit: 0.05,
    expectedDamage,
    score: expectedDamage,
  });

  it('bursts at one target become one option with a choice per burst, each with its rounds and hits (R-H10)', () => {
    const opts = [fire('red', 'single', 0.74, 1), fire('red', 'four', 0.84, 4), fire('blue', 'single', 0.5, 1), { command: { type: 'pass', figure: 'b' }, label: 'do nothing' }].map((o, i) =>
      optionView(o, `k${i}`),
    );
    const g = groupOptions(opts);
    expect(g.map((o) => o.label)).toEqual(['Fire rifle at red', 'Fire rifle (single burst, standard) at blue', 'do nothing']);
    expect(g[0].choices.map((c) => c.label)).toEqual(['single (1 round)', 'four (4 rounds)']);
    expect(g[0].choices[1].command).toEqual({ type: 'fire', figure: 'b', target: 'red', burst: 'four', weapon: 'b.rifle' });
    expect(g[0].choices[1].notes).toEqual(['hits: 0: 16.0% · 1: 84.0%']);
  });

  it("a burst choice's adjDX keeps its ledger, named by the choice, the autofire bonus in it (R-H10): the card's ▸ said 'No modifiers.'", () => {
    // The HiTech Biff example: the shooters' rifleman at his first action, everyone having stayed put.
    const s = tftSystem.setup(parse(readFileSync(new URL('../../../examples/tft/hitech-biff.yaml', import.meta.url), 'utf8')));
    const dice = new SeededDice(seedRng(1));
    tftSystem.apply(s, tftSystem.parseCommand({ type: 'begin' }), dice, null);
    for (let i = 0; i < 12; i++) {
      const p = tftSystem.explain(s).pending;
      if (!p || p.kind === 'action') break;
      const c = p.kind === 'initiative' ? { type: 'initiative', figure: p.figures[0], choice: 'first' } : { type: 'move', figure: p.figures[0], path: [] };
      tftSystem.apply(s, tftSystem.parseCommand(c), dice, null);
    }
    const report = tftSystem.explain(s);
    expect(report.pending?.figures).toEqual(['rifleman']);
    const fire = groupOptions(optionsOf(report, 'rifleman')).find((o) => o.kind === 'fire' && o.choices.length === 4)!;
    expect(fire.ledgers.map((l) => `${l.name} = ${l.ledger.total}`)).toEqual(fire.choices.map((c) => `${c.label}: adjDX = ${c.odds.find((d) => d.key === 'adjDX')!.value}`));
    const half = fire.ledgers.find((l) => l.name.startsWith('half'))!;
    expect(half.ledger.entries.map((e) => `${e.rule}: ${e.source}`)).toContain('R-H10: half-clip burst');
  });

  it('reloads with different ammunition become one option named without the ammunition, each choice saying its own (R-H10): not "reload ACR with slug" over an apds choice', () => {
    const reload = (ammo: string, rest: string) => ({ command: { type: 'reload', figure: 'b', weapon: 'b.acr', ammo }, label: `reload ACR with ${ammo.toUpperCase() === 'APDS' ? 'APDS' : ammo} (${rest})` });
    const g = groupOptions([reload('slug', 'loses the 40 rounds loaded; 1 clip left'), reload('apds', 'loses the 40 rounds loaded; 2 clips left')].map((o, i) => optionView(o, `r${i}`)));
    expect(g.map((o) => o.label)).toEqual(['reload ACR']);
    expect(g[0].choices.map((c) => c.label)).toEqual(['slug (loses the 40 rounds loaded; 1 clip left)', 'APDS (loses the 40 rounds loaded; 2 clips left)']);
    expect(g[0].choices[1].command).toEqual({ type: 'reload', figure: 'b', weapon: 'b.acr', ammo: 'apds' });
  });

  it('grenade target hexes become one pick-a-hex option, each hex with its own command; the best is shown', () => {
    const g = groupOptions([grenade(1, 2, 3.1), grenade(2, 2, 3.4), grenade(3, 2, 2.9)].map((o, i) => optionView(o, `g${i}`)));
    expect(g).toHaveLength(1);
    expect(g[0].label).toBe('Throw grenade: pick the hex');
    expect(g[0].hexes.map((h) => h.hex)).toEqual([
      { q: 1, r: 2 },
      { q: 2, r: 2 },
      { q: 3, r: 2 },
    ]);
    expect(g[0].hexes[1].command).toEqual({ type: 'throw-grenade', figure: 'b', at: { q: 2, r: 2 }, weapon: 'b.grenade' });
    expect(g[0].notes).toEqual([`best: Throw grenade at 2,2, by the engine's score (${SCORE_WHY})`]);
    expect(g[0].command).toBeUndefined();
  });

  it("a grenade's best hex is named by the engine's score, not as 'best expected damage' (a hex with more damage that hurts a friend scores less, R-H12)", () => {
    // 1,2: 2.66 to foes, 0.02 to friends, score 2.62. 2,2: 2.70 to foes but 0.50 to a friend, score 1.70.
    const hex = (q: number, expectedDamage: number, friendlyDamage: number) => ({
      ...grenade(q, 2, expectedDamage),
      friendlyDamage,
      score: expectedDamage - 2 * friendlyDamage,
    });
    const [g] = groupOptions([hex(1, 2.66, 0.02), hex(2, 2.7, 0.5)].map((o, i) => optionView(o, `g${i}`)));
    const chips = g.odds.map((d) => `${d.label} ${formatOdds(d)}`);
    expect(chips).toEqual(['best hex 1,2: score 2.62', 'hit 5.0%', 'expected damage 2.66', 'friendly damage 0.02']);
    expect(g.odds[0].title).toBe(SCORE_WHY);
    expect(chips.some((c) => /best expected damage/.test(c))).toBe(false);
    // The hovered hex says its own numbers, its score among them: 2.70 there is no contradiction.
    expect(g.hexes.map((h) => h.note)).toEqual(['hit 5.0%, expected damage 2.66, friendly damage 0.02, score 2.62', 'hit 5.0%, expected damage 2.70, friendly damage 0.50, score 1.70']);
  });

  it("a grenade's hex says its adjDX and what made it, the range's penalty with it (R-H3): the hit chance alone did not say why a farther hex is harder", () => {
    const at = (q: number, hexes: number) => ({
      ...grenade(q, 2, 3),
      adjDX: 15 - hexes,
      ledger: [
        { source: 'DX', delta: 15, rule: 'tft-core' },
        { source: `thrown, ${hexes} hexes`, delta: -hexes, rule: 'R-H3' },
      ],
    });
    const [g] = groupOptions([at(1, 5), at(2, 6)].map((o, i) => optionView(o, `g${i}`)));
    expect(g.hexes.map((h) => h.note)).toEqual(['adjDX 10 (15 DX −5 thrown, 5 hexes); hit 5.0%, expected damage 3, score 3', 'adjDX 9 (15 DX −6 thrown, 6 hexes); hit 5.0%, expected damage 3, score 3']);
  });
});

describe('targets on the map', () => {
  it('an attack the engine offers on a friend ("(a friend!)") marks that friend as a friend, not as a target like the enemies', () => {
    const scenario = parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'));
    // Cedric next to Bjorn, and Bjorn's squire beside him.
    scenario.figures[1].at = [3, 3];
    scenario.figures.push({ ...scenario.figures[0], id: 'squire', name: 'Squire', at: [2, 4] });
    const tft = systems.tft;
    const s = tft.setup(scenario);
    const dice = new ScriptedDice([6, 1]);
    tft.apply(s, tft.parseCommand({ type: 'begin' }), dice, null);
    const report = tft.explain(s);
    const figures = figureViews(s, report);
    const bjorn = figures.find((f) => f.id === 'bjorn')!;
    const options = groupOptions(optionsOf(report, 'bjorn'));
    expect(options.some((o) => o.targets.includes('squire') && /a friend!/.test(o.label))).toBe(true);
    const marks = targetMarks(options, figures, bjorn);
    expect(marks.map((m) => [m.id, m.friend])).toEqual([
      ['cedric', false],
      ['squire', true],
    ]);
    expect(marks.find((m) => m.id === 'squire')!.hex).toEqual(figures.find((f) => f.id === 'squire')!.hex);
  });
});

describe('sweeping blows (931c742c, R-S2, R-S4, R-S5)', () => {
  it('shows the targets in arc order with each one s odds and adjDX ledger, and the friend rolled against', () => {
    const l = (n: number) => [
      { source: 'DX', delta: 14, rule: 'tft-core' },
      { source: 'sweep, one extra target', delta: n, rule: 'R-S2' },
    ];
    const o = optionView(
      {
        command: { type: 'sweep', figure: 'jem', targets: ['g1', 'g2'], spin: 'cw' },
        label: 'sweep clockwise (New Sweeping Blows): g1 adjDX 10 hit 50.0% exp 1.20; g2 adjDX 10 hit 50.0% exp 1.20; friend bobjo (adjDX 10 to miss) hit 50.0% exp -0.60; no more expected damage than the best single attack (2.100)',
        expectedDamage: 2.4,
        targets: [
          { id: 'g1', adjDX: 10, hit: 0.5, expectedDamage: 1.2, ledger: l(-4) },
          { id: 'g2', adjDX: 10, hit: 0.5, expectedDamage: 1.2, ledger: l(-4) },
        ],
        friends: [{ id: 'bobjo', adjDX: 10, hit: 0.5, expectedDamage: 0.6, ledger: l(-4) }],
      },
      'k',
      'jem',
      (id) => ({ g1: 'Goblin 1', g2: 'Goblin 2', bobjo: 'Bobjo' })[id] ?? id,
    );
    expect(o.label).toBe('sweep clockwise (New Sweeping Blows)');
    expect(o.notes[0]).toMatch(/^g1 adjDX 10/);
    expect(o.targets).toEqual(['g1', 'g2']);
    expect(o.odds.filter((x) => x.format === 'percent').map((x) => `${x.label} ${formatOdds(x)}`)).toEqual(['Goblin 1 hit 50.0%', 'Goblin 2 hit 50.0%', 'friend Bobjo hit 50.0%']);
    // Each ledger named by what it adds up to, the adjDX its chip shows (was "Goblin 1: ledger").
    expect(o.ledgers.map((x) => `${x.name} = ${x.ledger.total}`)).toEqual(['Goblin 1: adjDX = 10', 'Goblin 2: adjDX = 10', 'friend Bobjo: adjDX = 10']);
  });
});

describe("a sweep's net value (R-S5)", () => {
  it("labels a sweep's expected damage as net of its friends' and says why ('expected damage -1.15' read as a wrong number)", () => {
    // As sweep/module.ts sweepOption gives it: expectedDamage is the targets' less the friend's.
    const raw = {
      command: { type: 'sweep', figure: 'jem', targets: ['g4', 'g5'], spin: 'cw' },
      label: 'sweep clockwise (New Sweeping Blows): Goblin 4 adjDX 5 hit 4.6% exp 0.30; Goblin 5 adjDX 5 hit 4.5% exp 0.29; friend Bobjo (adjDX 5 to miss) hit 91.9% exp -2.31; no more expected damage than the best single attack (9.333)',
      expectedDamage: -1.72,
      bestSingleDamage: 9.33,
      targets: [
        { id: 'g4', adjDX: 5, hit: 0.046, expectedDamage: 0.3 },
        { id: 'g5', adjDX: 5, hit: 0.045, expectedDamage: 0.29 },
      ],
      friends: [{ id: 'bobjo', adjDX: 5, hit: 0.919, expectedDamage: 2.31 }],
    };
    const name = (id: string) => ({ g4: 'Goblin 4', g5: 'Goblin 5', bobjo: 'Bobjo' })[id] ?? id;
    const o = optionView(raw, 'k', 'jem', name);
    const net = o.odds.find((x) => x.key === 'expectedDamage');
    expect(net && `${net.label} ${formatOdds(net)}`).toBe('net expected damage -1.72');
    expect(net?.title).toBe(NET_WHY);
    expect(o.odds.find((x) => x.key === 'bestSingleDamage')?.title).toMatch(/^best single damage: /);
    // Each target's and the friend's own expected damage keep their words.
    expect(o.odds.filter((x) => x.key !== 'expectedDamage' && /damage/.test(x.label)).map((x) => x.label)).toEqual([
      'best single damage',
      'Goblin 4 expected damage',
      'Goblin 5 expected damage',
      'friend Bobjo expected damage',
    ]);
    // An attack (no friends, no best single) keeps "expected damage".
    expect(optionView({ kind: 'attack', expectedDamage: 2.5 }, 'a').odds[0].label).toBe('expected damage');
  });
});

describe('options of an unusual shape', () => {
  it('a burst distribution with an entry that is not [hits, p] is not shown (fast-check counterexample: hits [[{}, 0.046], [1, 0.116]])', () => {
    const o = optionView({ kind: 'fire', hits: [[{}, 0.046], [1, 0.116]] }, 'k');
    expect(o.notes.join(' ')).not.toContain('[object Object]');
    expect(optionView({ kind: 'fire', hits: [[0, 0.5], [1, 0.5]] }, 'k').notes).toEqual(['hits: 0: 50.0% · 1: 50.0%']);
  });

  it('an odds field named like what objects inherit is labelled by its name, not by a function (counterexample: valueOf)', () => {
    const o = optionView(JSON.parse('{"kind":"attack","friends":[{"id":"b","valueOf":-1000000000}]}'), 'k', 'a', (id) => (id === 'b' ? 'Bobjo' : id));
    expect(o.odds.map((d) => d.label)).toEqual(['friend Bobjo value of']);
  });
});

describe('ledger numbers', () => {
  it("a ledger's fractional entries (an AD&D spell's expected damage, its save) print with 2 decimals, signed after the first; a masked total ('?') as it is", () => {
    expect([ledgerDelta(17.5, true), ledgerDelta(-1.0166666666666666, false), ledgerDelta(2, false), ledgerDelta(-3, false), ledgerDelta(0, false)]).toEqual(['17.50', '−1.02', '+2', '−3', '+0']);
    expect([ledgerTotal(16.483333333333334), ledgerTotal(14), ledgerTotal('?')]).toEqual(['16.48', '14', '?']);
  });
});
