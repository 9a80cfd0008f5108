// Helpers for the CLI's tests: run `fray` in process with captured output, and check a refusal.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { main } from './main.ts';

export interface Captured {
  code: number;
  out: string;
  err: string;
}

/** Runs `fray ...args`; `files` stand in for files of those paths. */
export async function fray(args: string[], files: Record<string, string> = {}): Promise<Captured> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['node', 'fray', ...args], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    readFile: (p) => (p in files ? files[p] : readFileSync(p, 'utf8')),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Exit 1, no stack trace, each message line short, matching each of `what`. */
export function refused(r: Captured, ...what: (string | RegExp)[]): void {
  expect(r.code, r.err).toBe(1);
  expect(r.err).not.toMatch(/internal error|\n\s+at /);
  for (const line of r.err.split('\n')) expect(line.length, line.slice(0, 100)).toBeLessThan(400);
  for (const w of what) expect(r.err).toMatch(w);
}
