// Generic reading of the options explain() lists for a figure, so TFT and AD&D options both
// render: a label, the command to send, every ledger it carries, its odds, the hexes it can
// target on the map, and nested choices (burst sizes, ammunition, sweep arcs...).
import type { Hex } from '../../../src/core/hex/coords.ts';
import type { Ledger } from '../../../src/core/ledger.ts';
import { type FigureView, type Obj, asHex, isLedger, isObj, toLedger } from './view.ts';

export interface OddsItem {
  key: string;
  label: string;
  value: number;
  /** How to print it: a probability as a percentage, or a plain number (expected damage...). */
  format: 'percent' | 'number';
  /** What the number is, where its label cannot say it all (a tooltip). */
  title?: string;
}

export interface OptionView {
  key: string;
  kind: string;
  label: string;
  figure?: string;
  command?: Obj;
  ledgers: { name: string; ledger: Ledger }[];
  odds: OddsItem[];
  /** A hex this option points at (target hex, destination), for highlighting on the map. */
  hex?: Hex;
  /** Hexes the player picks among on the map (movement, grenade target). */
  /** The hexes picked on the map; `label`: the engine's words for that hex's own option ("throw TL 12 grenade at 5,6"). */
  hexes: { hex: Hex; cost?: number; note?: string; command?: Obj; label?: string }[];
  /** Target figure ids in the order the option lists them (a sweep's arc order). */
  targets: string[];
  choices: OptionView[];
  notes: string[];
  /** What the option will leave its target at, in the engine's words (first aid: "Pat after it: 9 wounds, remST 1, unconscious and stable...", R-T4). */
  result?: string;
  raw: Obj;
}

const PROB_KEYS = /^(p[A-Z].*|.*(chance|prob|probability)|hit|critical|drop|drops|kill|reach|survive.*|stabilize.*)$/i;
const NUM_LABELS: Record<string, string> = {
  pHit: 'hit',
  hitChance: 'hit',
  hitProbability: 'hit',
  pDrop: 'drops target',
  downChance: 'drops target',
  adjDX: 'adjDX',
  dropChance: 'drops target',
  pKill: 'kills target',
  expectedDamage: 'expected damage',
  expected: 'expected damage',
  eDamage: 'expected damage',
  expectedHits: 'expected hits',
  maUsed: 'MA used',
  maLeft: 'MA left',
  ammo: 'ammunition',
  rounds: 'rounds',
  need: 'need',
  segment: 'segment',
  // Hanging by a Thread (R-T3): a medic's chance to stabilize, and the work still to do.
  stabilize: 'stabilizes',
  turnsLeft: 'turns of work left',
  // AD&D hit to disarm (R-A9, explain's disarmOdds): whose save, what is disarmed, and what each ledger adds up to.
  saveChance: 'target saves',
  disarmChance: 'disarmed',
  disarmBonus: 'to hit (dexterity and weapon plusses only)',
  disarmNeed: 'needs (to hit AC 0)',
  disarmSave: "target's save vs petrification adds",
  // AD&D entangling weapon (R-A9, explain's entangleOdds): its hit entangles unless the target saves.
  entangleChance: 'entangled',
  entangleSave: "target's save vs petrification adds",
  // AD&D parry (R-A8, explain's parryNumbers): "ac improvement 3", "next delay 2" read as code.
  acImprovement: 'AC better by',
  nextDelay: 'next action later by (segments)',
  // AD&D timing (R-A2) and spells: "segments 2" and "left 2" said not what of (a launcher's readying, a spell's casts).
  segments: 'segments it takes',
  thenEvery: 'then a shot every (segments)',
  castingTime: 'casting time (segments)',
  left: 'casts of it left',
};

/** What an option's bare `ledger` adds up to, by its command, where it is not an adjDX (R-T3, R-T4). */
const BARE_LEDGER: Record<string, string> = {
  stabilize: 'dice against IQ',
  'finish-stabilization': 'dice against IQ',
  'first-aid': 'wounds healed',
};

function humanize(k: string): string {
  // Own keys only: an option's field named like what objects inherit ("constructor") is a word, not a function.
  if (Object.hasOwn(NUM_LABELS, k)) return NUM_LABELS[k];
  return k
    .replace(/^p(?=[A-Z])/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** A number's meaning where its label cannot say it (the chip opens it on a tap). */
export const ODDS_WHY: Record<string, string> = {
  // A sweep's target (src/rules/tft/house/sweep/odds.ts reachChances): "reach 1" read as a distance.
  reach: 'reach: the chance the blade gets to this target, no earlier target in the arc having ended the sweep (R-S4); its hit and expected damage already count it',
  bestSingleDamage: 'best single damage: the expected damage of the best single attack on one of the same targets, what the sweep is compared with',
};

/** A sweep's value (sweep/odds.ts compareSweep): below 0 where friends in the arc take more than its targets. */
export const NET_WHY = "net expected damage: the expected damage to the sweep's targets less the expected damage to friends in its arc (R-S5); the AI sweeps only when it is worth more than the best single attack, counting the damage that brings each target down";

/** A sweep's expected damage is its net value (R-S5: friends' damage taken off), so it may be below 0; say so. */
function netOfSweep(o: Obj, odds: OddsItem[]): OddsItem[] {
  if (!Array.isArray(o.friends) || typeof o.bestSingleDamage !== 'number') return odds;
  return odds.map((x) => (x.key === 'expectedDamage' ? { ...x, label: 'net expected damage', title: NET_WHY } : x));
}

const SKIP_NUM = new Set(['turn', 'seq', 'q', 'r', 'facing', 'index', 'score']);
const NESTED = /^(swings|attacks|strikes|targets|friends)$/;

/**
 * The words before a nested item's odds and ledgers (a swing's role, a friend's name, a weapon,
 * else its place), then `sep`; none for a lone swing. Texts only: a role of another shape would
 * read "[object Object]".
 */
function nestedTag(k: string, list: unknown[], x: Obj, i: number, nameOf: (id: string) => string, sep: string): string {
  if (list.length <= 1 && k !== 'friends') return '';
  const who = typeof x.role === 'string' ? x.role : typeof x.id === 'string' ? nameOf(x.id) : typeof x.weapon === 'string' ? x.weapon : String(i + 1);
  return `${k === 'friends' ? 'friend ' : ''}${who}${sep}`;
}

function collectOdds(o: Obj, into: OddsItem[], prefix = '', nameOf: (id: string) => string = (id) => id): void {
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'number' && Number.isFinite(v) && !SKIP_NUM.has(k)) {
      const isProb = PROB_KEYS.test(k) && v >= 0 && v <= 1;
      const title = Object.hasOwn(ODDS_WHY, k) ? { title: ODDS_WHY[k] } : {};
      into.push({ key: prefix + k, label: humanize(k), value: v, format: isProb ? 'percent' : 'number', ...title });
    } else if (isObj(v) && (k === 'odds' || k === 'probabilities' || k === 'stats') && !isLedger(v)) {
      collectOdds(v, into, `${k}.`, nameOf);
    } else if (isObj(v) && typeof v.p === 'number' && v.p >= 0 && v.p <= 1) {
      // An exact chance ({ p, exact }: a medic's stabilize, R-T3) under its own key: a percentage.
      const title = Object.hasOwn(ODDS_WHY, k) ? { title: ODDS_WHY[k] } : {};
      into.push({ key: prefix + k, label: humanize(k), value: v.p, format: 'percent', ...title });
    } else if (Array.isArray(v) && NESTED.test(k)) {
      // Per-swing odds (AD&D two weapons: primary and secondary), labelled by role or weapon.
      v.forEach((x, i) => {
        if (!isObj(x)) return;
        const tag = nestedTag(k, v, x, i, nameOf, ' ');
        const sub: OddsItem[] = [];
        collectOdds(x, sub, '', nameOf);
        for (const o of sub) into.push({ ...o, key: `${prefix}${k}.${i}.${o.key}`, label: tag + o.label });
      });
    }
  }
}

function bareLedgerName(o: Obj, total: number): string {
  if (total === o.adjDX) return 'adjDX';
  const type = isObj(o.command) ? o.command.type : undefined;
  return typeof type === 'string' && Object.hasOwn(BARE_LEDGER, type) ? BARE_LEDGER[type] : 'ledger';
}

function collectLedgers(o: Obj, nameOf: (id: string) => string = (id) => id): { name: string; ledger: Ledger }[] {
  const out: { name: string; ledger: Ledger }[] = [];
  for (const [k, v] of Object.entries(o)) {
    const l = toLedger(v);
    // A TFT option's bare `ledger` is its adjDX's (a caption "ledger" said nothing): named so where its total is that adjDX.
    if (l) out.push({ name: k === 'ledger' ? bareLedgerName(o, l.total) : humanize(k), ledger: l });
    else if (isObj(v) && k === 'ledgers') {
      for (const [k2, v2] of Object.entries(v)) {
        const l2 = toLedger(v2);
        if (l2) out.push({ name: humanize(k2), ledger: l2 });
      }
    }
    else if (isObj(v) && (k === 'odds' || k === 'attack')) out.push(...collectLedgers(v, nameOf));
    else if (Array.isArray(v) && NESTED.test(k)) {
      v.forEach((x, i) => {
        if (!isObj(x)) return;
        const tag = nestedTag(k, v, x, i, nameOf, ': ');
        for (const l of collectLedgers(x, nameOf)) out.push({ name: tag + l.name, ledger: l.ledger });
      });
    }
  }
  return out;
}

const LABEL_KEYS = ['label', 'title', 'description', 'text'];
const KIND_KEYS = ['kind', 'type', 'action', 'id'];
const HEXES_KEYS = ['destinations', 'reachable', 'hexes', 'moves', 'paths', 'targetHexes'];
const CHOICE_KEYS = ['choices', 'variants', 'bursts', 'arcs', 'options', 'targetsOptions'];

function targetIds(o: Obj): string[] {
  const t = o.targets ?? o.target;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.map((x) => (typeof x === 'string' ? x : isObj(x) && typeof x.id === 'string' ? x.id : '')).filter(Boolean);
  return [];
}

export function optionView(raw: unknown, key: string, figure?: string, nameOf: (id: string) => string = (id) => id): OptionView {
  // Not an object: a bare kind ("pass"), else an option of no known shape (a list read as
  // text gave "[object Object]").
  const o: Obj = isObj(raw) ? raw : { kind: typeof raw === 'string' || typeof raw === 'number' ? String(raw) : 'option' };
  const command = isObj(o.command) ? o.command : undefined;
  const kind = KIND_KEYS.map((k) => o[k]).find((v): v is string => typeof v === 'string') ?? (typeof command?.type === 'string' ? command.type : 'option');
  const targets = targetIds(command ?? o).length > 0 ? targetIds(command ?? o) : targetIds(o);
  const fullLabel = LABEL_KEYS.map((k) => o[k]).find((v): v is string => typeof v === 'string') ?? defaultLabel(kind, targets.map(nameOf), o);
  // A long generated label (a sweep's per-target summary) keeps its head; the rest goes to the notes.
  const cut = fullLabel.length > 70 ? fullLabel.indexOf(': ') : -1;
  const label = cut > 0 ? fullLabel.slice(0, cut) : fullLabel;
  const all: OddsItem[] = [];
  collectOdds(o, all, '', nameOf);
  // A single swing repeats the option's totals: show each (label, value) once.
  const odds = netOfSweep(o, all.filter((x, i) => all.findIndex((y) => y.label === x.label && y.value === x.value) === i));
  const hexes: OptionView['hexes'] = [];
  for (const k of HEXES_KEYS) {
    const v = o[k];
    if (!Array.isArray(v)) continue;
    for (const item of v) {
      const h = asHex(item) ?? (isObj(item) ? (asHex(item.hex) ?? asHex(item.to) ?? asHex(item.at)) : undefined);
      if (!h) continue;
      const it = isObj(item) ? item : {};
      hexes.push({
        hex: h,
        cost: typeof it.maUsed === 'number' ? it.maUsed : typeof it.cost === 'number' ? it.cost : undefined,
        note: typeof it.note === 'string' ? it.note : Array.isArray(it.after) ? `then: ${it.after.join(', ')}` : undefined,
        command: isObj(it.command) ? it.command : undefined,
      });
    }
  }
  const choices: OptionView[] = [];
  for (const k of CHOICE_KEYS) {
    const v = o[k];
    if (!Array.isArray(v) || !v.some(isObj)) continue;
    v.forEach((c, i) => {
      if (isObj(c)) choices.push(optionView(c, `${key}.${k}.${i}`, figure, nameOf));
    });
  }
  const notes: string[] = cut > 0 ? [fullLabel.slice(cut + 2)] : [];
  // HiTech bursts: the distribution of the number of hits, [[hits, p], ...] (R-H10).
  if (Array.isArray(o.hits) && o.hits.length > 0 && o.hits.every((x) => Array.isArray(x) && x.length === 2 && Number.isFinite(x[0]) && Number.isFinite(x[1]))) {
    notes.push(`hits: ${(o.hits as [number, number][]).map(([n, p]) => `${n}: ${pct(p)}`).join(' · ')}`);
  }
  for (const k of ['note', 'notes', 'reason', 'why']) {
    const v = o[k];
    if (typeof v === 'string') notes.push(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') notes.push(x);
  }
  const result = isObj(o.result) && typeof o.result.text === 'string' ? o.result.text : typeof o.result === 'string' ? o.result : undefined;
  return {
    key,
    kind,
    label,
    ...(result ? { result } : {}),
    figure: typeof o.figure === 'string' ? o.figure : typeof o.actor === 'string' ? o.actor : figure,
    command,
    ledgers: collectLedgers(o, nameOf),
    odds,
    hex: asHex(o.hex) ?? asHex(o.to) ?? asHex(o.targetHex) ?? (command ? (asHex(command.hex) ?? asHex(command.to)) : undefined),
    hexes,
    targets,
    choices,
    notes,
    raw: o,
  };
}

function defaultLabel(kind: string, targets: string[], o: Obj): string {
  const base = kind.replace(/[-_]/g, ' ');
  if (targets.length > 0) return `${base} → ${targets.join(', ')}`;
  if (typeof o.weapon === 'string') return `${base} (${o.weapon})`;
  return base;
}

/**
 * The options of one figure in an explain report, as the engine lists them (once the fight is
 * over, only what stays legal out of combat: a medic's 5 minutes run at once, R-T3).
 */
export function optionsOf(report: unknown, figureId: string, nameOf?: (id: string) => string): OptionView[] {
  if (!isObj(report) || !Array.isArray(report.figures)) return [];
  const f = report.figures.find((x) => isObj(x) && x.id === figureId);
  if (!isObj(f) || !Array.isArray(f.options)) return [];
  return f.options.map((o, i) => optionView(o, `${figureId}.${i}`, figureId, nameOf));
}

/** Formats a probability as a percentage with one decimal (e.g. 0.5 -> "50.0%"). */
export function pct(p: number): string {
  if (p > 0 && p < 0.001) return '<0.1%';
  if (p < 1 && p > 0.999) return '>99.9%';
  return `${(p * 100).toFixed(1)}%`;
}

/** A number as the table prints it: whole as it is, else 2 decimals (an expected damage, a ledger's fractional entry). */
export function num(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

export function formatOdds(o: OddsItem): string {
  return o.format === 'percent' ? pct(o.value) : num(o.value);
}

/** A ledger entry's delta: the first as it is, the others signed ("+2", "−1.02"). */
export function ledgerDelta(delta: number, first: boolean): string {
  if (first) return num(delta);
  return delta < 0 ? `−${num(Math.abs(delta))}` : `+${num(delta)}`;
}

/** A ledger's total: a number as `num` prints it; a server's mask ('?': what a hidden figure brings) as it is. */
export function ledgerTotal(total: number | string): string {
  return typeof total === 'number' ? num(total) : total;
}

/** The command to send for an option: its own `command`, or the option minus display fields. */
export function commandFor(opt: OptionView, extra: Obj = {}): Obj {
  if (opt.command) return { ...opt.command, ...extra };
  const { label: _l, description: _d, odds: _o, ledger: _g, ledgers: _gs, notes: _n, note: _nn, ...rest } = opt.raw;
  const out: Obj = {};
  for (const [k, v] of Object.entries(rest)) if (!toLedger(v) && !(typeof v === 'number' && PROB_KEYS.test(k))) out[k] = v;
  return { ...out, ...extra };
}

const HEX_PARAMS = ['at', 'to', 'hex', 'target_hex'];

function commandHex(o: OptionView): { key: string; hex: Hex } | null {
  const c = o.command;
  if (!c) return null;
  for (const k of HEX_PARAMS) {
    const h = asHex(c[k]);
    if (h) return { key: k, hex: h };
  }
  return null;
}

const sameExcept = (a: Obj, b: Obj, except: readonly string[]) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!except.includes(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k])) return false;
  return true;
};

/**
 * Folds a long flat option list into what a player can read: options that differ only in the
 * hex they aim at (grenade target hexes, disengage steps) become one option whose hexes are
 * picked on the map, each hex with its own command and odds; options that differ only in burst
 * size or ammunition become one option with a choice per burst (R-H10). Everything else stays.
 */
export function groupOptions(options: OptionView[]): OptionView[] {
  const out: OptionView[] = [];
  const used = new Set<number>();
  options.forEach((o, i) => {
    if (used.has(i)) return;
    const ch = commandHex(o);
    if (ch && o.command) {
      const members = options
        .map((x, j) => ({ x, j }))
        .filter(({ x, j }) => !used.has(j) && x.kind === o.kind && x.command && commandHex(x)?.key === ch.key && sameExcept(x.command, o.command!, [ch.key]));
      if (members.length > 1) {
        for (const m of members) used.add(m.j);
        const best = members.map((m) => m.x).reduce((a, b) => (score(b) > score(a) ? b : a));
        const bestHex = commandHex(best)!.hex;
        const odds = best.odds.filter((d) => d.format === 'percent' || /damage/.test(d.label));
        // The engine's best hex is the one of highest score, not of most damage (a hex that
        // also hurts friends scores less): say so, and show that hex's own numbers beside it.
        const engineScore = typeof best.raw.score === 'number' ? best.raw.score : null;
        out.push({
          ...o,
          key: `${o.key}.hexes`,
          label: `${o.label.replace(/\s+(at|to)\s+-?\d+,-?\d+$/, '')}: pick the hex`,
          command: undefined,
          hexes: members.map(({ x }) => ({ hex: commandHex(x)!.hex, command: x.command, note: hexNote(x), label: x.label })),
          hex: undefined,
          odds:
            engineScore === null
              ? odds.map((d) => ({ ...d, label: `best ${d.label}` }))
              : [{ key: 'score', label: `best hex ${bestHex.q},${bestHex.r}: score`, value: engineScore, format: 'number', title: SCORE_WHY }, ...odds],
          ledgers: best.ledgers,
          notes: [engineScore === null ? `best: ${best.label}` : `best: ${best.label}, by the engine's score (${SCORE_WHY})`],
          raw: { ...o.raw, hexGroup: true },
        });
        return;
      }
    }
    if (o.command && (o.command.burst !== undefined || o.command.ammo !== undefined)) {
      const members = options
        .map((x, j) => ({ x, j }))
        .filter(({ x, j }) => !used.has(j) && x.kind === o.kind && x.command && sameExcept(x.command, o.command!, ['burst', 'ammo']));
      if (members.length > 1) {
        for (const m of members) used.add(m.j);
        // Choices by ammunition alone (a reload): the group is what comes before " with <ammo>"
        // ("reload ACR"; the label writes the ammunition as the seed does, "APDS"), and each
        // choice says the rest ("APDS (2 clips left)").
        const ammo = typeof o.command.ammo === 'string' && o.command.burst === undefined ? o.label.toLowerCase().indexOf(` with ${o.command.ammo.toLowerCase()}`) : -1;
        const head = ammo > 0 ? o.label.slice(0, ammo) : null;
        const choices = members.map(({ x }) => ({ ...x, label: head !== null && x.label.startsWith(`${head} with `) ? x.label.slice(head.length + 6) : burstLabel(x) }));
        out.push({
          ...o,
          key: `${o.key}.bursts`,
          label: head ?? o.label.replace(/\s*\((single shot|single|four burst|four|half burst|half|full burst|full)[^)]*\)/, ''),
          command: undefined,
          choices,
          odds: [],
          // Each choice's ledgers, named by the choice: a burst's adjDX (its autofire bonus, R-H10) had none ("No modifiers.").
          ledgers: choices.flatMap((c) => c.ledgers.map((l) => ({ name: `${c.label}: ${l.name}`, ledger: l.ledger }))),
          notes: [],
        });
        return;
      }
    }
    used.add(i);
    out.push(o);
  });
  // Care for a dying friend (the Thread's stabilize and first aid: `tend`) comes first: the
  // life-saving choice should not sit below a figure's attacks.
  return [...out.filter((o) => o.raw.tend === true), ...out.filter((o) => o.raw.tend !== true)];
}

/** What the engine's score of a blast's hex is (R-H12 grenades; the AI aims by it). */
export const SCORE_WHY = 'expected damage to foes minus twice the expected damage to friends and the thrower';

function score(o: OptionView): number {
  const s = o.raw.score ?? o.raw.expectedDamage;
  return typeof s === 'number' ? s : 0;
}

/** A hex's own numbers, for the hint under the option as the pointer crosses it (its score too, where the engine gives one). */
function hexNote(o: OptionView): string {
  const shown = o.odds.filter((d) => d.format === 'percent' || /damage/.test(d.label)).map((d) => `${d.label} ${formatOdds(d)}`);
  // The hex's adjDX and what made it (a throw's range, R-H3): the hit chance alone did not say why a farther hex is harder.
  const adj = o.ledgers.find((l) => l.name === 'adjDX')?.ledger;
  const why = adj && adj.entries.length > 0 ? `adjDX ${ledgerTotal(adj.total)} (${adj.entries.map((e, i) => `${ledgerDelta(e.delta, i === 0)} ${e.source}`).join(' ')}); ` : '';
  if (typeof o.raw.score === 'number') shown.push(`score ${formatOdds({ key: 'score', label: 'score', value: o.raw.score, format: 'number' })}`);
  return why + shown.join(', ');
}

/**
 * The figures the options target, to mark on the map: an enemy as a target; a friend (the
 * engine lets a figure attack its own side: "(a friend!)") as a warning, never as an ordinary
 * target. Each figure once, in the options' order; figures without a hex are left out.
 */
export function targetMarks(options: readonly OptionView[], figures: readonly FigureView[], actor: FigureView | undefined): { id: string; hex: Hex; friend: boolean }[] {
  const out: { id: string; hex: Hex; friend: boolean }[] = [];
  for (const o of options) {
    for (const id of o.targets) {
      const f = figures.find((x) => x.id === id);
      if (!f?.hex || out.some((m) => m.id === id)) continue;
      out.push({ id, hex: f.hex, friend: !!actor && f.side === actor.side });
    }
  }
  return out;
}

function burstLabel(o: OptionView): string {
  const c = o.command ?? {};
  const parts = [c.burst, c.ammo].filter((x) => typeof x === 'string');
  const used = typeof o.raw.ammoUsed === 'number' ? ` (${o.raw.ammoUsed} round${o.raw.ammoUsed === 1 ? '' : 's'})` : '';
  return `${parts.join(', ') || o.label}${used}`;
}
