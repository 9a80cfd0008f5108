// Text tables of a simulation or comparison report (`fray sim`, `fray compare`, the HTML page).
import { type SimReport, damageUnit, isRateMetric, statesOf, turnWord } from './summary.ts';
import { count, estimate, fixed3, pct, table } from './text.ts';
import type { Interval } from './stats.ts';

const ci = (i: Interval | undefined, p = false) => {
  if (!i || Number.isNaN(i.est)) return 'n/a';
  const f = (x: number) => estimate(x, p);
  return `${f(i.est)} ${Number.isFinite(i.lo) && Number.isFinite(i.hi) ? `[${f(i.lo)}, ${f(i.hi)}]` : '[n/a]'}`;
};

const STATE_HEADS: Record<string, string> = { healthy: 'healthy', reeling: 'reeling', unconscious: 'uncon.', dying: 'dying', dead: 'dead' };

export function formatSim(r: SimReport): string {
  const out: string[] = [];
  for (const v of r.variants) {
    out.push(`== ${v.name}${v.settings ? ` (${v.settings})` : ''}: ${count(v.fights, 'fight')}${v.unfinished ? `, ${v.unfinished} unfinished (counted as draws)` : ''}`);
    out.push(
      table(
        ['result', 'rate [95% Wilson]'],
        [...v.wins.map((w) => [`won by ${w.side}`, ci(w, true)]), ['draw', ci(v.draw, true)]],
      ),
    );
    const turn = turnWord(v.system);
    out.push(`${turn}s: ${ci(v.turns)}`);
    out.push('');
    const dealt = r.events || v.figures.some((f) => f.dealt !== undefined);
    // The unit in the head: a number of AD&D hit points and one of TFT hits are not alike.
    const unit = damageUnit(v.system);
    // dealt/turn: each fight's damage dealt over its turns, averaged over the fights (docs/LAB.md).
    // The states this system's figures can end in (an AD&D figure never reels: no 0.0% column that cannot move).
    const states = statesOf(v.system);
    const head = ['figure', 'side', `${unit} taken [95%]`, ...(dealt ? [`${unit} dealt [95%]`, `dealt/${turn} [95%]`] : []), ...states.map((st) => STATE_HEADS[st])];
    out.push(
      table(
        head,
        v.figures.map((f) => [
          f.name,
          f.side,
          ci(f.taken),
          ...(dealt ? [ci(f.dealt), ci(f.dealtPerTurn)] : []),
          ...states.map((st) => pct(f.states[st].est, 1)),
        ]),
      ),
    );
    // Per side, the figures that end in each state (ended:SIDE=STATE): who dies, in one number a
    // side. With one figure a side it is the table above again.
    if (v.figures.length > v.ends.length) {
      out.push('', 'figures of each side that end in each state, per fight (ended:SIDE=STATE):');
      out.push(table(['side', ...states.map((st) => STATE_HEADS[st])], v.ends.map((e) => [e.side, ...states.map((st) => fixed3(e.states[st].est))])));
    }
    // AD&D: the to-hit and critical ledgers at the start, per hand (R-A4, R-A10, R-A11).
    if (v.start?.text.length) out.push('', 'At the start, each hand: d20 + to-hit >= need (R-A4, R-A11); critical hits (R-A10):', ...v.start.text);
    if (r.events) {
      const uses = v.figures.filter((f) => f.uses && Object.keys(f.uses).length).map((f) => `${f.name}: ${Object.entries(f.uses ?? {}).map(([k, x]) => `${k} ${x.toFixed(2)}`).join(', ')}`);
      if (uses.length) out.push(`actions per fight: ${uses.join('; ')}`);
    }
    out.push('');
  }
  if (r.diffs.length) {
    out.push(`== differences from ${r.variants[0].name} (same dice, paired; 95% intervals)`);
    const rows = r.diffs.filter((d) => !Number.isNaN(d.est) && (d.est !== 0 || d.lo !== 0 || d.hi !== 0));
    // Not an empty table under its header: say that the paired fights came out the same. A
    // difference is signed, as in the grid's table (+7.273, -0.440).
    if (rows.length === 0) out.push('none: every quantity compared came out the same in every fight');
    else out.push(table(['variant', 'quantity', 'difference [95%]'], rows.map((d) => [d.variant, d.key, `${d.est >= 0 ? '+' : ''}${ci(d, isRateMetric(d.key))}`])));
    out.push('');
  }
  if (r.fightsPerSecond !== undefined) {
    out.push(`${count(r.fights, 'fight')} x ${count(r.variants.length, 'variant')} in ${r.seconds?.toFixed(2)} s: ${Math.round(r.fightsPerSecond).toLocaleString('en')} fights/s (${r.workers} worker${r.workers === 1 ? '' : 's'}, seed ${r.seed}${r.events ? ', events on' : ', events off'})`);
  }
  return out.join('\n');
}
