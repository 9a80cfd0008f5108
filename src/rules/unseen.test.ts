// The describers' reading of the server's `unseen` mark (src/server/views.ts unseenFigure).
import { describe, expect, it } from 'vitest';
import { isUnseen, leadName } from './unseen.ts';

describe('an event with a figure hidden from the viewer', () => {
  it("is marked by the field it masks, a field inside a field by its path; a line that starts with that figure reads 'An unseen figure', any other name as it is", () => {
    const blow = { type: 'attack', attacker: 'an unseen figure', unseen: ['attacker'], target: 'frito' };
    expect(isUnseen(blow, 'attacker')).toBe(true);
    expect(isUnseen(blow, 'target')).toBe(false);
    expect(isUnseen({ type: 'declare', action: { target: 'an unseen figure' }, unseen: ['action.target'] }, 'action.target')).toBe(true);
    // The engine's own events carry no mark.
    expect(isUnseen({ type: 'attack', attacker: 'ogre' }, 'attacker')).toBe(false);
    expect(leadName(blow, 'attacker', 'an unseen figure')).toBe('An unseen figure');
    expect(leadName({ ...blow, unseen: ['target'] }, 'attacker', 'bjorn')).toBe('bjorn');
  });
});
