// The attack narration (`fray run`, the table's log) shows every to-hit number with its
// derivation and rule ids, as the TFT lines do: the bonus entry by entry (strength, dexterity
// R-A4, proficiency R-A4, magic), the d20 needed from the 1e matrix (class/level or hit dice
// "to hit AC 0" less the target's AC, R-A11) and the target's AC opened into its parts
// (armour, dexterity R-A4, two weapons R-A4, parry R-A8). The terms printed sum to the numbers printed.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../cli/main.ts';
import { SeededDice } from '../../core/dice/source.ts';
import type { Ledger } from '../../core/ledger.ts';
import { seedRng } from '../../core/rng.ts';
import { type DisplayNames, displayNames } from '../../engine/names.ts';
import { describeEvent } from './describe.ts';
import type { AdndEvent } from './model.ts';
import { adndSystem as sys } from './system.ts';
import { QUIET, QueueDice } from './testing.ts';

const ex = (name: string) => new URL(`../../../examples/adnd/${name}`, import.meta.url).pathname;

async function run(file: string, seed: string, json: boolean): Promise<string[]> {
  const out: string[] = [];
  const code = await main(['node', 'fray', 'run', ex(file), '--seed', seed, ...(json ? ['--json'] : [])], { out: (t) => out.push(t), err: () => {}, readFile: (p) => readFileSync(p, 'utf8') });
  expect(code).toBe(0);
  return out.join('\n').split('\n').filter((l) => l.length > 0);
}

/** Sum of a printed derivation: a leading number, then "+ N" / "- N" terms. */
function sumTerms(text: string): number {
  const lead = /^(-?\d+) /.exec(text);
  let t = lead ? Number(lead[1]) : 0;
  for (const m of text.matchAll(/(?:^|\] )([+-]) (\d+) /g)) t += (m[1] === '-' ? -1 : 1) * Number(m[2]);
  return t;
}

/** The attack lines, checked against their events: the terms shown sum to the numbers shown, and each entry's rule id is there. */
function checkAttacks(events: AdndEvent[], names: DisplayNames, lines: string[]): number {
  let n = 0;
  for (const e of events) {
    if (e.type !== 'attack') continue;
    const x = e as unknown as { roll: number; bonus: Ledger; need: Ledger; ac: Ledger };
    const line = describeEvent(e, names);
    expect(lines).toContain(line);
    const m = /d20 (\d+) ([+-]) (\d+) \[(.*?)\] = (-?\d+) vs (-?\d+) needed \[(.*?\])\](?::|$)/.exec(line);
    expect(m, line).not.toBeNull();
    const [, roll, sign, bonus, bonusWhy, sum, need, needWhy] = m!;
    const shownBonus = (sign === '-' ? -1 : 1) * Number(bonus);
    expect(shownBonus).toBe(x.bonus.total);
    expect(Number(roll) + shownBonus).toBe(Number(sum));
    if (!bonusWhy.startsWith('nothing from') && bonusWhy !== 'no modifiers') expect(sumTerms(bonusWhy), line).toBe(shownBonus);
    for (const b of x.bonus.entries) if (b.delta !== 0) expect(bonusWhy).toContain(`${Math.abs(b.delta)} ${b.source} [${b.rule}]`);
    expect(x.bonus.entries.reduce((t, b) => t + b.delta, 0)).toBe(x.bonus.total);
    // The needed number: "to hit AC 0" [R-A11] less the target's AC [R-A11], its parts in parentheses.
    expect(Number(need)).toBe(x.need.total);
    expect(needWhy).toMatch(/to hit AC 0, .* \[R-A11\]/);
    const ac = /target AC (-?\d+) \((.*)\) \[R-A11\]/.exec(needWhy);
    const top = ac ? needWhy.replace(ac[0], `target AC ${ac[1]} [R-A11]`) : needWhy;
    expect(sumTerms(top), line).toBe(x.need.total);
    if (ac) {
      expect(Number(ac[1])).toBe(x.ac.total);
      expect(sumTerms(ac[2])).toBe(x.ac.total);
      for (const a of x.ac.entries) expect(ac[2]).toContain(`${a.source} [${a.rule}]`);
    }
    n++;
  }
  return n;
}

describe('attack narration: the to-hit ledger, rule by rule', () => {
  it('melee.yaml --seed 7: a known miss and a known hit read with their derivations', async () => {
    const lines = await run('melee.yaml', '7', false);
    expect(lines).toContain(
      '[r1 s3] Mirela strikes at Orc archer (orc5) with dagger: d20 13 + 0 [nothing from strength 10 [adnd-phb-strength], dexterity 16 (hand) [R-A4], proficient with dagger [R-A4]] = 13 vs 14 needed [21 to hit AC 0, magic-user level 5 [R-A11] - 7 target armour class 7 [R-A11]]: miss',
    );
    expect(lines).toContain(
      '[r1 s5] Sir Aldric strikes at Ogre with long sword: d20 1 + 2 [+ 1 strength 18/40 [adnd-phb-strength] + 1 weapon magic long sword [adnd-phb]] = 3 vs 13 needed [18 to hit AC 0, paladin level 4 [R-A11] - 5 target armour class 5 [R-A11]]: miss (natural 1)',
    );
    // A monster's need by hit dice, against a target whose AC has a dexterity part.
    expect(lines).toContain(
      '[r1 s4] Orc sergeant strikes at Mirela with scimitar: d20 5 + 0 [nothing from strength 10 [adnd-phb-strength], dexterity 11 (hand) [R-A4]] = 5 vs 12 needed [19 to hit AC 0, monster 1 HD [R-A11] - 7 target AC 7 (8 armour class 8 [adnd-phb] - 1 dexterity 16 AC adjustment [R-A4]) [R-A11]]: miss',
    );
  });

  it('R-A8: a parried blow shows the parry in the target AC', async () => {
    const lines = await run('frito-parries.yaml', '3', false);
    expect(lines).toContain(
      '[r2 s3] Minotaur strikes at Frito the Fighter with butt: d20 7 + 0 [no modifiers] = 7 vs 16 needed [13 to hit AC 0, monster 6-7+ HD [R-A11] + 3 target AC -3 (2 armour class 2 [adnd-phb] - 2 dexterity 17 AC adjustment [R-A4] - 3 parrying this attacker [R-A8]) [R-A11]]: miss',
    );
  });

  for (const [file, seed] of [
    ['melee.yaml', '7'],
    ['frito-and-rocky.yaml', '3'],
    ['frito-parries.yaml', '3'],
    ['surprise.yaml', '5'],
  ] as const) {
    it(`${file} --seed ${seed}: every attack line's terms sum to its numbers, each with its rule id`, async () => {
      const json = (await run(file, seed, true)).map((l) => JSON.parse(l));
      const events = json.filter((e) => e.type !== 'summary') as AdndEvent[];
      const names = displayNames(json.at(-1).figures);
      const lines = await run(file, seed, false);
      expect(checkAttacks(events, names, lines)).toBeGreaterThan(0);
    });
  }
});

describe('names: figures, weapons and spells as the table shows them, not their ids', () => {
  // A magic-user with a footman's mace and magic missiles against two gnolls of the same name.
  const raw = {
    system: 'adnd',
    figures: [
      { id: 'ansel', name: 'Ansel', side: 'a', class: 'magic-user', level: 3, hp: 20, ac: 8, proficiencies: { 'footmans-mace': 1 }, weapons: [{ weapon: 'footmans-mace' }], spells: { 'magic-missile': 1 } },
      { id: 'gnoll1', name: 'Gnoll', side: 'b', hd: 2, hp: 500, ac: 5, weapons: [{ id: 'bite', sf: 10, damage: '1' }], script: [{ type: 'wait', until: 200 }] },
      { id: 'gnoll2', name: 'Gnoll', side: 'b', hd: 2, hp: 500, ac: 5, weapons: [{ id: 'bite', sf: 10, damage: '1' }], script: [{ type: 'wait', until: 200 }] },
    ],
  };
  const names = new Map([
    ['ansel', 'Ansel'],
    ['gnoll1', 'Gnoll (gnoll1)'],
    ['gnoll2', 'Gnoll (gnoll2)'],
  ]);
  const at = { turn: 1, segment: 0, round: 1, segmentOfRound: 0 };
  const timing = {
    entries: [
      { source: 'start of the encounter', delta: 0, rule: 'R-A1' },
      { source: 'magic missile casting time 1', delta: 1, rule: 'R-A7' },
    ],
    total: 1,
  };

  it('the declaration line: "Ansel declares: cast magic missile at Gnoll (gnoll1)", the weapon by its table name', () => {
    const cast = { ...at, type: 'declare', figure: 'ansel', action: { kind: 'cast', spell: 'magic-missile', target: 'gnoll1' }, landsRound: 1, landsSegment: 1, timing } as AdndEvent;
    expect(describeEvent(cast, names)).toBe('[before r1 s1] Ansel declares: cast magic missile at Gnoll (gnoll1); acts in round 1 segment 1 (start of the encounter [R-A1] + 1 magic missile casting time 1 [R-A7] = round 1 segment 1)');
    const attack = { ...cast, action: { kind: 'attack', target: 'gnoll2', weapon: 'footmans-mace' } } as AdndEvent;
    expect(describeEvent(attack, names)).toMatch(/^\[before r1 s1\] Ansel declares: attack Gnoll \(gnoll2\) with footman's mace;/);
    // No names (old callers): the ids, and still the tables' names for the spell and the weapon.
    expect(describeEvent(cast)).toMatch(/^\[before r1 s1\] ansel declares: cast magic missile at gnoll1;/);
    expect(describeEvent(attack)).toMatch(/^\[before r1 s1\] ansel declares: attack gnoll2 with footman's mace;/);
    // A hit to disarm (R-A9) is declared as one: "attack" read as a blow for damage.
    const disarm = { ...cast, action: { kind: 'attack', mode: 'disarm', target: 'gnoll2', weapon: 'footmans-mace' } } as AdndEvent;
    expect(describeEvent(disarm, names)).toMatch(/^\[before r1 s1\] Ansel declares: hit to disarm Gnoll \(gnoll2\) with footman's mace;/);
  });

  it("spell damage names its caster: Ansel's magic missile hits Gnoll (gnoll1) for 3; a caster hidden from the viewer, An unseen figure's; an event from before it named one, the spell alone", () => {
    const hit = { ...at, segment: 1, segmentOfRound: 1, type: 'spell-damage', figure: 'gnoll1', caster: 'ansel', spell: 'magic-missile', damage: { entries: [{ source: 'missile 1: 1d4+1 [2]', delta: 3, rule: 'adnd-phb' }], total: 3 } } as unknown as AdndEvent;
    expect(describeEvent(hit, names)).toBe("[r1 s1] Ansel's magic missile hits Gnoll (gnoll1) for 3 (3 missile 1: 1d4+1 [2] [adnd-phb] = 3)");
    expect(describeEvent({ ...hit, caster: 'an unseen figure', unseen: ['caster'] } as AdndEvent, names)).toMatch(/^\[r1 s1\] An unseen figure's magic missile hits Gnoll \(gnoll1\) for 3 /);
    expect(describeEvent({ ...hit, caster: undefined } as AdndEvent, names)).toMatch(/^\[r1 s1\] magic missile hits Gnoll \(gnoll1\) for 3 /);
  });

  it('a played fight: every figure by its shown name in every line (no id, no weapon or spell id)', () => {
    const s = sys.setup(raw);
    const lines: string[] = [];
    const shown = displayNames(sys.summary(s).figures);
    for (let i = 0; i < 200 && sys.pending(s); i++) sys.apply(s, sys.decide(s), new QueueDice({}, QUIET), (e) => lines.push(sys.describe(e, shown)));
    const text = lines.join('\n');
    expect(text).toMatch(/Ansel casts magic missile at Gnoll \(gnoll[12]\)/);
    expect(text).toMatch(/Ansel's magic missile hits Gnoll \(gnoll[12]\) for/);
    expect(text).toMatch(/Ansel strikes at Gnoll \(gnoll[12]\) with footman's mace: d20/);
    expect(text).not.toMatch(/\bansel\b|(?<!\()gnoll[12]|magic-missile|footmans-mace/);
  });

  it("explain: the declared action, the schedule and the option labels by the shown names (\"attack Gnoll (gnoll1) with footman's mace\")", () => {
    const s = sys.setup(raw);
    const dice = new QueueDice({}, QUIET);
    sys.apply(s, { type: 'begin' }, dice, null);
    const report = sys.explain(s) as unknown as { figures: { id: string; declared: string | null; options: { label: string }[] }[]; schedule: { action: string }[]; text: string[] };
    const labels = report.figures.find((f) => f.id === 'ansel')!.options.map((o) => o.label);
    expect(labels).toContain("attack Gnoll (gnoll1) with footman's mace d20 + 0 vs 16 (25%)");
    expect(labels.some((l) => l.startsWith('cast magic missile at Gnoll (gnoll2) (casting time 1'))).toBe(true);
    sys.apply(s, { type: 'cast', figure: 'ansel', spell: 'magic-missile', target: 'gnoll1' }, dice, null);
    const after = sys.explain(s) as unknown as typeof report;
    expect(after.figures.find((f) => f.id === 'ansel')!.declared).toBe('cast magic missile at Gnoll (gnoll1)');
    expect(after.schedule.map((x) => x.action)).toContain('cast magic missile at Gnoll (gnoll1)');
    expect(after.text.some((l) => l.includes('Ansel cast magic missile at Gnoll (gnoll1)'))).toBe(true);
    // The names the caller passes (the server's, per viewer) are the ones used.
    const mine = sys.explain(s, new Map([['gnoll1', 'the big gnoll']])) as unknown as typeof report;
    expect(mine.figures.find((f) => f.id === 'ansel')!.declared).toBe('cast magic missile at the big gnoll');
  });
});

describe('the clock in words: segments as the GM counts them, round R segment S (1-10) [3380eb42]', () => {
  /** Every "segment N" of a line that is not "round R segment N" with N in 1..10 (the running count leaking into the text). */
  const strays = (line: string) => [...line.matchAll(/\bsegment (\d+)/g)].filter((m) => !/[Rr]ound \d+,? $/.test(line.slice(0, m.index)) || Number(m[1]) < 1 || Number(m[1]) > 10).map((m) => m[0]);

  it('R-A1: every line of a fight names its segments as "round R segment S", and each declaration\'s timing sum ends where it lands', async () => {
    for (const [file, seed] of [
      ['melee.yaml', '7'],
      ['frito-parries.yaml', '3'],
      ['surprise.yaml', '5'],
    ] as const) {
      const json = (await run(file, seed, true)).map((l) => JSON.parse(l));
      const events = json.filter((e) => e.type !== 'summary') as AdndEvent[];
      const names = displayNames(json.at(-1).figures);
      let declares = 0;
      for (const e of events) {
        const line = describeEvent(e, names);
        expect(strays(line), line).toEqual([]);
        if (e.type !== 'declare') continue;
        const x = e as unknown as { lands: number; landsRound: number; landsSegment: number; timing: Ledger };
        // The sum's total is the landing segment, in the same words as "acts in".
        expect(line.endsWith(`= round ${x.landsRound} segment ${x.landsSegment})`), line).toBe(true);
        expect(x.timing.total).toBe(x.lands);
        // The first step names the segment its number counts (where the figure became free).
        const first = x.timing.entries[0];
        if (first.delta > 0) expect(first.source, line).toContain(`round ${Math.ceil(first.delta / 10)} segment ${((first.delta - 1) % 10) + 1}`);
        declares++;
      }
      expect(declares, file).toBeGreaterThan(3);
    }
  });

  it('every line counts in words ("wins after 3 rounds", "drains 1 level", "pause 10 segments", "delayed 2 segments (1 consecutive parry)"), never "(s)"; R-A10 drains, R-A7 pauses and R-A8 delays by their numbers', async () => {
    for (const [file, seed] of [
      ['melee.yaml', '7'],
      ['frito-and-rocky.yaml', '3'],
    ] as const) {
      const lines = await run(file, seed, false);
      for (const l of lines) expect(l).not.toMatch(/\((s|es)\)/);
      expect(lines.some((l) => / wins after \d+ rounds?$/.test(l)), file).toBe(true);
    }
    // R-A8: a parry's delay in segments, the run of parries counted.
    expect((await run('frito-parries.yaml', '3', false)).some((l) => /; next action delayed 2 segments \(1 consecutive parry\) \[R-A8\]$/.test(l))).toBe(true);
    const at = { turn: 2, segment: 13, round: 2, segmentOfRound: 3 };
    const drain = (amount: number) => describeEvent({ ...at, type: 'drain', figure: 'a', by: 'w', amount, kind: 'level' } as AdndEvent);
    expect(drain(1)).toBe('[r2 s3] w drains 1 level from a (never multiplied, R-A10)');
    expect(drain(2)).toBe('[r2 s3] w drains 2 levels from a (never multiplied, R-A10)');
    const cast = describeEvent({ ...at, type: 'cast', figure: 'a', spell: 'magic-missile', target: 'b', offensive: true, pauseUntil: 23, pause: 10 } as AdndEvent);
    // 3380eb42 R-A7: "pause ten segments before undertaking any other activity except for physically attacking, defending, retreating" (not only spells).
    expect(cast).toBe('[r2 s3] a casts magic missile at b; pause 10 segments: nothing but attacking, defending or retreating before round 3 segment 3 (R-A7)');
  });

  it('R-A1: the schedule in `fray explain` says where each coming action lands and why, each sum ending at its own round and segment', () => {
    const s = sys.setup(parse(readFileSync(ex('frito-parries.yaml'), 'utf8')));
    const dice = new QueueDice({}, QUIET);
    let checked = 0;
    for (let i = 0; i < 60 && sys.pending(s); i++) {
      const report = sys.explain(s) as unknown as { schedule: { round: number; segmentOfRound: number }[]; text: string[] };
      const why = report.text.filter((l) => l.startsWith('      why there: '));
      expect(why).toHaveLength(report.schedule.length);
      report.schedule.forEach((x, k) => {
        expect(why[k].endsWith(`= round ${x.round} segment ${x.segmentOfRound}`), why[k]).toBe(true);
        expect(strays(why[k]), why[k]).toEqual([]);
        checked++;
      });
      for (const l of report.text.filter((t) => t.startsWith('  declared: '))) expect(strays(l), l).toEqual([]);
      sys.apply(s, sys.decide(s), dice, null);
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('missiles in words (3380eb42, missile weapons)', () => {
  it("3380eb42: a launcher's hit is the missile's damage: a long bow hit reads arrow 1d6 rolled, its critical maximum of arrow 1d6 (not the bow's)", () => {
    const raw = {
      system: 'adnd',
      figures: [
        { id: 'archer', side: 'a', class: 'ranger', level: 5, hp: 20, ac: 5, dex: 17, proficiencies: { longbow: 1 }, weapons: [{ weapon: 'longbow', ammo: 10, nocked: true }], wield: ['longbow'] },
        { id: 'ogre', side: 'b', hd: 4, size: 'L', hp: 200, ac: 5, weapons: [{ id: 'club', sf: 10, damage: '1d10' }], script: [{ type: 'wait', until: 100 }] },
      ],
    };
    const s = sys.setup(raw);
    const lines: string[] = [];
    // Segment 1 (nocked): d20 15 hits, d6 4. Segment 4: natural 20, confirm 5 <= (17 + 5) / 2 = 11, third roll 1: maximum 6.
    const dice = new QueueDice({ 20: [15, 20, 5, 1], 6: [4] }, QUIET);
    while (sys.pending(s) && s.now <= 4) sys.apply(s, sys.decide(s), dice, (e) => lines.push(describeEvent(e)));
    const hits = lines.filter((l) => l.includes('archer strikes at ogre with long bow'));
    expect(hits[0]).toMatch(/: hit, 4 damage \(4 arrow 1d6 rolled \[4\] \[adnd-phb\] = 4\)$/);
    expect(hits[1]).toMatch(/: hit; CRITICAL \(confirm 5 <= 11; .*\), 6 damage \(6 maximum of arrow 1d6 \[R-A10\] \+ 0 critical: /);
  });
});


describe('the extra attack (R-A5) in words', () => {
  it('R-A5: "Frito the Fighter takes the extra attack at Ogre": no "its" for a named person, in the log and the timeline reason', async () => {
    const lines = await run('frito-and-rocky.yaml', '3', false);
    expect(lines).toContain('[r1 s1] Frito the Fighter takes the extra attack at Ogre');
    expect(lines.some((l) => l.startsWith('Round 1, segment 1: Frito the Fighter takes the extra attack ('))).toBe(true);
    expect(lines.filter((l) => / its extra attack/.test(l))).toEqual([]);
  });
});

describe('ledger lines read after their own numbers', () => {
  /** Every ledger entry (an object with `source`, `delta` and `rule`) under `v`. */
  function entries(v: unknown, out: { source: string; delta: number }[] = []): { source: string; delta: number }[] {
    if (Array.isArray(v)) for (const x of v) entries(x, out);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.source === 'string' && typeof o.delta === 'number' && typeof o.rule === 'string') out.push({ source: o.source, delta: o.delta });
      else for (const x of Object.values(o)) entries(x, out);
    }
    return out;
  }

  it('R-A5: the extra-attack chance reads "chance 25 level 5 × 5% [R-A5] + 5 true fighter [R-A5] = 30%" (the level\'s source after its 25, not "25 5% x level 5")', async () => {
    const lines = await run('frito-and-rocky.yaml', '3', false);
    expect(lines).toContain('[r1 s1] Frito the Fighter rolls 16 for an extra attack (chance 25 level 5 × 5% [R-A5] + 5 true fighter [R-A5] = 30%): d10 1, extra attack in round 1 segment 1 [R-A5]');
    expect(lines.some((l) => l.includes('(chance 25 level 5 × 5% [R-A5] = 25%)'))).toBe(true);
  });

  it('no ledger entry of a fight or of explain starts with a number: each is printed after its own (every example, the AI to the end, explain at each decision)', () => {
    const bad = new Set<string>();
    let seen = 0;
    for (const file of readdirSync(new URL('../../../examples/adnd/', import.meta.url))) {
      const s = sys.setup(parse(readFileSync(ex(file), 'utf8')));
      const dice = new SeededDice(seedRng(5));
      for (let i = 0; i < 400 && sys.pending(s); i++) {
        const found = entries(i % 7 === 0 ? sys.explain(s) : null);
        sys.apply(s, sys.decide(s), dice, (e) => found.push(...entries(e)));
        for (const x of found) if (/^[-+\d.]/.test(x.source)) bad.add(`${x.delta} ${x.source}`);
        seen += found.length;
      }
    }
    expect(seen).toBeGreaterThan(500);
    expect([...bad]).toEqual([]);
  });
});

describe('a blow from a figure hidden from the viewer, as the server sends it', () => {
  // A blow on Frito as the server sends it to Frito's player with the striker hidden (src/server/views.ts
  // unseenFigure): the attacker "an unseen figure", marked `unseen`, without its roll, bonus, need and
  // critical confirmation; its damage as its total.
  const at = { turn: 2, segment: 12, round: 2, segmentOfRound: 2 };
  const blow = {
    type: 'attack', ...at, attacker: 'an unseen figure', unseen: ['attacker'], target: 'frito', weapon: 'footmans-mace', role: 'alone', mode: 'normal',
    ac: { entries: [{ source: 'armour class 4', delta: 4, rule: 'adnd-phb' }], total: 4 }, hit: true, natural: null, critical: null,
    damage: { entries: [], total: 3 }, dealt: 3, drain: null, save: null, disarmed: false, entangled: false,
  } as unknown as AdndEvent;
  const names = new Map([['frito', 'Frito the Fighter']]);

  it("reads '[r2 s2] An unseen figure strikes at Frito the Fighter with footman's mace: hit, 3 damage' in the rules' words, a miss as a miss, no to-hit sum (it threw: the player's log read the bare 'attack')", () => {
    expect(describeEvent(blow, names)).toBe("[r2 s2] An unseen figure strikes at Frito the Fighter with footman's mace: hit, 3 damage");
    expect(describeEvent({ ...blow, hit: false, damage: null } as AdndEvent, names)).toBe("[r2 s2] An unseen figure strikes at Frito the Fighter with footman's mace: miss");
    expect(describeEvent({ ...blow, mode: 'disarm', damage: null, disarmed: true } as AdndEvent, names)).toBe("[r2 s2] An unseen figure tries to disarm Frito the Fighter with footman's mace: hit on AC 0: disarmed!");
    // A critical lands (its third roll, what it does), without the confirmation read against the striker's dexterity and level.
    const critical = { third: 4, parryMinus: 0, multiplier: 2, special: false, label: 'double damage' };
    expect(describeEvent({ ...blow, critical, damage: { entries: [], total: 6 } } as AdndEvent, names)).toBe("[r2 s2] An unseen figure strikes at Frito the Fighter with footman's mace: hit; CRITICAL (third roll 4: double damage), 6 damage");
    expect(describeEvent({ ...blow, critical: { ...critical, third: null, label: 'not confirmed: normal damage' } } as AdndEvent, names)).toBe("[r2 s2] An unseen figure strikes at Frito the Fighter with footman's mace: hit; natural 20: no critical, 3 damage");
    // A drain from the dark, its striker first in the line.
    expect(describeEvent({ type: 'drain', ...at, figure: 'frito', by: 'an unseen figure', unseen: ['by'], kind: 'level', amount: 1 } as unknown as AdndEvent, names)).toBe('[r2 s2] An unseen figure drains 1 level from Frito the Fighter (never multiplied, R-A10)');
  });
});

describe("a blow on a figure hidden from the viewer: its saving throw by the outcome alone", () => {
  // Frito's disarm attempt and net on a hidden Ogre, as the server sends them to Frito's player
  // (src/server/visibility.ts TARGET): the target "an unseen figure", no `ac`, `need` with
  // Frito's own "to hit AC 0" only, and the Ogre's save without its d20, need, modifiers or label.
  const at = { turn: 2, segment: 12, round: 2, segmentOfRound: 2 };
  const blow = {
    type: 'attack', ...at, attacker: 'frito', target: 'an unseen figure', unseen: ['target'], weapon: 'longsword', role: 'alone', mode: 'disarm',
    roll: 15, bonus: { entries: [{ source: 'strength 17', delta: 1, rule: 'adnd-phb-strength' }], total: 1 },
    need: { entries: [{ source: 'to hit AC 0, fighter 5', delta: 16, rule: 'R-A11' }], total: '?' },
    hit: true, natural: null, critical: null, damage: null, dealt: 0, drain: null, save: { kind: 'petrification', saved: false }, disarmed: true, entangled: false,
  } as unknown as AdndEvent;
  const names = new Map([['frito', 'Frito the Fighter']]);

  it("3380eb42: '... tries to disarm an unseen figure ...: hit on AC 0; an unseen figure fails its save vs petrification: disarmed!', a net's save the same; no 'undefined' where the numbers were", () => {
    const disarm = describeEvent(blow, names);
    expect(disarm).toBe('[r2 s2] Frito the Fighter tries to disarm an unseen figure with long sword: d20 15 + 1 [+ 1 strength 17 [adnd-phb-strength]] = 16 vs ? needed [16 to hit AC 0, fighter 5 [R-A11]]: hit on AC 0; an unseen figure fails its save vs petrification: disarmed!');
    const kept = describeEvent({ ...blow, save: { kind: 'petrification', saved: true }, disarmed: false } as AdndEvent, names);
    expect(kept).toMatch(/: hit on AC 0; an unseen figure saves vs petrification$/);
    const net = { ...blow, weapon: 'net', mode: 'normal', damage: { entries: [], total: 0 }, entangled: true, disarmed: false } as unknown as AdndEvent;
    expect(describeEvent(net, names)).toMatch(/: hit, 0 damage; an unseen figure fails its save vs petrification: entangled!$/);
    // Spell damage on a figure whose save is masked reads its outcome the same way.
    const spell = { type: 'spell-damage', ...at, figure: 'an unseen figure', unseen: ['figure'], spell: 'fireball', save: { kind: 'spell', saved: true }, damage: { entries: [], total: 4 } } as unknown as AdndEvent;
    expect(describeEvent(spell, names)).toMatch(/fireball hits an unseen figure for 4 \(.*\); an unseen figure saves vs spell$/);
    for (const line of [disarm, kept, describeEvent(net, names), describeEvent(spell, names)]) expect(line).not.toMatch(/undefined|NaN/);
  });
});
