// AD&D 1e on the segmental clock: the GameSystem and the pieces others may reuse.
export { adndSystem } from './system.ts';
export type { AdndState, AdndEvent, Command as AdndCommand, Figure as AdndFigure } from './model.ts';
export { surpriseSegments, adjustSpeed, parryDelay, roundOf, segmentOfRound } from './clock.ts';
export { attackBonus, armourClass, needLedger, hitChance, wieldings, wieldingTable } from './tohit.ts';
export { swingOdds, schedule } from './explain.ts';
