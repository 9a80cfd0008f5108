// A fast deep copy of the AD&D state (the lab copies the start state once per fight; the
// driver keeps a copy per command for rewind). It copies every object the engine changes in
// place (figures, those gone, weapons, spell slots, hands, script, queue, landing, counters) and shares only
// what is never changed after setup (options, weapon damage texts, proficiencies, surprise
// rolls, commands, declared actions, which are replaced, never edited). Equal to structuredClone
// (tested).
import type { AdndState, Figure } from './model.ts';

function cloneFigure(f: Figure): Figure {
  const weapons = new Array(f.weapons.length);
  for (let i = 0; i < weapons.length; i++) weapons[i] = { ...f.weapons[i] };
  const spells = new Array(f.spells.length);
  for (let i = 0; i < spells.length; i++) spells[i] = { ...f.spells[i] };
  return {
    ...f,
    str: { ...f.str },
    dex: { ...f.dex },
    weapons,
    hands: f.hands.slice(),
    spells,
    parry: f.parry === null ? null : { ...f.parry },
    drained: { ...f.drained },
    script: f.script.slice(),
  };
}

export function cloneState(s: AdndState): AdndState {
  const figures = new Array<Figure>(s.figures.length);
  for (let i = 0; i < figures.length; i++) figures[i] = cloneFigure(s.figures[i]);
  const landing = new Array(s.landing.length);
  for (let i = 0; i < landing.length; i++) landing[i] = { ...s.landing[i] };
  // `gone` only where the state has it (absent in an old state: the copy stays the same text).
  const gone = s.gone ? { gone: s.gone.map((g) => ({ ...cloneFigure(g), left: { ...g.left } })) } : null;
  return { ...s, figures, ...gone, landing, queue: s.queue.slice() };
}
