// The movement preview against the engine, in the browser: every hex the map lights for a
// move is one the engine accepts with the path the page would send (the page runs the engine's
// own movement rules), including paths that must go around an enemy's front hexes; and the
// move card says what the move leaves open in the Actions panel's words.
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../src/core/hex/coords.ts';
import { SeededDice } from '../../src/core/dice/source.ts';
import { seedRng } from '../../src/core/rng.ts';
import { getSystem } from '../../src/rules/index.ts';
import { atTable, fileHarness } from './harness.ts';

const h = fileHarness();

const sys = getSystem('tft');
function engineAccepts(state: unknown, figure: string, path: Hex[]): string | null {
  try {
    sys.apply(sys.clone(state), sys.parseCommand({ type: 'move', figure, path }), new SeededDice(seedRng(1)), () => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
const hexOf = (k: string): Hex => ({ q: Number(k.split(',')[0]), r: Number(k.split(',')[1]) });

describe('the movement preview', () => {
  it('lights only hexes the engine accepts, with the paths the page sends (the duel, around the foe)', async () => {
    const { page: gm, api: { view, seqIs } } = await atTable(h, 'tft/duel', { begin: true });
    // North (Bjorn) moves first and stays; then Cedric walks toward him.
    let v = await view();
    await gm.getByTestId(v.view.pending!.figures[0] === 'bjorn' ? 'initiative-first' : 'initiative-last').click();
    await seqIs(2);
    await gm.getByTestId('figure-bjorn').click({ force: true });
    await gm.getByTestId('stay').click();
    await seqIs(3);
    await gm.getByTestId('figure-cedric').click({ force: true });
    await gm.getByTestId('move-card').waitFor();

    v = await view();
    const lit = await gm.locator('[data-reach]').evaluateAll((els) => els.map((e) => e.getAttribute('data-reach')!));
    expect(lit.length).toBeGreaterThan(20);
    const refused: string[] = [];
    for (const k of lit) {
      await gm.locator(`polygon[data-hex="${k}"]`).click({ force: true });
      await expect.poll(() => gm.getByTestId('move-card').getAttribute('data-path')).toMatch(new RegExp(`(^| )${k}$`));
      const path = (await gm.getByTestId('move-card').getAttribute('data-path'))!.split(' ').map(hexOf);
      const why = engineAccepts(v.view.state, 'cedric', path);
      if (why) refused.push(`${k}: ${why}`);
    }
    expect(refused).toEqual([]);
    // Bjorn's front hex toward Cedric (the audit's 3,2): lit, and the move goes through.
    expect(lit).toContain('3,2');
    await gm.locator('polygon[data-hex="3,2"]').click({ force: true });
    // What the move leaves open, in the Actions panel's words (short), not command types.
    const then = /Then: (.*)\./.exec((await gm.getByTestId('move-card').textContent()) ?? '')?.[1];
    expect(then).toBe('melee attack on Bjorn with War ax, defend, dodge, drop to the ground');
    await gm.getByTestId('confirm-move').click();
    await seqIs(4);
    expect(await gm.getByTestId('error').count()).toBe(0);
    expect(h.errors).toEqual([]);
  });
});
