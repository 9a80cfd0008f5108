import { describe, expect, it } from 'vitest';
import { main } from '../main.ts';

describe('fray serve', () => {
  it('refuses a bad port, naming the option, with a non-zero exit', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['node', 'fray', 'serve', '--port', 'eighty'], {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      readFile: () => '',
    });
    expect(code).not.toBe(0);
    expect(err.join('\n')).toContain('--port');
    expect(out).toEqual([]);
  });
});
