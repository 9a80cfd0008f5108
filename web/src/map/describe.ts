// The map in words, for a screen reader (the SVG draws it; these say it): each figure's place,
// facing, state and markers, and what the keyboard cursor's hex is (a figure, a move's MA, the
// selected figure's front/side/rear, a target or a friend an option would hit). Pure; unit-tested.
import { type Hex, directionWord } from '../../../src/core/hex/coords.ts';
import type { FigureView } from '../model/view.ts';

export const hexWords = (h: Hex): string => `hex ${h.q},${h.r}`;

/** "Bjorn (north), hex 3,4, facing east, reeling; prone, engaged": who, where, facing, state and markers. */
export function figureWords(f: FigureView): string {
  const parts = [`${f.name}${f.side ? ` (${f.side})` : ''}`];
  if (f.hex) parts.push(hexWords(f.hex));
  if (Number.isInteger(f.facing) && f.state !== 'dead') parts.push(`facing ${directionWord(f.facing)}`);
  parts.push(f.state);
  const marks = [...new Set([...(f.prone ? ['prone'] : []), ...(f.engaged && f.state !== 'dead' ? ['engaged'] : []), ...f.markers])];
  return `${parts.join(', ')}${marks.length > 0 ? `; ${marks.join(', ')}` : ''}`;
}

export interface HexContext {
  figure?: FigureView;
  /** MA a move there uses (the movement preview), when it is a move. */
  moveMA?: number;
  /** The selected figure's arc this hex is in, and that figure's name. */
  arc?: { arc: string; of: string };
  /** What an option marks there: a target, or a friend it would hit (a warning). */
  mark?: 'target' | 'friend';
}

/** The keyboard cursor's hex in words: "hex 4,3: Cedric (south, ...), a target; Bjorn's front". */
export function cursorWords(h: Hex, c: HexContext): string {
  const bits: string[] = [];
  if (c.figure) bits.push(figureWords(c.figure));
  if (c.mark === 'friend') bits.push('a friend: this attack would hit your own side');
  else if (c.mark === 'target') bits.push('a target');
  if (c.moveMA !== undefined && c.moveMA > 0) bits.push(`a move of ${c.moveMA} MA`);
  if (c.arc) bits.push(`${c.arc.of}'s ${c.arc.arc} hex`);
  return `${hexWords(h)}${bits.length > 0 ? `: ${bits.join('; ')}` : ''}`;
}
