// docs/ARCHITECTURE.md, checked: which layer may import which, and the pure core (core, engine,
// rules) does no I/O and never reads the platform's randomness or the clock.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Layer -> the layers its code may import (docs/ARCHITECTURE.md, "What may import what"). */
const ALLOWED: Record<string, string[]> = {
  core: ['core'],
  engine: ['core', 'engine'],
  rules: ['core', 'engine', 'rules', 'data'],
  data: ['data'],
  lab: ['core', 'engine', 'rules', 'data', 'lab'],
  cli: ['core', 'engine', 'rules', 'data', 'lab', 'cli', 'server'],
  server: ['core', 'engine', 'rules', 'data', 'lab', 'server'],
  web: ['core', 'engine', 'rules', 'data', 'web', 'server/protocol.ts'],
};
const PURE = ['core', 'engine', 'rules'];
/** Packages the pure layers may use: schemas only. */
const PURE_PACKAGES = ['zod'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' || name === 'dist' || name === 'e2e' ? [] : sources(p);
    // Tests and their helpers (testing.ts, *.test-util.ts) may reach across layers to set up.
    return /\.(ts|tsx)$/.test(name) && !/\.test(-util)?\.tsx?$/.test(name) && name !== 'testing.ts' ? [p] : [];
  });
}

function layerOf(file: string): string | null {
  const rel = relative(ROOT, file).split('\\').join('/');
  if (rel === 'src/server/protocol.ts') return 'server/protocol.ts';
  const m = /^src\/([^/]+)\//.exec(rel) ?? /^(web)\//.exec(rel);
  return m ? m[1] : null;
}

function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  return out;
}

const files = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'web', 'src'))];

describe('layers (docs/ARCHITECTURE.md)', () => {
  it('finds the code it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => layerOf(f) === 'web')).toBe(true);
  });

  it('every import goes to a layer the table allows', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const from = layerOf(f);
      if (!from || from === 'server/protocol.ts') continue;
      for (const spec of importsOf(readFileSync(f, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const to = layerOf(resolve(dirname(f), spec));
        if (to === null) {
          wrong.push(`${relative(ROOT, f)} imports ${spec}: outside src/ and web/`);
          continue;
        }
        const ok = ALLOWED[from].includes(to) || (to === 'server/protocol.ts' && ALLOWED[from].includes('server'));
        if (!ok) wrong.push(`${relative(ROOT, f)} (${from}) imports ${spec} (${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the pure layers import no Node module and no package but zod', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const layer = layerOf(f);
      if (!layer || !PURE.includes(layer)) continue;
      for (const spec of importsOf(readFileSync(f, 'utf8'))) {
        if (spec.startsWith('.')) continue;
        if (!PURE_PACKAGES.includes(spec)) wrong.push(`${relative(ROOT, f)} imports ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the pure layers never read the platform randomness or the clock', () => {
    const wrong: string[] = [];
    const banned = /\bMath\.random\s*\(|\bDate\.now\s*\(|\bnew Date\s*\(|\bperformance\.now\s*\(|\bprocess\.hrtime\b|\bcrypto\.getRandomValues\b/;
    for (const f of files) {
      const layer = layerOf(f);
      if (!layer || !PURE.includes(layer)) continue;
      const code = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
      if (banned.test(code)) wrong.push(relative(ROOT, f));
    }
    expect(wrong).toEqual([]);
  });
});
