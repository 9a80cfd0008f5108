// After the fight under Hanging by a Thread [82345e2a] (option `threadAftermath`, default off):
// the dying left at the end are played out, turn by turn, until each is stable or dead. The seed:
// a dying figure rolls each turn until stabilized or dead (R-T2); a medic may stabilize it
// (R-T3) or save it with first aid (R-T4). The project's rulings for who tends whom are in
// docs/rules/thread.md ("The aftermath").
import { stabilizationDiceCount } from './medic.ts';
import { stabilizeOdds } from './odds.ts';
import {
  type MedicView,
  type ThreadEnv,
  type ThreadSubject,
  bagOf,
  endOfTurnFor,
  firstAid,
  firstAidBlocker,
  interrupt,
  stabilizeBlocker,
  stabilizeTurn,
  stateOf,
} from './tracker.ts';

/** A bound no aftermath reaches: each untended roll has a die more, each medic tries once. */
const MAX_TURNS = 100_000;

const dyingNow = (env: ThreadEnv, p: ThreadSubject): boolean => !bagOf(p).dead && stateOf(p, env.opts) === 'dying';

/**
 * Plays the aftermath: each turn, every dying figure is tended by one of `medicsOf(it)` (its
 * side's living medics, in figure order) that is not busy with another patient this turn:
 * a stabilization under way goes on (R-T3); else first aid that saves it (R-T4: it replaces
 * stabilization, a sure save); else the free medic with the best chance starts a stabilization
 * (R-T3; no Healing Potion, as the AI medic). At the turn's end the untended roll (R-T2), and
 * the encounter's per-turn countdowns tick (env.turnPassed). Returns the turns played.
 */
export function playAftermath(env: ThreadEnv, figs: readonly ThreadSubject[], medicsOf: (p: ThreadSubject) => readonly MedicView[]): number {
  let turns = 0;
  while (figs.some((p) => dyingNow(env, p))) {
    if (++turns > MAX_TURNS) throw new Error('the aftermath of the fight did not end');
    const busy = new Set<string>();
    for (const p of figs) {
      const st = bagOf(p).stabilization;
      if (!dyingNow(env, p) || !st) continue;
      // A medic no longer among the patient's (it fell) has stopped: interrupted (R-T3).
      if (medicsOf(p).some((m) => m.id === st.medic)) busy.add(st.medic);
      else interrupt(env, p);
    }
    for (const p of figs) {
      if (!dyingNow(env, p)) continue;
      const medics = medicsOf(p);
      const st = bagOf(p).stabilization;
      if (st) {
        stabilizeTurn(env, medics.find((m) => m.id === st.medic)!, p);
        continue;
      }
      const free = medics.filter((m) => !busy.has(m.id));
      const aid = free.find((m) => firstAidBlocker(m, p, env.opts) === null);
      if (aid) {
        busy.add(aid.id);
        firstAid(env, aid, p);
        continue;
      }
      let best: MedicView | null = null;
      let bestP = -1;
      for (const m of free) {
        if (stabilizeBlocker(m, p, env.opts) !== null) continue;
        const chance = stabilizeOdds(stabilizationDiceCount(m.talents, false), m.iq).toNumber();
        if (chance > bestP) [best, bestP] = [m, chance];
      }
      if (best) {
        busy.add(best.id);
        stabilizeTurn(env, best, p);
      }
    }
    for (const p of figs) endOfTurnFor(env, p);
    env.turnPassed?.();
  }
  return turns;
}
