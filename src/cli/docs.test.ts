// The `fray` commands README.md and docs/LAB.md show in their code blocks, run as written (in
// process), so that a renamed flag, a moved example or a new exit code cannot leave the docs
// behind. Three changes keep it quick and clean: files the commands write go to a temp folder,
// -n is cut to 50 fights (and set so where a lab command leaves it out: the numbers the docs
// quote have their own tests, commands/compare.test.ts and commands/odds.test.ts), and
// `fray serve` is left out (it would not end). `[--flag]` parts run once without, once with.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fray } from './testing.ts';

const out = mkdtempSync(join(tmpdir(), 'fray-docs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface Shown {
  doc: string;
  line: string;
  comment: string;
}

/** Every `fray ...` (or `npx fray ...`) line of the fenced code blocks of `doc`, continuations joined. */
function shownIn(doc: string): Shown[] {
  const blocks = [...readFileSync(doc, 'utf8').matchAll(/^```[a-z]*\n([\s\S]*?)^```/gm)].map((m) => m[1].replace(/\\\n\s*/g, ''));
  return blocks.flatMap((b) =>
    b
      .split('\n')
      .map((l) => /^(?:npx )?fray( [^#]*?)\s*(?:#\s*(.*))?$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => ({ doc, line: `fray${m[1]}`, comment: m[2] ?? '' })),
  );
}

/** Words as a shell splits them (double quotes only, which is all the docs use). */
const words = (s: string) => [...s.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);

/** The argument vectors a shown line stands for: its `[...]` parts left out, then all put in. */
function argvs(line: string): string[][] {
  const without = line.replace(/\s*\[[^\]]*\]/g, '').replace(/\s*>\s*\S+$/, '');
  const withAll = line.replace(/\[([^\]]*)\]/g, '$1').replace(/\s*>\s*\S+$/, '');
  return [...new Set([without, withAll])].map((l) => words(l).slice(1));
}

/** The three changes of the header: output files in the temp folder, few fights. */
function runnable(args: string[]): string[] {
  const r = args.map((a, i) => (['--report', '--svg', '--csv'].includes(args[i - 1]) ? join(out, basename(a)) : args[i - 1] === '-n' ? String(Math.min(Number(a), 50)) : a));
  return ['sim', 'compare'].includes(r[0]) && !r.includes('-n') ? [...r, '-n', '50'] : r;
}

const SHOWN = [...shownIn('README.md'), ...shownIn('docs/LAB.md')];
const RUN = SHOWN.filter((s) => !s.line.startsWith('fray serve')).flatMap((s) => argvs(s.line).map((a) => ({ ...s, args: a })));
/** A placeholder file name of the docs, given the duel's text. */
const FILES = { 'my-scenario.yaml': readFileSync('examples/tft/duel.yaml', 'utf8') };

describe('the commands README.md and docs/LAB.md show, run as written', () => {
  it('finds them, and README.md shows every command of `fray --help`', async () => {
    expect(RUN.length).toBeGreaterThan(25);
    const help = (await fray(['--help'])).out;
    const commands = [...help.slice(help.indexOf('Commands:'), help.indexOf('Examples:')).matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]).filter((c) => c !== 'help');
    expect(commands.length).toBeGreaterThan(6);
    const inReadme = new Set(SHOWN.filter((s) => s.doc === 'README.md').map((s) => s.line.split(' ')[1]));
    expect(commands.filter((c) => !inReadme.has(c))).toEqual([]);
  });

  it.each(RUN.map((r) => [`${r.doc}: fray ${r.args.join(' ')}`, r] as const))('%s', async (_, { args, comment }) => {
    const r = await fray(runnable(args), FILES);
    // The README's comment says when the command ends otherwise ("exit 2 when they run out").
    const code = Number(/\bexit (\d)\b/.exec(comment)?.[1] ?? 0);
    expect(r.code, r.err).toBe(code);
    expect(r.err).not.toMatch(/internal error|\n\s+at /);
    expect(r.out).not.toBe('');
  }, 60_000);
});
