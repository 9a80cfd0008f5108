// The medic's evening, a test scenario of Hanging by a Thread (seed 82345e2a, R-T2..R-T4) shared
// by the engine's, the table model's and the browser's tests: Pat dying beside Doc (a Physicker),
// Mara (a Master Physicker) two hexes off, an orc far away.

/** The scenario; `patWounds` of Pat's ST 10 (11: dying), `mara` whether she is there. */
export function medicScenario({ patWounds = 11, mara = true }: { patWounds?: number; mara?: boolean } = {}): Record<string, unknown> & { figures: Record<string, unknown>[] } {
  return {
    system: 'tft',
    name: 'the medic',
    options: { thread: 'on' },
    figures: [
      { id: 'doc', name: 'Doc', side: 'a', st: 10, dx: 12, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: { q: 2, r: 2 } },
      { id: 'pat', name: 'Pat', side: 'a', st: 10, dx: 10, iq: 9, wounds: patWounds, at: { q: 3, r: 2 } },
      ...(mara ? [{ id: 'mara', name: 'Mara', side: 'a', st: 10, dx: 10, iq: 14, talents: ['physicker', 'master-physicker'], weapons: ['dagger'], at: { q: 2, r: 4 } }] : []),
      { id: 'orc', name: 'Orc', side: 'b', race: 'orc', st: 10, dx: 9, weapons: ['club'], at: { q: 10, r: 8 } },
    ],
  };
}
