import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { refused } from './testing.ts';

interface Captured {
  code: number;
  out: string[];
  err: string[];
}

async function fray(args: string[], files: Record<string, string> = {}): Promise<Captured> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['node', 'fray', ...args], {
    out: (t) => out.push(...t.replace(/\n$/, '').split('\n')),
    err: (t) => err.push(...t.replace(/\n$/, '').split('\n')),
    readFile: (p) => (p in files ? files[p] : readFileSync(p, 'utf8')),
  });
  return { code, out, err };
}

const DUEL = 'examples/tft/duel.yaml';
const SKIRMISH = 'examples/tft/skirmish.yaml';

describe('fray run', () => {
  it('duel.yaml and skirmish.yaml run to an end; --json ends with the summary line', async () => {
    for (const f of [DUEL, SKIRMISH]) {
      const r = await fray(['run', f, '--seed', '7', '--json']);
      expect(r.code).toBe(0);
      const lines = r.out.map((l) => JSON.parse(l));
      for (const e of lines) {
        expect(typeof e.type).toBe('string');
        if (e.type !== 'summary') expect(typeof e.turn).toBe('number');
      }
      const last = lines[lines.length - 1];
      expect(last.type).toBe('summary');
      expect(last.turns).toBeGreaterThan(0);
      expect(last.winner === null || typeof last.winner === 'string').toBe(true);
      for (const fig of last.figures) {
        expect(Object.keys(fig)).toEqual(expect.arrayContaining(['id', 'name', 'side', 'state', 'st', 'wounds', 'fatigue']));
        expect(['healthy', 'reeling', 'unconscious', 'dying', 'dead']).toContain(fig.state);
      }
      expect(lines.some((e) => e.type === 'over')).toBe(true);
    }
  });
  it('same scenario and seed: identical output twice; another seed differs', async () => {
    const a = await fray(['run', SKIRMISH, '--seed', '5', '--json']);
    const b = await fray(['run', SKIRMISH, '--seed', '5', '--json']);
    const c = await fray(['run', SKIRMISH, '--seed', '6', '--json']);
    expect(a.out.join('\n')).toBe(b.out.join('\n'));
    expect(a.out.join('\n')).not.toBe(c.out.join('\n'));
  });
  it('narrates by default: who did what, the roll, the ledger, the damage', async () => {
    const r = await fray(['run', DUEL, '--seed', '7']);
    expect(r.code).toBe(0);
    const text = r.out.join('\n');
    expect(text).toMatch(/attacks (Cedric|Bjorn) with (Broadsword|War ax) \(melee\): 3d6 = \d\+\d\+\d = \d+ vs adjDX \d+ \[\d+ DX - 2 Leather armor/);
    expect(text).toMatch(/Result after \d+ turn/);
  });
  it('narration names figures as the table does (their names, not their ids); --json keeps the ids', async () => {
    const r = await fray(['run', DUEL, '--seed', '7']);
    expect(r.out).toContain('[turn 1] Cedric steps (5,3) -> (4,3)');
    expect(r.out).toContain('[turn 1] Action order: Bjorn (adjDX 10), Cedric (adjDX 9).');
    expect(r.out.some((l) => l.startsWith('[turn 1] Cedric attacks Bjorn with War ax (melee): '))).toBe(true);
    // Sides are not figures: they stay as they are.
    expect(r.out).toContain('[turn 1] north chooses to move last; order south then north.');
    expect(r.out.join('\n')).not.toMatch(/\b(cedric|bjorn)\b/);
    const json = await fray(['run', DUEL, '--seed', '7', '--json']);
    const attack = json.out.map((l) => JSON.parse(l)).find((e) => e.type === 'attack' && e.figure === 'cedric');
    expect(attack).toMatchObject({ figure: 'cedric', target: 'bjorn' });
  });
  it('two figures with the same name are told apart in the narration as "Name (id)"', async () => {
    const twins = readFileSync(DUEL, 'utf8').replace('name: Bjorn', 'name: Knight').replace('name: Cedric', 'name: Knight');
    const r = await fray(['run', 'twins.yaml', '--seed', '7'], { 'twins.yaml': twins });
    expect(r.code).toBe(0);
    expect(r.out).toContain('[turn 1] Knight (cedric) steps (5,3) -> (4,3)');
    expect(r.out.some((l) => l.startsWith('[turn 1] Knight (cedric) attacks Knight (bjorn) with War ax (melee): '))).toBe(true);
  });
  it('--dice replaces the generator; running out is a clear error and a non-zero exit', async () => {
    const r = await fray(['run', DUEL, '--dice', '6,1,3']);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(/ran out of scripted faces after 3/);
    const bad = await fray(['run', DUEL, '--dice', '6,x']);
    expect(bad.code).toBe(1);
    expect(bad.err.join('\n')).toMatch(/--dice\[1\]: 'x' is not a die face/);
  });
  it('an empty --dice is refused naming it (not a run that stops at the first roll with exit 2)', async () => {
    for (const list of ['', ' , ,']) {
      const r = await fray(['run', DUEL, '--dice', list]);
      expect(r.code).toBe(1);
      expect(r.out).toEqual([]);
      expect(r.err).toEqual(['fray: invalid option: --dice: no die faces given: write them as 3,4,5 (each a whole number from 1)']);
    }
  });
  it('the result names figures as the narration does (two orcs apart) and counts AD&D rounds, TFT turns', async () => {
    const r = await fray(['run', 'examples/adnd/melee.yaml', '--seed', '1']);
    expect(r.code).toBe(0);
    const result = r.out.slice(r.out.lastIndexOf('') + 1);
    expect(result[0]).toMatch(/^Result after \d+ rounds?: /);
    const shown = result.slice(1).map((l) => l.replace(/ \[[^\]]+\]: .*$/, '').trim());
    expect(shown).toContain('Orc (orc2)');
    expect(new Set(shown).size).toBe(shown.length);
    const duel = await fray(['run', DUEL, '--seed', '7']);
    expect(duel.out).toContain('Result after 4 turns: south wins');
    expect(duel.out).toContain('  Cedric [south]: healthy, ST 13, wounds 0, fatigue 0');
  });
  it("the result names the winning side by its scenario name, after the GM's end told with its reason, and a figure that left the fight says why", async () => {
    const r = await fray(['run', 'examples/tft/gm-end.yaml']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('*** GM ends the fight: the goblin flees. Won by The Party. ***');
    expect(r.out).toContain('Result after 3 turns: The Party wins');
    const leave = await fray(['run', 'examples/tft/gm-leave.yaml']);
    expect(leave.out).toContain('  Snaga [goblins]: reeling, left the fight (flees, hurt), ST 9, wounds 6, fatigue 0');
    expect(leave.out).toContain('  Goblin [goblins]: unconscious, ST 11, wounds 10, fatigue 0');
  });
  it('--dice is used face by face: the first initiative uses the first two faces', async () => {
    const r = await fray(['run', DUEL, '--dice', '2,5', '--json']);
    expect(r.code).toBe(2);
    const init = r.out.map((l) => JSON.parse(l)).find((e) => e.type === 'initiative');
    expect(init.rolls).toEqual([
      { side: 'north', faces: [2] },
      { side: 'south', faces: [5] },
    ]);
  });
  it('a scenario with a wrong field fails run and validate, naming it, exit non-zero', async () => {
    const base = readFileSync(DUEL, 'utf8');
    const cases: [string, RegExp][] = [
      [base.replace('weapons: [broadsword, dagger]', 'weapons: [brodsword, dagger]'), /figures\[0\]\.weapons\[0\]: unknown weapon 'brodsword'/],
      [base.replace('dx: 12', 'dx: high'), /figures\[0\]\.dx: expected a number, got 'high'/],
      [base.replace('at: [5, 3]', 'at: [50, 3]'), /figures\[1\]\.at: hex 50,3 is off the 10x8 map/],
      [base.replace('system: tft', 'system: gurps'), /system: unknown system "gurps"/],
      ['figures: [', /YAML syntax/],
    ];
    for (const [text, re] of cases) {
      for (const cmd of ['run', 'validate']) {
        const r = await fray([cmd, 'bad.yaml'], { 'bad.yaml': text });
        expect(r.code).toBe(1);
        expect(r.err.join('\n')).toMatch(re);
      }
    }
  });
  it('a missing file is a clear error', async () => {
    const r = await fray(['validate', 'no/such/file.yaml']);
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toMatch(/no\/such\/file.yaml: cannot read the file/);
  });
});

describe('fray validate, schema, explain', () => {
  it('validate says ok for the examples', async () => {
    for (const f of [DUEL, SKIRMISH]) {
      const r = await fray(['validate', f]);
      expect(r.code).toBe(0);
      expect(r.out[0]).toMatch(/: ok \(tft, \d figures\)/);
    }
  });
  it('schema --system with an unknown system names the flag, not a scenario field', async () => {
    const r = await fray(['schema', '--system', 'gurps']);
    expect(r.code).toBe(1);
    expect(r.err).toEqual(["fray: invalid option: --system: unknown system 'gurps'; known: tft, adnd"]);
  });
  it('schema prints the JSON Schema (zod 4 toJSONSchema)', async () => {
    const r = await fray(['schema']);
    expect(r.code).toBe(0);
    const js = JSON.parse(r.out.join('\n'));
    expect(js.$schema).toMatch(/json-schema/);
    expect(js.properties.figures.type).toBe('array');
  });
  it('explain lists every option of every figure with its ledger, exact hit chance and expected damage', async () => {
    const r = await fray(['explain', DUEL, '--json']);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.out.join(''));
    expect(rep.system).toBe('tft');
    expect(rep.figures.map((f: { id: string }) => f.id)).toEqual(['bjorn', 'cedric']);
    // Not adjacent at the start: no attack yet, but defend, dodge, pass...
    const types = rep.figures[0].options.map((o: { command: { type: string } }) => o.command.type);
    expect(types).toEqual(expect.arrayContaining(['defend', 'dodge', 'pass']));
  });
  it('explain after a script shows the attack with its ledger and odds', async () => {
    const text = `${readFileSync(DUEL, 'utf8')}
script:
  - turn: 1
    commands:
      - { type: initiative, figure: bjorn, choice: first }
      - { type: move, figure: bjorn, path: [[3, 3], [4, 3]], facing: 0 }
dice: [6, 1]
`;
    const r = await fray(['explain', 'x.yaml', '--json'], { 'x.yaml': text });
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.out.join(''));
    expect(rep.pending).toEqual({ figures: ['cedric'], kind: 'move' });
    const atk = rep.figures[0].options.find((o: { command: { type: string } }) => o.command.type === 'attack');
    expect(atk.adjDX).toBe(10);
    expect(atk.hitExact).toBe('1/2');
    expect(atk.ledger).toEqual([
      { source: 'DX', delta: 12, rule: 'tft-core' },
      { source: 'Leather armor', delta: -2, rule: 'tft-core armor' },
    ]);
    expect(atk.expectedDamage).toBeGreaterThan(0);
    const t = await fray(['explain', 'x.yaml'], { 'x.yaml': text });
    expect(t.out.join('\n')).toMatch(/melee attack on Cedric with Broadsword: adjDX 10 = 12 DX - 2 Leather armor \[tft-core armor\]; 3d6 hit 50.00% \(1\/2\)/);
  });

  it('explain text heads with the scenario and names the figures it waits for, not their ids; before the action phase it says the options are the action to come', async () => {
    const biff = (await fray(['explain', 'examples/tft/hitech-biff.yaml'])).out;
    expect(biff[0]).toBe('The Fantasy Trip — HiTech TFT - Biff Redstone (seed f04d4dae examples): turn 3, initiative phase; waiting for: initiative (Rifleman, Second rifleman, Swordsman, Pistoleer)');
    const duel = (await fray(['explain', DUEL])).out;
    expect(duel[0]).toBe('The Fantasy Trip — Duel at the ford: before turn 1; waiting for: begin');
    // At the begin step the options listed are the action phase's to come, and it says so.
    expect(duel[1]).toBe("Each figure's options are its action in the action phase, with the odds as things stand now (this step is begin).");
    const over = (await fray(['explain', 'examples/tft/hanging-by-a-thread.yaml'])).out[0];
    expect(over).toMatch(/: turn \d+; waiting for: nothing \(the fight is over\)$/);
  });
  it('explain text lists no options once the fight is over (no "stand up", no attack on a friend), only each figure\'s state', async () => {
    const t = (await fray(['explain', 'examples/tft/hanging-by-a-thread.yaml'])).out;
    expect(t.some((l) => l.startsWith('  - '))).toBe(false);
    expect(t).toContain('  thread: dead is final (R-T1)');
    expect(t.some((l) => /^Lenny \[lenny, heroes\] reeling/.test(l))).toBe(true);
  });
  it('explain --turn stops the script at the start of that turn: the Thread example at its seed turn 8 (engine turn 5) shows James and Claudio dying with their next thread roll [82345e2a R-T2]', async () => {
    const r = await fray(['explain', 'examples/tft/hanging-by-a-thread.yaml', '--turn', '5', '--json']);
    const report = JSON.parse(r.out[0]) as { turn: number; pending: unknown; figures: { id: string; state: string; house: { thread: { nextThreadDice?: { total: number } } } }[] };
    expect(report.turn).toBe(5);
    expect(report.pending).not.toBeNull();
    const james = report.figures.find((f) => f.id === 'james');
    expect([james?.state, james?.house.thread.nextThreadDice?.total]).toEqual(['dying', 2]);
    // without --turn the whole script plays: the fight is over and James is dead
    const end = JSON.parse((await fray(['explain', 'examples/tft/hanging-by-a-thread.yaml', '--json'])).out[0]) as typeof report;
    expect([end.pending, end.figures.find((f) => f.id === 'james')?.state]).toEqual([null, 'dead']);
    for (const bad of ['0', '-1', '1.5', 'x']) {
      const r = await fray(['explain', DUEL, '--turn', bad]);
      refused({ ...r, out: r.out.join('\n'), err: r.err.join('\n') }, /--turn: must be a whole number from 1 to 999999, got '.*'/);
    }
  });
  it('explain text shows nested house values (spare clips) and field names in words', async () => {
    const t = (await fray(['explain', 'examples/tft/hitech-firefight.yaml'])).out.join('\n');
    expect(t).toMatch(/spare \(standard \d+\)/);
    expect(t).toMatch(/hitech armor \(name flak jacket, protection per die 2/);
    expect(t).not.toMatch(/\.\.\.|protectionPerDie/);
  });
  it('explain text gives one readable line per house module, and the hits of each burst', async () => {
    const t = (await fray(['explain', 'examples/tft/hitech-firefight.yaml'])).out.join('\n');
    expect(t).toMatch(/^ {2}thread: remST 11 is 4 or more \(R-T1\)$/m);
    expect(t).toMatch(/^ {2}hitech: firearm \(weapon assault rifle, ammo standard, loaded 20, clip 20/m);
    expect(t).toMatch(/four burst.*; hits 0: 16\.2%, 1: 33\.8%, 2: 33\.8%, 3: 14\.4%, 4: 1\.9%/);
    expect(t).not.toMatch(/\{"|undefined/);
  });
});

describe('--help', () => {
  it('every command: each option described, an Examples section whose lines run that command', async () => {
    for (const cmd of ['run', 'validate', 'explain', 'schema', 'serve', 'odds', 'sim', 'compare']) {
      const r = await fray([cmd, '--help']);
      expect(r.code).toBe(0);
      const text = r.out.join('\n');
      const examples = text.split('\nExamples:\n')[1];
      expect(examples, cmd).toBeDefined();
      const lines = examples.split('\n').filter((l) => /^ {2}fray /.test(l));
      expect(lines.length, cmd).toBeGreaterThan(0);
      for (const l of lines) expect(l.startsWith(`  fray ${cmd}`), l).toBe(true);
      // Every option line has a description after the flag.
      for (const l of text.split('\nOptions:\n')[1].split('\n\n')[0].split('\n')) if (/^ {2}-/.test(l)) expect(l, `${cmd}: ${l}`).toMatch(/^ {2}-\S.*\s{2,}\S/);
    }
  });
  it('defaults are stated where the code has one: compare -n and --seed, explain --seed, schema --system', async () => {
    const help = async (cmd: string) => (await fray([cmd, '--help'])).out.join(' ').replace(/\s+/g, ' ');
    expect(await help('compare')).toMatch(/-n, --n <fights> fights per variant and point \(default: an experiment's fights; else 10000, or 2000 with --vary\)/);
    expect(await help('compare')).toMatch(/--seed <seed> .*\(default: the experiment's or scenario's seed, else 1\)/);
    expect(await help('explain')).toMatch(/--seed <seed> .*\(default: the scenario's dice: list, then its seed, else 1\)/);
    expect(await help('schema')).toMatch(/--system <id> game system: tft or adnd \(default: "tft"\)/);
  });
});

describe('--help reads alike in every command', () => {
  it('--seed is <seed> and says what it seeds; every default is written "(default: ...)"', async () => {
    for (const cmd of ['run', 'validate', 'explain', 'schema', 'serve', 'odds', 'sim', 'compare']) {
      const text = (await fray([cmd, '--help'])).out.join(' ').replace(/\s+/g, ' ');
      expect(text, cmd).not.toMatch(/\(default [^:]/);
      const seed = /--seed (\S+) (\S+ \S+)/.exec(text);
      if (seed) expect([cmd, seed[1], seed[2]]).toEqual([cmd, '<seed>', 'seed for']);
    }
  });
});

describe('bin/fray.js', () => {
  it('--help works as a real process', () => {
    const r = spawnSync(process.execPath, ['bin/fray.js', '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Usage: fray/);
    expect(r.stdout).toMatch(/run \[options\] <scenario>/);
  });
});
