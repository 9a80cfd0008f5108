// explain's options against apply: at every step of played-out fights, every option offered to
// a figure the game waits for is a command apply takes (on a clone), and each phase offers its
// own kinds only (declare: no parry or pass; react: parry or pass; extra attack: attack or pass).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import type { Ledger } from '../../core/ledger.ts';
import type { AdndEvent, AdndState, Command } from './model.ts';
import { adndSystem as sys } from './system.ts';
import { QUIET, QueueDice } from './testing.ts';

const EXAMPLES = ['frito-parries.yaml', 'frito-and-rocky.yaml', 'melee.yaml', 'surprise.yaml', 'speed-factors.yaml', 'vampire.yaml'];
const load = (name: string) => parse(readFileSync(new URL(`../../../examples/adnd/${name}`, import.meta.url), 'utf8'));

interface Option {
  kind: string;
  label: string;
  command?: Command;
  preview?: boolean;
}

const KINDS: Record<string, string[]> = {
  action: ['attack', 'draw', 'ready', 'cast', 'wait', 'struggle', 'drop'],
  'extra-attack': ['attack', 'pass'],
  parry: ['parry', 'pass'],
};

/** The pending figures' options of `s`, each checked against apply on a clone; the problems found. */
function check(s: AdndState, seed: number): { problems: string[]; offered: Command[] } {
  const problems: string[] = [];
  const offered: Command[] = [];
  const report = sys.explain(s);
  const pending = sys.pending(s);
  for (const f of report.figures) {
    const options = f.options as Option[];
    const asked = pending?.figures.includes(f.id) ?? false;
    for (const o of options) {
      if (!asked) {
        if (!o.preview) problems.push(`${f.id} is not asked now but its '${o.label}' is not marked preview`);
        continue;
      }
      if (o.preview) problems.push(`${f.id}: '${o.label}' marked preview though ${f.id} is asked now`);
      if (!o.command) {
        problems.push(`${f.id}: '${o.label}' has no command`);
        continue;
      }
      if (!KINDS[pending!.kind].includes(o.command.type)) problems.push(`${pending!.kind}: ${f.id} offered '${o.command.type}'`);
      try {
        sys.apply(sys.clone(s), sys.parseCommand(o.command), new SeededDice(seedRng(seed)), null);
        offered.push(o.command);
      } catch (e) {
        problems.push(`segment ${s.now} ${pending!.kind}: ${f.id} '${o.label}' ${JSON.stringify(o.command)} -> ${(e as Error).message}`);
      }
    }
    if (asked && options.length === 0) problems.push(`${f.id} is asked (${pending!.kind}) but offered nothing`);
  }
  return { problems, offered };
}

describe('AD&D explain options are the commands legal now', () => {
  it('property: every option offered to a pending figure, at every step of the examples played out, is accepted by apply', () => {
    const kindsSeen = new Set<string>();
    fc.assert(
      fc.property(fc.constantFrom(...EXAMPLES), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 3 }), (name, seed, wildness) => {
        const s = sys.setup(load(name)) as AdndState;
        const dice = new SeededDice(seedRng(seed));
        let rnd = seed;
        for (let i = 0; i < 400 && sys.pending(s); i++) {
          const { problems, offered } = check(s, seed + i);
          expect(problems).toEqual([]);
          for (const c of offered) kindsSeen.add(`${sys.pending(s)!.kind}:${c.type}`);
          // Mostly the script and the AI; now and then (more with wildness) an offered option.
          rnd = (Math.imul(rnd, 1103515245) + 12345) >>> 0;
          const r = (rnd >>> 8) % 10;
          const c = offered.length > 0 && r < wildness ? offered[r % offered.length] : sys.decide(s);
          try {
            sys.apply(s, c, dice, null);
          } catch {
            // The AI has no good answer after an odd choice (a figure that dropped its only
            // weapon): take the first option offered instead (it was just checked).
            sys.apply(s, offered[0], dice, null);
          }
        }
      }),
      { numRuns: 60 },
    );
    // The played fights went through every kind of decision.
    for (const k of ['action:attack', 'action:wait', 'parry:parry', 'parry:pass', 'extra-attack:attack', 'extra-attack:pass']) expect(kindsSeen, k).toContain(k);
  });

  it("the audit's cases: no parry while declaring, no attack while reacting, no other weapon on an extra attack", () => {
    const s = sys.setup(load('frito-parries.yaml')) as AdndState;
    const dice = new SeededDice(seedRng(3));
    const seen = new Set<string>();
    for (let i = 0; i < 300 && sys.pending(s); i++) {
      const p = sys.pending(s)!;
      const f = sys.explain(s).figures.find((x) => x.id === p.figures[0]);
      const types = ((f?.options ?? []) as Option[]).map((o) => o.command?.type);
      seen.add(p.kind);
      if (p.kind === 'action') expect(types).not.toContain('parry');
      if (p.kind === 'action') expect(types).not.toContain('pass');
      if (p.kind === 'parry') expect(new Set(types)).toEqual(new Set(types.filter((t) => t === 'parry' || t === 'pass')));
      if (p.kind === 'extra-attack') {
        for (const o of (f?.options ?? []) as Option[]) expect(o.command && 'weapon' in o.command).toBe(false);
      }
      sys.apply(s, sys.decide(s), dice, null);
    }
    expect(seen).toContain('parry');
    expect(seen).toContain('action');
  });
});

describe('explain speaks the clock the system keeps (R-A6) [3380eb42]', () => {
  const archer = (over: Record<string, unknown>) => ({
    system: 'adnd',
    figures: [
      { id: 'archer', side: 'a', class: 'ranger', level: 3, hp: 20, ac: 5, proficiencies: { longbow: 1 }, weapons: [{ weapon: 'longbow', ammo: 10 }], wield: [], ...over },
      { id: 'dummy', side: 'b', hd: 1, hp: 50, ac: 10, weapons: [{ id: 'claw', sf: 10, damage: '1' }] },
    ],
  });
  const ready = (over: Record<string, unknown>) => {
    const s = sys.setup(archer(over)) as AdndState;
    sys.apply(s, { type: 'begin' }, new SeededDice(seedRng(1)), null);
    const o = (sys.explain(s).figures[0].options as (Option & { segments?: number; thenEvery?: number })[]).find((x) => x.kind === 'ready')!;
    // The option is what the system does: ready, then one shot, as the timing ledger sums them.
    sys.apply(s, o.command!, new SeededDice(seedRng(1)), null);
    const readyAt = s.figures[0].next;
    return { label: o.label, segments: o.segments, thenEvery: o.thenEvery, readyAt };
  };

  it('R-A6: the ready option of a hasted archer: long bow 2 -> 1 segment, then a shot every 2 (arrow 3 halved, rounded up); slowed: 4, then every 6 (1 segment, not 1 segments) [3380eb42]', () => {
    expect(ready({})).toEqual({ label: 'ready long bow (2 segments, then a shot every 3)', segments: 2, thenEvery: 3, readyAt: 2 });
    expect(ready({ hasted: 3 })).toEqual({ label: 'ready long bow (1 segment, then a shot every 2)', segments: 1, thenEvery: 2, readyAt: 1 });
    expect(ready({ slowed: 3 })).toEqual({ label: 'ready long bow (4 segments, then a shot every 6)', segments: 4, thenEvery: 6, readyAt: 4 });
  });
});

describe("explain's schedule projects what decide() would choose", () => {
  it("a scripted attack the fight has overtaken (the GM dropped its weapon) is projected as decide() plays it: the AI's draw, not nothing (f2e0a94's stale entry)", () => {
    const s = sys.setup(load('frito-parries.yaml')) as AdndState;
    const frito = () => (sys.explain(s) as unknown as { schedule: { segment: number; figure: string; action: string; projected: boolean }[] }).schedule.filter((x) => x.figure === 'frito');
    // Before the encounter begins nobody is asked yet: the script's live entry (the wait) is still projected.
    expect(frito().map((x) => [x.segment, x.action])).toEqual([[7, 'wait (if declared before segment 1)']]);
    const dice = new QueueDice({}, QUIET);
    sys.apply(s, sys.decide(s), dice, null);
    sys.apply(s, sys.parseCommand({ type: 'drop', figure: 'frito', weapon: 'longsword' }), dice, null);
    // Frito's scripted wait ends in segment 7: free, his next entry is an attack with no sword in hand.
    for (let i = 0; i < 20 && !(s.now === 7 && s.phase === 'declare' && s.queue[0] === 'frito'); i++) sys.apply(s, sys.decide(s), dice, null);
    expect([s.now, s.queue[0], s.figures[0].script[0].type]).toEqual([7, 'frito', 'attack']);
    expect(frito()).toEqual([{ segment: 8, figure: 'frito', action: 'draw long sword (if declared in round 1 segment 7)', projected: true, round: 1, segmentOfRound: 8, why: expect.any(Array) }]);
    // What decide() plays (its AI, the entry passed over).
    expect(sys.decide(s)).toEqual({ type: 'draw', figure: 'frito', weapons: ['longsword'] });
  });
});

describe('every number of a parry and a spell option carries its ledger [3380eb42]', () => {
  type Ledgered = Option & { acImprovement?: number; nextDelay?: number; ledgers?: Record<string, Ledger>; expectedDamage?: number; saveChance?: number; damage?: Ledger; targets?: { id: string; expectedDamage: number; saveChance?: number; damage: Ledger }[] };
  const optionsOf = (s: AdndState, id: string) => sys.explain(s).figures.find((f) => f.id === id)!.options as Ledgered[];

  it("R-A8: Frito's parry of the minotaur (frito-parries.yaml): AC 3 better = 2 proficiencies + 1 to-hit magic, next action +2 = 1 consecutive parry; the parry event carries the same ledgers", () => {
    const s = sys.setup(load('frito-parries.yaml')) as AdndState;
    const dice = new QueueDice({}, QUIET);
    while (!(s.phase === 'react' && s.queue.includes('frito'))) sys.apply(s, sys.decide(s), dice, null);
    const o = optionsOf(s, 'frito').find((x) => x.kind === 'parry')!;
    expect([o.label, o.acImprovement, o.nextDelay]).toEqual(['parry Minotaur with long sword: AC 3 better against it, next action +2 segments', 3, 2]);
    expect(o.ledgers).toEqual({
      acImprovement: {
        entries: [
          { source: 'proficiencies in long sword', delta: 2, rule: 'R-A8' },
          { source: 'long sword to-hit magic', delta: 1, rule: 'R-A8' },
        ],
        total: 3,
      },
      nextDelay: { entries: [{ source: 'parry delay: 1 consecutive parry', delta: 2, rule: 'R-A8' }], total: 2 },
    });
    // The figure's planning line (parryWith) is the same.
    expect((sys.explain(s).figures.find((f) => f.id === 'frito')!.parryWith as { ledgers: unknown }).ledgers).toEqual(o.ledgers);
    const events: AdndEvent[] = [];
    sys.apply(s, o.command!, dice, (e) => events.push(e));
    const p = events.find((e) => e.type === 'parry')!;
    expect([p.ac, p.delay, p.delayLedger]).toEqual([o.ledgers!.acImprovement, 2, o.ledgers!.nextDelay]);
  });

  it('R-A7: Zara (magic-user 3) casting magic missile at the Gnoll chief (surprise.yaml): 2 missiles of 1d4+1, expected damage 7, each missile an entry [adnd-phb]', () => {
    const s = sys.setup(load('surprise.yaml')) as AdndState;
    sys.apply(s, { type: 'begin' }, new QueueDice({ 100: [25] }), null);
    const o = optionsOf(s, 'zara').find((x) => x.kind === 'cast' && x.command?.type === 'cast' && x.command.target === 'gnoll1')!;
    expect(o.label).toBe('cast magic missile at Gnoll chief (casting time 1, offensive; 2 left): expected damage 7');
    expect(o.expectedDamage).toBe(7);
    expect(o.saveChance).toBeUndefined();
    expect(o.damage).toEqual({
      entries: [
        { source: 'missile 1 (caster level 3: 2 missiles, 1 per 2 levels rounded up): 1d4+1, mean 3.5', delta: 3.5, rule: 'adnd-phb' },
        { source: 'missile 2: 1d4+1, mean 3.5', delta: 3.5, rule: 'adnd-phb' },
      ],
      total: 7,
    });
  });

  it("R-A7: a fireball's expected damage is exact, each figure of the target's side with its own save for half (rounded down) counted from its save number; the dead are not struck", () => {
    const mage = { id: 'mage', side: 'a', class: 'magic-user', level: 5, hp: 20, ac: 9, weapons: [{ weapon: 'dagger' }], spells: { fireball: 1, 'lightning-bolt': 1 } };
    const gnoll = (id: string, hd: number, hp: number) => ({ id, side: 'b', hd, hp, ac: 5, weapons: [{ id: 'claw', sf: 5, damage: '1d4' }] });
    const s = sys.setup({ system: 'adnd', figures: [mage, gnoll('g1', 2, 10), gnoll('g2', 6, 30), gnoll('g3', 2, 10)] }) as AdndState;
    sys.apply(s, { type: 'begin' }, new QueueDice({}, QUIET), null);
    s.figures[3].hp = 0; // g3 is dead: the fireball does not strike it
    // 5d6 counted face by face: the mean of the full damage and of half, rounded down.
    let full = 0;
    let half = 0;
    for (let k = 0; k < 6 ** 5; k++) {
      let t = 0;
      for (let d = 0, x = k; d < 5; d++, x = Math.floor(x / 6)) t += (x % 6) + 1;
      full += t / 6 ** 5;
      half += Math.floor(t / 2) / 6 ** 5;
    }
    // Save vs spell: hit dice 2 as a fighter 2 needs 17 (4 faces of 20), hit dice 6 as a fighter 6 needs 14 (7 faces).
    const expect1 = full - 0.2 * (full - half);
    const expect2 = full - 0.35 * (full - half);
    const o = optionsOf(s, 'mage').find((x) => x.command?.type === 'cast' && x.command.spell === 'fireball' && x.command.target === 'g1')!;
    expect(o.saveChance).toBe(0.2);
    expect(o.expectedDamage).toBeCloseTo(expect1, 12);
    expect(o.damage!.entries.map((e) => [e.source, e.rule])).toEqual([
      ['mean of 5d6 (caster level 5: a d6 per level)', 'adnd-phb'],
      [`save vs spell (monster as fighter 2) 17: 20% to save for half (rounded down, mean ${Number(half.toFixed(2))})`, 'adnd-phb'],
    ]);
    expect(o.damage!.total).toBe(o.expectedDamage);
    expect(o.targets!.map((t) => [t.id, t.saveChance])).toEqual([
      ['g1', 0.2],
      ['g2', 0.35],
    ]);
    expect(o.targets![1].expectedDamage).toBeCloseTo(expect2, 12);
    // No total over the side: a player's view drops hidden figures from `targets`, a sum would count them.
    expect(o).not.toHaveProperty('expectedDamageTotal');
    expect(o.label).toBe(`cast fireball at g1 (casting time 3, offensive; 1 left): expected damage ${o.expectedDamage!.toFixed(1)}`);
    // A lightning bolt strikes its target only.
    const bolt = optionsOf(s, 'mage').find((x) => x.command?.type === 'cast' && x.command.spell === 'lightning-bolt' && x.command.target === 'g2')!;
    expect([bolt.targets, bolt.saveChance]).toEqual([undefined, 0.35]);
    expect(bolt.expectedDamage).toBeCloseTo(expect2, 12);
  });
});

describe('the hit to disarm is an option with its odds and ledgers (R-A9) [3380eb42]', () => {
  type DisarmOption = Option & { aimedAt?: string; hit?: number; saveChance?: number; disarmChance?: number; ledgers?: Record<string, Ledger> };
  // The hero's +2 long sword binds; the foe holds a +3 footman's mace (hook or entangle only) and a +1 main gauche (bind).
  const hero = { id: 'hero', side: 'a', class: 'fighter', level: 5, hp: 40, ac: 5, dex: 17, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword', magic: 2 }] };
  const foe = (weapons: string[], magic: number[]) => ({ id: 'foe', side: 'b', class: 'fighter', level: 1, hp: 40, ac: 5, str: '18/00', dex: 17, proficiencies: {}, weapons: weapons.map((weapon, i) => ({ weapon, magic: magic[i] })), wield: weapons, script: [{ type: 'wait', until: 200 }] });
  const begun = (raw: unknown) => {
    const s = sys.setup(raw) as AdndState;
    sys.apply(s, { type: 'begin' }, new QueueDice({}, QUIET), null);
    return s;
  };
  const disarms = (s: AdndState) => (sys.explain(s).figures.find((f) => f.id === 'hero')!.options as DisarmOption[]).filter((o) => o.command?.type === 'attack' && o.command.mode === 'disarm');

  it("3380eb42 R-A9: explain offers the hit to disarm at the foe's main gauche: hit AC 0 on d20 + 3 (40%), its save d20 + 5 vs 15 (55%), disarmed 18%, the numbers the engine rolls (every pair of d20s counted); no option where the weapon can disarm nothing the foe holds", () => {
    const raw = { system: 'adnd', figures: [hero, foe(['footmans-mace', 'main-gauche'], [3, 1])] };
    const [o] = disarms(begun(raw));
    expect(o.label).toBe("hit to disarm foe's main gauche with long sword (bind): d20 + 3 vs 16 (40%), then its save vs petrification d20 + 5 vs 15 (55%): disarmed 18%");
    expect([o.aimedAt, o.hit, o.saveChance]).toEqual(['main-gauche', 0.4, 0.55]);
    expect(o.disarmChance).toBeCloseTo(0.18, 12);
    expect(o.ledgers!.disarmBonus.entries.map((e) => [e.source, e.delta])).toEqual([
      ['dexterity 17 (hand)', 1],
      ['weapon magic long sword', 2],
    ]);
    expect(o.ledgers!.disarmNeed.total).toBe(16);
    expect(o.ledgers!.disarmSave.entries.map((e) => [e.source, e.delta])).toEqual([
      ['strength 18/00', 3],
      ['dexterity 17', 1],
      ['main gauche: better of magic to-hit / damage', 1],
    ]);
    // The engine, every attack d20 against every save d20: disarmed in 18% of the 400 pairs.
    let disarmed = 0;
    for (let a = 1; a <= 20; a++) {
      for (let b = 1; b <= 20; b++) {
        const s = begun(raw);
        const events: AdndEvent[] = [];
        const dice = new QueueDice({ 20: [a, b] }, QUIET);
        sys.apply(s, o.command!, dice, (e) => events.push(e));
        while (s.now <= 5 && sys.pending(s)) sys.apply(s, sys.decide(s), dice, (e) => events.push(e));
        if (events.some((e) => e.type === 'disarm' && e.weapon === 'main-gauche')) disarmed++;
      }
    }
    expect(disarmed).toBe(72);
    expect(disarmed / 400).toBeCloseTo(o.disarmChance!, 12);
    // Two maces: a long sword binds neither, so no hit to disarm is offered.
    expect(disarms(begun({ system: 'adnd', figures: [hero, foe(['footmans-mace', 'horsemans-mace'], [0, 0])] }))).toEqual([]);
  });
});

describe("an entangling weapon's attack shows its chance to entangle and the save's ledger (R-A9) [3380eb42]", () => {
  type AttackOption = Option & { saveChance?: number; entangleChance?: number; swings?: { hit: number }[]; ledgers?: Record<string, Ledger> };
  // The hero's whip against a foe of dexterity 17 (defensive adjustment +2); criticals off so each pair is the attack's d20, then the save's.
  const hero = { id: 'hero', side: 'a', class: 'fighter', level: 5, hp: 40, ac: 5, dex: 17, proficiencies: { whip: 1 }, weapons: [{ weapon: 'whip' }] };
  const foe = { id: 'foe', side: 'b', class: 'fighter', level: 1, hp: 60, ac: 5, dex: 17, proficiencies: {}, weapons: [{ weapon: 'longsword' }], script: [{ type: 'wait', until: 200 }] };
  const raw = { system: 'adnd', options: { criticals: 'off' }, figures: [hero, foe] };
  const begun = () => {
    const s = sys.setup(raw) as AdndState;
    sys.apply(s, { type: 'begin' }, new QueueDice({}, QUIET), null);
    return s;
  };

  it("3380eb42 R-A9: explain's whip attack says its save vs petrification (dexterity 17: +2 defensive) and its chance to entangle: hit 45% x failed save 60% = 27%, the numbers the engine rolls (every pair of d20s counted)", () => {
    const report = sys.explain(begun());
    const o = (report.figures.find((f) => f.id === 'hero')!.options as AttackOption[]).find((x) => x.command?.type === 'attack' && x.command.weapon === 'whip')!;
    expect(o.label).toBe('attack foe with whip d20 + 1 vs 13 (45%), then its save vs petrification d20 + 2 vs 15 (40%): entangled 27%');
    expect(o.swings![0].hit).toBeCloseTo(0.45, 12);
    expect(o.saveChance).toBe(0.4);
    expect(o.entangleChance).toBeCloseTo(0.27, 12);
    expect(o.ledgers!.entangleSave.entries.map((e) => [e.source, e.delta])).toEqual([['dexterity 17 (defensive adjustment)', 2]]);
    // The terminal names the save's ledger in words, not by its key.
    expect((report.text as string[]).filter((l) => l.includes('dexterity 17 (defensive adjustment)')).map((l) => l.trim().split(':')[0])).toEqual(['its save adds']);
    // The engine, every attack d20 against every save d20: entangled in the option's share of the 400 pairs.
    let entangled = 0;
    for (let a = 1; a <= 20; a++) {
      for (let b = 1; b <= 20; b++) {
        const s = begun();
        const events: AdndEvent[] = [];
        const dice = new QueueDice({ 20: [a, b] }, QUIET);
        sys.apply(s, o.command!, dice, (e) => events.push(e));
        while (!events.some((e) => e.type === 'attack' && e.attacker === 'hero') && sys.pending(s)) sys.apply(s, sys.decide(s), dice, (e) => events.push(e));
        if (events.some((e) => e.type === 'entangle' && e.figure === 'foe')) entangled++;
      }
    }
    expect(entangled).toBe(108);
    expect(entangled / 400).toBeCloseTo(o.entangleChance!, 12);
  });

  it('3380eb42 R-A9: an attack with a weapon that does not entangle carries no entangle chance', () => {
    const s = sys.setup({ ...raw, figures: [{ ...hero, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }] }, foe] }) as AdndState;
    sys.apply(s, { type: 'begin' }, new QueueDice({}, QUIET), null);
    const attacks = (sys.explain(s).figures.find((f) => f.id === 'hero')!.options as AttackOption[]).filter((x) => x.command?.type === 'attack');
    expect(attacks.length).toBeGreaterThan(0);
    expect(attacks.map((x) => [x.entangleChance, x.label.includes('entangled')])).toEqual(attacks.map(() => [undefined, false]));
  });
});
