// The TFT GameSystem (work in progress: being implemented now; the export name is stable).
import type { GameSystem } from '../../engine/types.ts';
import type { TftCommand, TftEvent, TftState } from './model.ts';

const wip = (): never => {
  throw new Error('tft: not implemented yet');
};

export const tftSystem: GameSystem<TftState, TftCommand, TftEvent> = {
  id: 'tft',
  setup: wip,
  parseCommand: wip,
  apply: wip,
  pending: wip,
  decide: wip,
  clone: (s) => structuredClone(s),
  summary: wip,
  explain: wip,
  describe: (e) => `${e.type}`,
};
