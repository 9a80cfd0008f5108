// The library face (docs/LIBRARY.md): `import ... from 'fray'` by the package's own name
// (self-reference through package.json "exports"), and every examples/library script run by
// plain Node with no loader, each checked against what the `fray` command prints for the same
// input. The build they load (dist/, `npm run prepare`) is made again first when a source is newer.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { fray } from '../src/cli/testing.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLES = join(ROOT, 'examples', 'library');

/** Runs an examples/library script as a user would: `node script args`, no loader, from the project root. */
function example(script: string, ...args: string[]): string {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // nothing registered for it: a loader there would hide a missing build
  return execFileSync(process.execPath, [join(EXAMPLES, script), ...args], { cwd: ROOT, env, encoding: 'utf8' });
}

const lines = (text: string) => text.trimEnd().split('\n');
const lastLine = (text: string) => lines(text).at(-1);

/** The fights checked against `fray run --json`: both systems, seeded. */
const FIGHTS: [string, string][] = [
  ['examples/tft/duel.yaml', '7'],
  ['examples/tft/skirmish.yaml', '11'],
  ['examples/adnd/melee.yaml', '3'],
];

/** The change times of the files under `dir` whose path `keep` accepts. */
function mtimes(dir: string, keep: (path: string) => boolean = () => true): number[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .map((e) => join(e.parentPath, e.name))
    .filter((p) => keep(p) && statSync(p).isFile())
    .map((p) => statSync(p).mtimeMs);
}

beforeAll(() => {
  // The package's build (package.json "prepare") when it is missing or older than a source or
  // its config: the scripts below then load the code as it is now. Not every time, so that a
  // watching vitest does not see its own build as a change and run again.
  const dist = join(ROOT, 'dist');
  const built = existsSync(join(dist, 'index.js')) ? Math.min(...mtimes(dist)) : 0;
  const sources = [...mtimes(join(ROOT, 'src'), (p) => !/\.test(-util)?\.tsx?$/.test(p)), ...['package.json', 'tsconfig.json', 'tsconfig.lib.json'].map((f) => statSync(join(ROOT, f)).mtimeMs)];
  if (Math.max(...sources) > built) execFileSync('npm', ['run', '--silent', 'prepare'], { cwd: ROOT, stdio: 'inherit' });
}, 180_000);

describe("import from 'fray' (the package's own name, through package.json exports)", () => {
  it('gives every name src/index.ts exports, and nothing else', async () => {
    const byName = await import('fray');
    const source = await import('../src/index.ts');
    expect(Object.keys(byName).sort()).toEqual(Object.keys(source).sort());
    expect(Object.keys(byName).length).toBeGreaterThan(10);
  });

  it('src/index.ts only re-exports, and from none of the command line, the server (its reader of scenario text aside), the web app or a test', () => {
    const code = readFileSync(join(ROOT, 'src', 'index.ts'), 'utf8').replace(/\/\/[^\n]*/g, '');
    const statements = code.split(';').map((s) => s.trim()).filter(Boolean);
    expect(statements.length).toBeGreaterThan(5);
    // docs/ARCHITECTURE.md: the library may import core, engine, rules, lab and server/scenario-text.ts.
    for (const s of statements) expect(s).toMatch(/^export (type )?\{[^}]*\} from '\.\/((core|engine|rules|lab)\/[\w/-]+|server\/scenario-text)\.ts'$/);
    expect(code).not.toMatch(/\.test(-util)?\.ts'|testing\.ts'/);
  });

  it('docs/LIBRARY.md lists every name src/index.ts exports as public', () => {
    const code = readFileSync(join(ROOT, 'src', 'index.ts'), 'utf8').replace(/\/\/[^\n]*/g, '');
    const names = [...code.matchAll(/\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((n) => n.replace(/^\s*type\s+/, '').trim())).filter(Boolean);
    const guide = readFileSync(join(ROOT, 'docs', 'LIBRARY.md'), 'utf8');
    const publicPart = guide.slice(guide.indexOf('## What is public'), guide.indexOf('## What is not public'));
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((n) => !publicPart.includes(`\`${n}\``))).toEqual([]);
  });

  it.each(FIGHTS)('%s with seed %s ends as `fray run --seed --json` says', async (file, seed) => {
    const { SeededDice, getSystem, parseScenarioText, runToEnd, seedRng } = await import('fray');
    const raw = parseScenarioText(readFileSync(join(ROOT, file), 'utf8'), file);
    const system = getSystem(raw.system);
    const state = system.setup(raw);
    // With events on, as the command runs it (the loop, not the AI's fast play-out).
    const events: unknown[] = [];
    const result = runToEnd(system, state, new SeededDice(seedRng(Number(seed))), (e) => events.push(e));
    const cli = await fray(['run', file, '--seed', seed, '--json']);
    expect(cli.code, cli.err).toBe(0);
    expect(result.ended).toBe(true);
    expect([...events, system.summary(state)].map((e) => JSON.stringify(e))).toEqual(lines(cli.out));
  });

  it('refuses a bad scenario with an InputError naming each field, as `fray validate` does', async () => {
    const { InputError, getSystem, parseScenarioText } = await import('fray');
    const text = 'system: tft\nfigures:\n  - { id: a, side: x, st: high, dx: 12, at: [1, 1] }\n  - { id: b, side: y, st: 10, dx: 10 }\n';
    const file = join(mkdtempSync(join(tmpdir(), 'fray-lib-')), 'bad.yaml');
    writeFileSync(file, text);
    const raw = parseScenarioText(text, file);
    const thrown = (() => {
      try {
        getSystem(raw.system).setup(raw);
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(InputError);
    const issues = (thrown as InstanceType<typeof InputError>).issues.map((i) => `${i.path}: ${i.message}`);
    const cli = await fray(['validate', file]);
    expect(cli.code).toBe(1);
    expect(issues.length).toBeGreaterThan(1);
    expect(lines(cli.err).slice(1).map((l) => l.trim())).toEqual(issues);
  });
});

describe('npm run prepare without tsc (a production install: npm ci --omit=dev)', () => {
  /** Runs `cmd` in a copy of the package's scripts and configs with no node_modules and an old dist/. */
  function withoutTsc(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'fray-prod-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    for (const f of ['package.json', 'tsconfig.json', 'tsconfig.lib.json', 'scripts']) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.js'), 'stale');
    const all = { ...process.env, ...env };
    delete all.NODE_PATH;
    const r = spawnSync(cmd, args, { cwd: dir, env: all, encoding: 'utf8' });
    return { ...r, distLeft: existsSync(join(dir, 'dist')) };
  }

  it('succeeds, says the library build is skipped, and leaves no stale dist/', () => {
    const r = withoutTsc('npm', ['run', '--silent', 'prepare']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/no library build \(dist\/\).*npm ci --omit=dev/);
    expect(r.distLeft).toBe(false);
  });

  it('refuses for npm pack and npm publish: the package would have no entry point', () => {
    // npm sets npm_command for the scripts it runs (`npm pack` runs prepare).
    const r = withoutTsc(process.execPath, ['scripts/prepare.mjs'], { npm_command: 'pack' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/npm pack and npm publish need the library build/);
  });
});

describe('examples/library, run by plain node with no loader', () => {
  it('holds the scripts this file checks, and no other; docs/LIBRARY.md shows each as it is', () => {
    const scripts = readdirSync(EXAMPLES).sort();
    expect(scripts).toEqual(['errors.mjs', 'explain-and-odds.mjs', 'monte-carlo.mjs', 'run.mjs', 'step-by-step.mjs']);
    const guide = readFileSync(join(ROOT, 'docs', 'LIBRARY.md'), 'utf8');
    for (const s of scripts) expect(guide, s).toContain(`\`\`\`js\n${readFileSync(join(EXAMPLES, s), 'utf8')}\`\`\`\n`);
  });

  it.each(FIGHTS)('run.mjs %s %s prints the summary line of `fray run --json`', async (file, seed) => {
    const cli = await fray(['run', file, '--seed', seed, '--json']);
    expect(example('run.mjs', file, seed)).toBe(`${lastLine(cli.out)}\n`);
  });

  it("run.mjs with no seed plays the scenario's own dice (scenarioDice) as `fray run --json` does", async () => {
    // A scripted example: its `dice:` list is what its script is written for.
    const file = 'examples/tft/sweeping-blows.yaml';
    const cli = await fray(['run', file, '--json']);
    expect(cli.code, cli.err).toBe(0);
    expect(example('run.mjs', file)).toBe(`${lastLine(cli.out)}\n`);
  });

  it('step-by-step.mjs: typed faces, a refusal, the AI to the end, and a replay to the same end', async () => {
    const out = lines(example('step-by-step.mjs'));
    expect(out.slice(0, 2)).toEqual(['d6 number 1? 6', 'd6 number 2? 2']);
    // The typed faces are the initiative rolls (north first).
    expect(out).toContain('[turn 1] Initiative: north 6; south 2. north wins.');
    expect(out.find((l) => l.startsWith('refused: '))).toMatch(/^refused: command\.\w+: .*phase/);
    const over = /The fight is over after turn (\d+): (\w+) wins/.exec(out.join('\n'));
    expect(over).not.toBeNull();
    expect(out.at(-2)).toMatch(new RegExp(`^${over?.[2]} wins after ${over?.[1]} turns, \\d+ commands$`));
    expect(out.at(-1)).toBe('replay gives the same end: true');
    // The same run twice: the encounter's dice come from its seed alone.
    expect(lines(example('step-by-step.mjs'))).toEqual(out);
  });

  /** The attack lines explain-and-odds.mjs prints for the report of `fray explain ...args --json`. */
  async function explainAttacks(...args: string[]): Promise<string[]> {
    const explain = JSON.parse((await fray(['explain', ...args, '--json'])).out);
    type Opt = { label: string; adjDX: number; hit?: number; hitExact: string; ledger: { source: string; delta: number; rule: string }[] };
    return explain.figures.flatMap((f: { name: string; options: Opt[] }) =>
      f.options
        .filter((o) => o.hit !== undefined)
        .map((o) => {
          const ledger = o.ledger.map((l, i) => `${i === 0 ? '' : l.delta < 0 ? '- ' : '+ '}${Math.abs(l.delta)} ${l.source} [${l.rule}]`).join(' ');
          return `${f.name}: ${o.label}: adjDX ${o.adjDX} = ${ledger}; hit ${o.hitExact}`;
        }),
    );
  }

  it('explain-and-odds.mjs prints the attacks of `fray explain --json` and the odds of `fray odds --json`', async () => {
    const attacks = await explainAttacks('examples/tft/skirmish.yaml');
    const dice = JSON.parse((await fray(['odds', '3d6<=12', '--json'])).out);
    const attack = JSON.parse((await fray(['odds', '--adjdx', '13', '--damage', '2d+1', '--armor', '2', '--json'])).out);
    expect(attacks.length).toBeGreaterThan(3);
    const odds = [`3d6 <= 12: ${dice.threshold.exact}; mean ${dice.meanExact}`, `adjDX 13, 2d+1 against armor 2: hit ${attack.hit.exact}, expected damage ${attack.expectedExact}`];
    expect(lines(example('explain-and-odds.mjs'))).toEqual([...attacks, ...odds]);
  });

  it.each([['(none)', []], ['3', ['3']]])("explain-and-odds.mjs plays a scenario's script (playScript, scenarioDice) as `fray explain` does, --turn %s", async (_, turn: string[]) => {
    const file = 'examples/tft/hanging-by-a-thread.yaml';
    const attacks = await explainAttacks(file, ...(turn.length ? ['--turn', ...turn] : []));
    // Not the start state's attacks: the script was played.
    expect(attacks).not.toEqual(await explainAttacks(file, '--turn', '1'));
    expect(lines(example('explain-and-odds.mjs', file, ...turn)).slice(0, -2)).toEqual(attacks);
  });

  it('monte-carlo.mjs gives the numbers of `fray sim --json` for the same seed', async () => {
    const sim = JSON.parse((await fray(['sim', 'examples/tft/duel.yaml', '-n', '2000', '--seed', '7', '--json', '--no-progress'])).out);
    const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
    type Row = { side: string; est: number; lo: number; hi: number };
    const expected = sim.variants.flatMap((v: { name: string; fights: number; turns: { est: number }; wins: Row[]; draw: { est: number } }) => [
      `${v.name}: ${v.fights} fights, ${v.turns.est.toFixed(2)} turns on average`,
      ...v.wins.map((w) => `  ${w.side} wins ${pct(w.est)} (95% interval ${pct(w.lo)} to ${pct(w.hi)})`),
      `  draw ${pct(v.draw.est)}`,
    ]);
    expect(lines(example('monte-carlo.mjs', 'examples/tft/duel.yaml', '2000', '7'))).toEqual(expected);
  });

  it("the build's arena workers load as plain JavaScript: a worker plays every chunk where tsx cannot be found, and gives what a worker of the sources (through tsx) gives", async () => {
    // A copy of the package beside the runtime dependencies it names, tsx left out.
    const dir = mkdtempSync(join(tmpdir(), 'fray-no-tsx-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fray', type: 'module', exports: { '.': './dist/index.js' } }));
    const deps = Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies).filter((d) => d !== 'tsx');
    for (const d of deps) {
      mkdirSync(dirname(join(dir, 'node_modules', d)), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', d), join(dir, 'node_modules', d), 'dir');
    }
    const job = { variants: [{ name: 'duel', raw: parseYaml(readFileSync(join(ROOT, 'examples/tft/duel.yaml'), 'utf8')) }], seed: 7, fights: 600, events: false };
    // One worker and this thread idle (ArenaPool size 1, here false): the worker plays every chunk.
    const script = join(dir, 'pool.mjs');
    writeFileSync(script, `import { ArenaPool, summarize } from 'fray';\nconst pool = new ArenaPool(1, false);\nconst r = summarize(await pool.run(${JSON.stringify(job)}));\nawait pool.close();\nconsole.log(JSON.stringify({ played: pool.played, wins: r.variants[0].wins }));\n`);
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const node = (file: string) => execFileSync(process.execPath, [file], { cwd: dir, env, encoding: 'utf8', stdio: 'pipe' });
    writeFileSync(join(dir, 'tsx.mjs'), "await import('tsx/esm/api');\n");
    expect(() => node(join(dir, 'tsx.mjs'))).toThrow(/Cannot find package 'tsx'/);
    const built = JSON.parse(node(script));
    const { ArenaPool } = await import('../src/lab/pool.ts');
    const { summarize } = await import('../src/lab/summary.ts');
    const pool = new ArenaPool(1, false);
    const sources = summarize(await pool.run(job as never));
    await pool.close();
    expect(built.played[0]).toBe(0);
    expect(built.played[1]).toBeGreaterThan(1);
    expect(pool.played).toEqual(built.played);
    expect(built.wins).toEqual(JSON.parse(JSON.stringify(sources.variants[0].wins)));
  }, 60_000);

  it('errors.mjs prints the problems `fray validate` finds in the same text, each with its field', async () => {
    const script = readFileSync(join(EXAMPLES, 'errors.mjs'), 'utf8');
    const text = /const text = `([^`]*)`/.exec(script)?.[1];
    expect(text).toBeDefined();
    const file = join(mkdtempSync(join(tmpdir(), 'fray-lib-')), 'bad.yaml');
    writeFileSync(file, text as string);
    const cli = await fray(['validate', file]);
    expect(cli.code).toBe(1);
    const issues = lines(cli.err).slice(1).map((l) => l.trim());
    expect(issues.length).toBeGreaterThan(1);
    const out = example('errors.mjs');
    expect(lines(out)).toEqual(issues);
    // docs/LIBRARY.md shows this output under the script.
    expect(readFileSync(join(ROOT, 'docs', 'LIBRARY.md'), 'utf8')).toContain(`Output (the same lines \`fray validate\` prints for that file):\n\n\`\`\`\n${out}\`\`\`\n`);
  });
});
