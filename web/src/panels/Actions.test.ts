// The move card from the real engine's movement preview: the hint says what the figure may do.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice } from '../../../src/core/dice/source.ts';
import { systems } from '../../../src/rules/index.ts';
import { movePreview } from '../model/move.ts';
import { figureViews } from '../model/view.ts';
import { Actions } from './Actions.tsx';

const tft = systems.tft;

/** The move card's hint for `figure` in the duel's first movement phase, Cedric standing at `cedricAt`. */
function hint(cedricAt: [number, number], figure: string): string {
  const scenario = parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'));
  scenario.figures[1].at = cedricAt;
  const s = tft.setup(scenario);
  const dice = new ScriptedDice([6, 1]);
  tft.apply(s, tft.parseCommand({ type: 'begin' }), dice, () => undefined);
  tft.apply(s, tft.parseCommand({ type: 'initiative', figure: 'bjorn', choice: 'first' }), dice, () => undefined);
  const preview = movePreview(s, figure)!;
  const html = renderToStaticMarkup(
    createElement(Actions, {
      figure: figureViews(s).find((f) => f.id === figure),
      options: [],
      canAct: true,
      waitingFor: [figure],
      pendingKind: 'move',
      armed: null,
      onChoose: () => undefined,
      onArm: () => undefined,
      figureName: (id) => id,
      move: {
        chosen: null,
        ma: preview.ma,
        engaged: preview.engaged,
        hexes: [...preview.reach.values()].filter((r) => r.maUsed > 0).length,
        facing: 0,
        after: [],
        onFacing: () => undefined,
        onConfirm: () => undefined,
        onStay: () => undefined,
        onClear: () => undefined,
      },
    }),
  );
  return /data-testid="move-hint">([^<]*)</.exec(html)?.[1] ?? '';
}

describe('the move card', () => {
  it('a free figure: drag or click a lit hex', () => {
    expect(hint([5, 3], 'bjorn')).toMatch(/^Drag the figure or click a lit hex/);
  });

  it('an engaged figure may only shift or stay, and is told so (it read "Drag the figure or click a lit hex.")', () => {
    expect(hint([3, 3], 'bjorn')).toBe('Engaged: it may only shift 1 hex to a lit hex still next to a foe, or stay. To break away, disengage in the action phase.');
  });
});
