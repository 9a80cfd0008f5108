// From an explained option to the command the server takes. An option that carries its own
// `command` is sent as it is; otherwise the option's kind and parameters are mapped per
// system (the engines' commands are strict: only their own fields). Options that still need a
// choice (whom to parry, whom a spell targets) are expanded into choices here.
import { type OptionView, optionView } from './options.ts';
import { type Obj, isObj } from './view.ts';

export interface CommandContext {
  system: string;
  figure: string;
  /** Living enemies of the figure, in roster order. */
  enemies: { id: string; name: string }[];
  /** Living friends (spell targets), the figure included. */
  friends: { id: string; name: string }[];
  /** Who is attacking the figure right now (AD&D react phase), to parry first. */
  attackers: string[];
}

/** The fields each system's commands accept besides `type` and `figure`, by command type. */
const ADND_FIELDS: Record<string, string[]> = {
  attack: ['target', 'weapon', 'mode'],
  parry: ['against'],
  pass: [],
  draw: ['weapons'],
  ready: ['weapon'],
  drop: ['weapon'],
  cast: ['spell', 'target'],
  wait: ['until'],
  struggle: [],
};

function pickFields(raw: Obj, fields: readonly string[]): Obj {
  const out: Obj = {};
  for (const f of fields) if (raw[f] !== undefined && raw[f] !== null) out[f] = raw[f];
  return out;
}

/** The command for an option (or one of its choices), for the figure `ctx.figure`. */
export function buildCommand(opt: OptionView, ctx: CommandContext): Obj {
  if (opt.command) return { figure: ctx.figure, ...opt.command };
  const raw = opt.raw;
  const type = typeof raw.type === 'string' ? raw.type : opt.kind;
  if (ctx.system === 'adnd') {
    const extra: Obj = {};
    if (type === 'draw' && typeof raw.weapon === 'string' && !Array.isArray(raw.weapons)) extra.weapons = [raw.weapon];
    return { type, figure: ctx.figure, ...pickFields({ ...raw, ...extra }, Object.hasOwn(ADND_FIELDS, type) ? ADND_FIELDS[type] : []) };
  }
  // TFT and others: the option's own parameters, without the display fields explain adds.
  const out: Obj = { type, figure: ctx.figure };
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'kind' || k === 'type' || k === 'label' || k === 'description' || k === 'figure') continue;
    if (DISPLAY_KEYS.test(k)) continue;
    if (isObj(v) && Array.isArray(v.entries)) continue; // a ledger
    if (Array.isArray(v) && v.length > 0 && v.every((x) => isObj(x) && typeof x.delta === 'number')) continue; // ledger entries
    out[k] = v;
  }
  return out;
}

const DISPLAY_KEYS = /^(odds|ledger|ledgers|notes?|reason|why|rule|rules|hit|hitChance|pHit|p[A-Z]\w*|expected\w*|critical|chance\w*|legal|disabled|need|adjDX|swings|segments|thenEvery|acImprovement|keepsAttack|nextDelay|castingTime|offensive|left|lockedUntil|maUsed|maLeft|after|destinations|reachable)$/;

/**
 * Adds the choices an option needs before it can be sent: AD&D parry (against whom: the
 * attackers first, then every enemy), AD&D cast (at whom).
 */
export function expandOptions(options: OptionView[], ctx: CommandContext): OptionView[] {
  if (ctx.system !== 'adnd') return options;
  const out = options.map((o) => {
    if (o.kind === 'parry' && o.raw.against === undefined && o.choices.length === 0) {
      const order = [...ctx.attackers, ...ctx.enemies.map((e) => e.id).filter((id) => !ctx.attackers.includes(id))];
      const name = (id: string) => ctx.enemies.find((e) => e.id === id)?.name ?? id;
      return { ...o, choices: order.map((id, i) => optionView({ ...o.raw, against: id, label: `against ${name(id)}${ctx.attackers.includes(id) ? ' (attacking you)' : ''}` }, `${o.key}.against.${i}`, o.figure)) };
    }
    if (o.kind === 'cast' && o.raw.target === undefined && o.choices.length === 0) {
      const pool = o.raw.offensive === false ? ctx.friends : ctx.enemies;
      return { ...o, choices: pool.map((t, i) => optionView({ ...o.raw, target: t.id, label: `at ${t.name}` }, `${o.key}.target.${i}`, o.figure)) };
    }
    return o;
  });
  // No pass of its own: the engine lists one where it is legal (a blow to take, an extra attack
  // to let go); one added to every list was refused when declaring ("'pass' answers a blow").
  return out;
}
