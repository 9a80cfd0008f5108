// `fray run/explain/validate/schema` dispatching on `system: adnd` (in-process through main()).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';

const ex = (name: string) => new URL(`../../../examples/adnd/${name}`, import.meta.url).pathname;

const BAD = 'system: adnd\nfigures:\n  - { id: a, side: x, class: fighter, hp: 5, ac: 5, dex: high, weapons: [{ weapon: lightsaber }] }\n  - { id: b, side: y, hd: 1, hp: 5, ac: 5, weapons: [{ weapon: dagger }] }\n';

async function fray(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const readFile = (p: string) => (p === 'bad.yaml' ? BAD : readFileSync(p, 'utf8'));
  const code = await main(['node', 'fray', ...args], { out: (t) => out.push(t), err: (t) => err.push(t), readFile });
  return { code, out, err };
}

describe('fray CLI with system: adnd', () => {
  it('fray run --json melee.yaml: events with type and turn, then a summary with hp and maxHp', async () => {
    const r = await fray('run', ex('melee.yaml'), '--json', '--seed', '9');
    expect(r.code).toBe(0);
    const lines = r.out.map((l) => JSON.parse(l));
    for (const e of lines.slice(0, -1)) {
      expect(typeof e.type).toBe('string');
      expect(Number.isInteger(e.turn)).toBe(true);
    }
    const sum = lines.at(-1);
    expect(sum.type).toBe('summary');
    expect(['party', 'orcs']).toContain(sum.winner);
    for (const f of sum.figures) {
      expect(Number.isInteger(f.hp)).toBe(true);
      expect(Number.isInteger(f.maxHp)).toBe(true);
      expect(f.st).toBeUndefined();
    }
    const again = await fray('run', ex('melee.yaml'), '--json', '--seed', '9');
    expect(again.out.join('\n')).toBe(r.out.join('\n'));
  });

  it('fray run narrates segment by segment', async () => {
    const r = await fray('run', ex('frito-parries.yaml'), '--seed', '3');
    expect(r.code).toBe(0);
    // Figures, weapons and spells by the names the table shows, not their ids.
    expect(r.out.some((l) => l.startsWith('Round 2, segment 2: Frito the Fighter attack'))).toBe(true);
    expect(r.out.some((l) => l.includes('Frito the Fighter parries Minotaur with long sword') && l.includes('next action delayed 2'))).toBe(true);
    // (The first line is the encounter's own name, "Frito parries a minotaur: the fight begins".)
    expect(r.out.slice(1).join('\n')).not.toMatch(/\bfrito\b|\bminotaur\b|longsword/);
  });

  it('fray run --dice: the surprise roll comes from the list; running out is an error', async () => {
    const r = await fray('run', ex('surprise.yaml'), '--dice', '16');
    expect(r.code).not.toBe(0);
    expect(r.err.join('\n')).toMatch(/ran out/);
  });

  it("fray explain --json frito-and-rocky.yaml carries the seed's to-hit tables", async () => {
    const r = await fray('explain', ex('frito-and-rocky.yaml'), '--json');
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.out.join(''));
    expect(rep.system).toBe('adnd');
    const rocky = rep.figures.find((f: { id: string }) => f.id === 'rocky');
    const tw = rocky.toHit.find((t: { primary: string; secondary: string | null }) => t.primary === 'mace' && t.secondary === 'longsword');
    expect(tw.rows.map((r: { bonus: { total: number } }) => r.bonus.total)).toEqual([6, 3]);
  });

  it('fray explain (text) prints the to-hit tables, the AC ledger and the segment schedule', async () => {
    const r = await fray('explain', ex('frito-and-rocky.yaml'));
    expect(r.code).toBe(0);
    const total = r.out.filter((l) => l.trimStart().startsWith('total '));
    expect(total[0].replace(/\s+/g, ' ').trim()).toBe('total +6 | +5 | +1 | -2 | 0 | -1');
    expect(total[1].replace(/\s+/g, ' ').trim()).toBe('total +7 | +8 | +5 | +4 | +6 | +3');
    expect(r.out.some((l) => l.startsWith('  AC 2: 4 armour class 4 [adnd-phb] - 2 dexterity 17'))).toBe(true);
    expect(r.out.some((l) => l.startsWith('Schedule of the coming segments'))).toBe(true);
    expect(r.out.some((l) => l.includes('why there:') && l.includes('speed factor'))).toBe(true);
  });

  it('fray validate names the bad field; fray schema --system adnd prints the format', async () => {
    const ok = await fray('validate', ex('surprise.yaml'));
    expect(ok.code).toBe(0);
    for (const cmd of ['validate', 'run']) {
      const bad = await fray(cmd, 'bad.yaml');
      expect(bad.code).not.toBe(0);
      expect(bad.err.join('\n')).toMatch(/figures\[0\]\.dex/);
      expect(bad.err.join('\n')).toMatch(/figures\[0\]\.weapons\[0\]\.weapon: unknown weapon 'lightsaber'/);
    }
    const schema = await fray('schema', '--system', 'adnd');
    expect(schema.code).toBe(0);
    expect(JSON.parse(schema.out.join('\n')).properties.figures).toBeDefined();
  });
});
