import { describe, expect, it } from 'vitest';
import { type TurnInput, moveOrderView, pendingOf, resultWords, selectionFor, whoseTurn } from './turn.ts';

const names: Record<string, string> = { bjorn: 'Bjorn', cedric: 'Cedric', orc1: 'Orc (orc1)', aldric: 'Sir Aldric' };
const base = (over: Partial<TurnInput>): TurnInput => ({
  system: 'tft',
  pending: null,
  over: false,
  state: {},
  nameOf: (id) => names[id] ?? id,
  mine: new Set(),
  isGm: false,
  ...over,
});

describe('whose turn, in words', () => {
  it("a player waiting for the other side is told who moves, not shown the enemy's empty panel", () => {
    const t = base({ pending: { figures: ['bjorn'], kind: 'move' }, state: { moveOrder: ['north', 'south'], moveSide: 0 }, mine: new Set(['cedric']) });
    expect(whoseTurn(t)).toBe('Not your turn. Now: north moves: Bjorn.');
    expect(whoseTurn({ ...t, pending: { figures: ['cedric'], kind: 'move' }, state: { moveOrder: ['north', 'south'], moveSide: 1 } })).toBe('Your turn. South moves: Cedric.');
  });

  it('initiative, action, AD&D declarations, system steps, the end', () => {
    expect(whoseTurn(base({ isGm: true, pending: { figures: ['bjorn'], kind: 'initiative' }, state: { initiativeWinner: 'north' } }))).toBe(
      'Now: north won the initiative: Bjorn chooses to move first or last.',
    );
    expect(whoseTurn(base({ pending: { figures: ['cedric'], kind: 'action' } }))).toBe("Now: Cedric's action.");
    expect(whoseTurn(base({ system: 'adnd', pending: { figures: ['aldric', 'orc1'], kind: 'action' }, mine: new Set(['cedric']) }))).toBe(
      'Not your turn. Now: Sir Aldric and Orc (orc1) declare an action.',
    );
    expect(whoseTurn(base({ over: true }))).toBe('The fight is over.');
  });

  it("at a system step the panel line says nothing: the banner says it once, with the GM's button (it said 'Next: the system step (begin).' under 'Next: begin')", () => {
    expect(whoseTurn(base({ isGm: true, pending: { figures: [], kind: 'begin' } }))).toBe('');
    expect(whoseTurn(base({ pending: { figures: [], kind: 'begin' } }))).toBe('');
  });

  it("the end says who won, the side by its scenario name (the panel said only 'The fight is over.')", () => {
    expect(whoseTurn(base({ system: 'adnd', over: true, isGm: true, winner: 'heroes' }))).toBe('The fight is over: heroes won.');
    expect(whoseTurn(base({ over: true, winner: 'north', state: { sideNames: { north: 'The Northmen' } } }))).toBe('The fight is over: The Northmen won.');
    expect(whoseTurn(base({ over: true, winner: null }))).toBe('The fight is over.');
  });

  it("with no winner the end says why, as the log does (it said only 'The fight is over.' after a scenario's last turn)", () => {
    expect(whoseTurn(base({ over: true, winner: null, state: { endReason: 'max turns' } }))).toBe('The fight is over: no winner (max turns).');
    expect(whoseTurn(base({ system: 'adnd', over: true, winner: null, state: { stalled: true } }))).toBe('The fight is over: no winner (max rounds).');
    // The banner says the GM's reason beside it: not twice.
    expect(resultWords({ endReason: 'both sides part' }, null, false)).toBe('The fight is over.');
  });

  it("sides the scenario names are said by their names (sides[].name, the state's sideNames), the verb going with the figures", () => {
    const state = { initiativeWinner: 'north', moveOrder: ['north', 'south'], moveSide: 1, sideNames: { north: 'The Northmen', south: 'Two orcs' } };
    expect(whoseTurn(base({ isGm: true, pending: { figures: ['bjorn'], kind: 'initiative' }, state }))).toBe('Now: The Northmen won the initiative: Bjorn chooses to move first or last.');
    expect(whoseTurn(base({ isGm: true, pending: { figures: ['cedric', 'orc1'], kind: 'move' }, state }))).toBe('Now: Two orcs: Cedric and Orc (orc1) move.');
    expect(moveOrderView(state, 'move').map((c) => c.side)).toEqual(['north', 'south']);
  });

  it("a player's turn names the player's own figures as the ones deciding, the others after ('Your turn. Frito and Minotaur declare an action.' read as if the player declared for the Minotaur)", () => {
    const t = base({ system: 'adnd', pending: { figures: ['aldric', 'orc1'], kind: 'action' }, mine: new Set(['aldric']) });
    expect(whoseTurn(t)).toBe('Your turn. Sir Aldric declares an action; at the same time: Orc (orc1).');
    expect(whoseTurn({ ...t, system: 'tft', pending: { figures: ['bjorn', 'cedric'], kind: 'move' }, mine: new Set(['cedric']), state: { moveOrder: ['north'], moveSide: 0 } })).toBe(
      'Your turn. North moves: Cedric; at the same time: Bjorn.',
    );
  });

  it("a side's several figures choose the initiative together ('Bjorn and Cedric choose', was 'chooses')", () => {
    const t = base({ pending: { figures: ['bjorn', 'cedric'], kind: 'initiative' }, state: { initiativeWinner: 'north' }, mine: new Set(['bjorn', 'cedric']) });
    expect(whoseTurn(t)).toBe('Your turn. North won the initiative: Bjorn and Cedric choose to move first or last.');
  });
});

describe('movement order', () => {
  it('while the winner chooses, shows the winner first (the engine has only placed the others)', () => {
    // red won; the engine's moveOrder is ["blue"] until red says first or last.
    expect(moveOrderView({ moveOrder: ['blue'], initiativeWinner: 'red', moveSide: 0 }, 'initiative')).toEqual([
      { side: 'red', now: true, note: 'chooses first or last' },
      { side: 'blue', now: false },
    ]);
  });

  it('after the choice, the full order with the side moving now', () => {
    expect(moveOrderView({ moveOrder: ['blue', 'red'], initiativeWinner: 'red', moveSide: 1 }, 'move')).toEqual([
      { side: 'blue', now: false },
      { side: 'red', now: true },
    ]);
    expect(moveOrderView({ moveOrder: ['blue', 'red'], moveSide: 1 }, 'action').every((c) => !c.now)).toBe(true);
  });
});

describe('which figure the action panel shows', () => {
  const figures = [
    { id: 'ada', state: 'healthy' },
    { id: 'pike', state: 'healthy' },
    { id: 'grim', state: 'healthy' },
  ];
  it('a spectator follows the figure whose turn it is (it stayed on the first figure it saw, "not its turn")', () => {
    const spectator = { mine: new Set<string>(), isGm: false, figures };
    expect(selectionFor({ ...spectator, pending: { figures: ['ada'] }, selected: null })).toBe('ada');
    expect(selectionFor({ ...spectator, pending: { figures: ['grim'] }, selected: 'ada' })).toBe('grim');
    // The GM's system step names no figure: the panel keeps what it shows.
    expect(selectionFor({ ...spectator, pending: { figures: [] }, selected: 'grim' })).toBe('grim');
  });

  it('the GM gets the figure that must decide; a waiting player keeps its own figure', () => {
    const gm = { mine: new Set(figures.map((f) => f.id)), isGm: true, figures };
    expect(selectionFor({ ...gm, pending: { figures: ['grim'] }, selected: 'ada' })).toBe('grim');
    expect(selectionFor({ ...gm, pending: { figures: [] }, selected: 'ada' })).toBe('ada');
    const player = { mine: new Set(['pike']), isGm: false, figures };
    expect(selectionFor({ ...player, pending: { figures: ['grim'] }, selected: 'pike' })).toBe('pike');
    expect(selectionFor({ ...player, pending: { figures: ['grim'] }, selected: 'ada' })).toBe('pike');
    expect(selectionFor({ ...player, pending: { figures: ['pike', 'grim'] }, selected: 'ada' })).toBe('pike');
  });
});

describe('the action panel leaves a fallen figure', () => {
  // Frito and Rocky against the ogre (examples/adnd/frito-and-rocky.yaml): the ogre, whose
  // decision it was, falls and the fight ends; the panel stayed on it ("Ogre: No options now").
  const end = [
    { id: 'frito', side: 'heroes', state: 'healthy' },
    { id: 'rocky', side: 'heroes', state: 'reeling' },
    { id: 'ogre', side: 'monsters', state: 'dead' },
  ];
  const gm = { mine: new Set(end.map((f) => f.id)), isGm: true, figures: end };

  it("at the end the GM's panel goes to a standing figure of the winners; a standing one is kept (a medic's 5 minutes, R-T3)", () => {
    expect(selectionFor({ ...gm, pending: null, selected: 'ogre', winner: 'heroes' })).toBe('frito');
    expect(selectionFor({ ...gm, pending: null, selected: 'rocky', winner: 'heroes' })).toBe('rocky');
    // The winners first, whatever the order of the figures.
    const first = [end[2], { ...end[2], id: 'troll', state: 'healthy', side: 'monsters' }, end[1]];
    expect(selectionFor({ ...gm, figures: first, pending: null, selected: 'ogre', winner: 'heroes' })).toBe('rocky');
    // Opening a finished table: a standing figure, not none.
    expect(selectionFor({ ...gm, pending: null, selected: null, winner: 'heroes' })).toBe('frito');
  });

  it('at a system step the figure that just fell is not kept: the panel shows the step', () => {
    expect(selectionFor({ ...gm, pending: { figures: [] }, selected: 'ogre' })).toBeNull();
    expect(selectionFor({ ...gm, pending: { figures: [] }, selected: 'frito' })).toBe('frito');
  });

  it("a player's fallen figure gives way to its standing one; with none standing it keeps its own (not the enemy's); a spectator's goes at the end", () => {
    const figures = [
      { id: 'frito', side: 'heroes', state: 'dying' },
      { id: 'rocky', side: 'heroes', state: 'healthy' },
      { id: 'ogre', side: 'monsters', state: 'healthy' },
    ];
    const player = { mine: new Set(['frito', 'rocky']), isGm: false, figures };
    expect(selectionFor({ ...player, pending: { figures: ['ogre'] }, selected: 'frito' })).toBe('rocky');
    const down = figures.map((f) => (f.id === 'rocky' ? { ...f, state: 'dead' } : f));
    expect(selectionFor({ ...player, figures: down, pending: { figures: ['ogre'] }, selected: 'frito' })).toBe('frito');
    // Opening the table, or the panel on another figure: its own, not the one whose turn it is
    // (it read "Nothing for Ogre to do now" as if the ogre were the player's).
    expect(selectionFor({ ...player, figures: down, pending: { figures: ['ogre'] }, selected: null })).toBe('frito');
    expect(selectionFor({ ...player, figures: down, pending: { figures: ['ogre'] }, selected: 'ogre' })).toBe('frito');
    // Its figures all out of the fight (none listed): none, not the ogre's.
    expect(selectionFor({ ...player, mine: new Set(['sam']), figures: down, pending: { figures: ['ogre'] }, selected: 'ogre' })).toBeNull();
    expect(selectionFor({ ...player, figures: down, pending: null, selected: 'frito', winner: 'monsters' })).toBeNull();
    expect(selectionFor({ mine: new Set(), isGm: false, figures: down, pending: null, selected: 'rocky', winner: 'monsters' })).toBeNull();
  });
});

describe('a pending decision of an unusual shape', () => {
  it('pendingOf reads what the server sent: figure ids only, the kind or empty, null for none', () => {
    expect(pendingOf(null)).toBeNull();
    expect(pendingOf('move')).toBeNull();
    expect(pendingOf({})).toEqual({ figures: [], kind: '' });
    expect(pendingOf({ figures: ['a', 3, null, 'b'], kind: 'move' })).toEqual({ figures: ['a', 'b'], kind: 'move' });
  });

  it('a pending without figures (fast-check counterexample: pending {}) selects nothing instead of throwing', () => {
    const pending = pendingOf({});
    expect(selectionFor({ pending, mine: new Set(['a']), isGm: false, figures: [], selected: null })).toBeNull();
    expect(whoseTurn(base({ pending, isGm: true }))).toBe('');
  });

  it("a side in the move order that is not a word is not named ('[object Object] moves')", () => {
    const t = base({ isGm: true, pending: { figures: ['bjorn'], kind: 'move' }, state: { moveOrder: [{}, 'south'], moveSide: 0 } });
    expect(whoseTurn(t)).toBe('Now: Bjorn moves.');
  });
});
