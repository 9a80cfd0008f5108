// The arena on the real engine: determinism across workers, Monte Carlo against exact odds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SeededDice } from '../core/dice/source.ts';
import { seedRng } from '../core/rng.ts';
import { runToEnd } from '../engine/run.ts';
import { tftSystem } from '../rules/tft/system.ts';
import { CHUNK, Prepared, runInline } from './arena.ts';
import { formatSim } from './format.ts';
import { tftAttackOdds } from './odds.ts';
import { ArenaPool, runArena } from './pool.ts';
import { meanOf, rateOf, summarize } from './summary.ts';

const duel = parse(readFileSync(new URL('../../examples/tft/duel.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;

/** A swordsman (DX 14, no armor) and an unarmed man in leather face each other; one turn. */
const oneBlow = {
  system: 'tft',
  name: 'one blow',
  options: { maxTurns: 1 },
  figures: [
    { id: 'a', side: 'x', st: 12, dx: 14, weapons: ['broadsword'], at: { q: 2, r: 2 }, facing: 0 },
    { id: 'b', side: 'y', st: 10, dx: 8, armor: 'leather', at: { q: 3, r: 2 }, facing: 3 },
  ],
};

describe('arena', () => {
  it('same seed, same result with 1 and with 2 workers (chunks merged in order)', async () => {
    const job = { variants: [{ name: 'duel', raw: duel }], seed: 42, fights: CHUNK * 2 + 17, events: true };
    const one = await runArena(job, { workers: 1 });
    const two = await runArena(job, { workers: 2 });
    expect(two).toEqual(one);
    // The workers alone (this thread plays nothing), and this thread with two workers.
    for (const [size, here] of [[2, false], [3, true]] as const) {
      const pool = new ArenaPool(size, here);
      try {
        expect(await pool.run(job)).toEqual(one);
        expect(pool.played.reduce((a, b) => a + b, 0)).toBe(3);
        expect(pool.played).toHaveLength(here ? size : size + 1);
        if (!here) expect(pool.played[0]).toBe(0);
      } finally {
        await pool.close();
      }
    }
    expect(one.variants[0].sums.n).toBe(CHUNK * 2 + 17);
    const other = await runArena({ ...job, seed: 43 }, { workers: 1 });
    expect(other.variants[0].sums.sum).not.toEqual(one.variants[0].sums.sum);
  }, 60_000);

  it('a pool kept for several jobs (a compare grid) gives each the result of a pool of its own, and recovers from a bad job', async () => {
    const a = { variants: [{ name: 'duel', raw: duel }], seed: 5, fights: CHUNK * 3, events: false };
    const b = { variants: [{ name: 'blow', raw: oneBlow }], seed: 6, fights: CHUNK * 2 + 3, events: true };
    const bad = { variants: [{ name: 'bad', raw: { ...oneBlow, figures: [{ ...oneBlow.figures[0], weapons: ['no-such-sword'] }, oneBlow.figures[1]] } }], seed: 1, fights: CHUNK * 2, events: false };
    const pool = new ArenaPool(2, false);
    try {
      expect(await pool.run(a)).toEqual(runInline(a));
      expect(await pool.run(b)).toEqual(runInline(b));
      await expect(pool.run(bad)).rejects.toThrow(/no-such-sword/);
      expect(await pool.run(a)).toEqual(runInline(a));
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("ended:SIDE=STATE counts a side's figures that end in each state, fight by fight: its mean is the sum of their rates, and it is paired like any quantity", () => {
    const party = parse(readFileSync(new URL('../../examples/lab/thread-medic.yaml', import.meta.url), 'utf8')) as { scenario: string };
    const raw = parse(readFileSync(new URL(`../../examples/lab/${party.scenario}`, import.meta.url), 'utf8')) as Record<string, unknown>;
    const job = { variants: [{ name: 'standard', raw: { ...raw, options: { ...(raw.options as object), thread: false } } }, { name: 'thread', raw }], seed: 9, fights: 300, events: false };
    const r = runInline(job);
    for (const v of r.variants) {
      const s = v.sums;
      for (const side of v.sides) {
        const mine = v.figures.filter((f) => f.side === side);
        let all = 0;
        for (const st of ['healthy', 'reeling', 'unconscious', 'dying', 'dead']) {
          const ended = meanOf(s, `ended:${side}=${st}`)?.est ?? Number.NaN;
          expect(ended).toBeCloseTo(mine.reduce((a, f) => a + (meanOf(s, `state:${f.id}=${st}`)?.est ?? Number.NaN), 0), 10);
          all += ended;
        }
        // Every figure ends in one state: the side's counts add up to its figures.
        expect(all).toBeCloseTo(mine.length, 10);
      }
    }
    // R-T1 [82345e2a]: without the thread no one is left dying; with it the party's dying are counted, with a paired interval.
    const report = summarize(r);
    expect(report.variants[0].ends.find((e) => e.side === 'party')?.states.dying.est).toBe(0);
    const dying = report.diffs.find((d) => d.key === 'ended:party=dying');
    expect(dying?.est).toBeGreaterThan(0);
    expect(dying?.lo).toBeGreaterThan(0);
    // A side of one figure (the duel) ends as its figure: no ended: rows and no side table repeat the state: ones.
    const one = summarize(runInline({ variants: [{ name: 'off', raw: { ...duel, options: { ...(duel.options as object), thread: false } } }, { name: 'on', raw: duel }], seed: 9, fights: 40, events: false }));
    expect(one.diffs.some((d) => d.key.startsWith('state:'))).toBe(true);
    expect(one.diffs.some((d) => d.key.startsWith('ended:'))).toBe(false);
    expect(formatSim(one)).not.toContain('figures of each side');
    expect(formatSim(report)).toMatch(/figures of each side that end in each state, per fight \(ended:SIDE=STATE\):\nside +healthy +reeling +uncon\. +dying +dead\n[- ]+\nparty +\d\.\d{3} /);
  });

  it('Monte Carlo damage of one blow falls within 4 standard errors of the exact odds (tft-core to hit, damage, armor)', () => {
    const r = runInline({ variants: [{ name: 'one', raw: oneBlow }], seed: 7, fights: 4000, events: true });
    const s = r.variants[0].sums;
    // exact: adjDX 14 (no armor on a), broadsword 2d, leather stops 2 (tft-core tables)
    const exact = tftAttackOdds({ adjDX: 14, damage: '2d', armor: 2, target: { st: 10 } });
    const taken = meanOf(s, 'taken:b');
    expect(taken).toBeDefined();
    const se = ((taken?.hi ?? 0) - (taken?.est ?? 0)) / 1.96;
    expect(Math.abs((taken?.est ?? 0) - exact.expected)).toBeLessThan(4 * se);
    const dealt = meanOf(s, 'dealt:a');
    expect(dealt?.est).toBe(taken?.est);
    // healthy after the blow (later thread rolls cannot make a figure healthy or unhealthy)
    const healthy = rateOf(s, 'state:b=healthy');
    const pExact = exact.states?.find((x) => x.state === 'healthy')?.p ?? 0;
    const seRate = Math.sqrt((pExact * (1 - pExact)) / s.n);
    expect(Math.abs((healthy?.est ?? 0) - pExact)).toBeLessThan(4 * seRate);
  }, 60_000);

  it('AD&D spell damage counts as damage dealt by its caster (the event names the caster): the mage deals what the orc takes', () => {
    // A magic-user with two magic missiles (and a dagger) against a tough orc; two rounds.
    const spells = {
      system: 'adnd',
      name: 'two missiles',
      options: { maxRounds: 2 },
      figures: [
        { id: 'mage', side: 'a', class: 'magic-user', level: 5, hp: 14, ac: 8, dex: 16, proficiencies: { dagger: 1 }, weapons: [{ weapon: 'dagger' }], spells: { 'magic-missile': 2 } },
        { id: 'orc', side: 'b', hd: 1, hp: 60, ac: 6, weapons: [{ weapon: 'club' }] },
      ],
    };
    const s = runInline({ variants: [{ name: 'spells', raw: spells }], seed: 3, fights: 200, events: true }).variants[0].sums;
    const taken = meanOf(s, 'taken:orc');
    expect(taken?.est).toBeGreaterThan(0);
    expect(meanOf(s, 'dealt:mage')?.est).toBe(taken?.est);
  }, 60_000);

  it('a figure the GM takes out of the fight (a scripted leave) keeps its own columns: the summary lists it last, the arena finds it by id', () => {
    // examples/tft/gm-leave.yaml with the goblin who flees second of three, not last.
    const raw = parse(readFileSync(new URL('../../examples/tft/gm-leave.yaml', import.meta.url), 'utf8')) as { seed?: number; figures: unknown[] };
    const { seed: _seed, ...scenario } = { ...raw, figures: [raw.figures[0], raw.figures[2], raw.figures[1]] };
    const arena = new Prepared('leave', scenario, false);
    let left = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { vals } = arena.fight(new SeededDice(seedRng(seed)));
      const state = tftSystem.setup(scenario);
      runToEnd(tftSystem, state, new SeededDice(seedRng(seed)), null);
      const figures = tftSystem.summary(state).figures;
      if (figures.at(-1)?.left !== undefined) left++;
      for (const f of figures) {
        expect(vals[arena.keys.indexOf(`taken:${f.id}`)]).toBe(f.wounds);
        expect(vals[arena.keys.indexOf(`state:${f.id}=${f.state}`)]).toBe(1);
      }
    }
    expect(left).toBeGreaterThan(0);
  });

  it('fast sims (events off) report damage dealt per figure from the TFT tally: one side deals what the other takes, and the events say the same on the same seed', () => {
    const fast = runInline({ variants: [{ name: 'duel', raw: duel }], seed: 11, fights: 300, events: false });
    const slow = runInline({ variants: [{ name: 'duel', raw: duel }], seed: 11, fights: 300, events: true });
    const s = fast.variants[0].sums;
    const sum = (sums: typeof s, key: string) => sums.sum[sums.keys.indexOf(key)];
    expect(s.keys).toContain('dealt:bjorn');
    expect(s.keys).toContain('dealt-per-turn:cedric');
    expect(s.keys.some((k) => k.startsWith('uses:'))).toBe(false);
    expect(sum(s, 'dealt:bjorn')).toBeGreaterThan(0);
    expect(sum(s, 'dealt:bjorn')).toBe(sum(s, 'taken:cedric'));
    expect(sum(s, 'dealt:cedric')).toBe(sum(s, 'taken:bjorn'));
    const e = slow.variants[0].sums;
    for (const k of ['dealt:bjorn', 'dealt:cedric', 'taken:bjorn', 'taken:cedric', 'dealt-per-turn:bjorn']) expect(sum(s, k)).toBe(sum(e, k));
    const rep = summarize(fast);
    expect(rep.variants[0].figures[0].dealt?.est).toBeCloseTo(sum(s, 'dealt:bjorn') / 300, 12);
    expect(formatSim({ ...rep, seconds: 1, fightsPerSecond: 300, workers: 1 })).toContain('dealt [95%]');
  }, 60_000);

  it('common random numbers: two identical variants differ by exactly zero', () => {
    const r = runInline({ variants: [{ name: 'a', raw: duel }, { name: 'b', raw: duel }], seed: 3, fights: 300, events: false });
    const rep = summarize(r);
    expect(rep.diffs.length).toBeGreaterThan(0);
    for (const d of rep.diffs) expect(d.est).toBe(0);
    expect(rep.variants[0].wins.reduce((t, w) => t + w.est, 0) + rep.variants[0].draw.est).toBeCloseTo(1, 12);
  }, 60_000);

  it('figures of one name are told apart as the table names them ("Orc (orc2)"), in the report and its table; AD&D counts rounds', () => {
    const melee = parse(readFileSync(new URL('../../examples/adnd/melee.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;
    const rep = summarize(runInline({ variants: [{ name: 'melee', raw: melee }], seed: 1, fights: 2, events: false }));
    const names = rep.variants[0].figures.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Orc (orc2)');
    expect(names).toContain('Ogre');
    expect(rep.variants[0].system).toBe('adnd');
    const text = formatSim(rep);
    expect(text).toMatch(/^rounds: /m);
    expect(text).not.toMatch(/turns \(TFT\)/);
    expect(text).toMatch(/^Orc \(orc3\) +orcs +\d+\.\d{3} \[/m);
    const tft = formatSim(summarize(runInline({ variants: [{ name: 'duel', raw: duel }], seed: 1, fights: 2, events: false })));
    expect(tft).toMatch(/^turns: /m);
    expect(tft).toContain('dealt/turn');
  }, 60_000);

  it('bad scenarios fail with the system InputError naming the field', () => {
    const bad = { ...oneBlow, figures: [{ ...oneBlow.figures[0], weapons: ['broadswrd'] }, oneBlow.figures[1]] };
    expect(() => runInline({ variants: [{ name: 'bad', raw: bad }], seed: 1, fights: 1, events: false })).toThrow(/weapons/);
  });
});
