// What the server shows of a figure whose stats are hidden from the viewer (settings
// .hideEnemyStats: every figure not on the viewer's side; for spectators every figure). Lists
// of what MAY be shown, not of what must be hidden: a field a system adds later stays hidden
// from such viewers until it is listed here.
//
// Hidden: the figure's strength and condition in numbers: TFT basic ST, wounds, fatigue,
// remST/dyST and every ledger or text built from them (state ledgers, thread targets "ST 13",
// the armor's ST requirement), the running tally of damage taken; AD&D hp and maxHp. Shown:
// what anyone at the table sees happen: where it stands and faces, its state word (healthy,
// reeling, dying...), weapons, armor, DX/IQ/MA (not what this setting hides), the dice it rolls
// and the damage it deals and takes, roll by roll. Ability scores other than ST stay visible
// (AD&D strength too: it shows in every attack ledger as a to-hit and damage bonus).
//
// Two kinds of data name a figure's condition: figure records (objects with the figure's `id`
// and `side`: state.figures[], state.gone[], summary.figures[], explain.figures[]) pass RECORDS; log events
// that report on such a figure (their subject) pass EVENTS.

/** A whitelist: `true` keeps the value whole; an object keeps only the keys it lists (applied to each element of an array). */
export type Allow = true | { readonly [key: string]: Allow };

/** A ledger with nothing in it, for narration that reads `.total` or `.entries` (TFT thread targets). */
const HIDDEN_LEDGER = { entries: [], total: '?' };

const TFT_RECORD: Allow = {
  id: true,
  name: true,
  side: true,
  race: true,
  state: true,
  dx: true,
  iq: true,
  ma: true,
  frontHexes: true,
  talents: true,
  spells: true,
  weapons: true,
  ready: true,
  weapon: true,
  armor: true,
  shield: true,
  pos: true,
  facing: true,
  prone: true,
  engaged: true,
  dxPenalty: true,
  turn: true,
  ai: true,
  // Left the fight (the GM's leave): when and why, in state.gone; the summary's reason.
  left: true,
  // explain
  adjDX: true,
  adjDXLedger: true,
  halfMA: true,
  movedThisTurn: true,
  pending: true,
  house: {
    thread: { state: true, dying: true, stabilization: true, stabilizing: true, treated: true, dead: true, attribute: true, potions: true, failedMedics: true, nextThreadDice: true },
    hitech: { overwatch: true, crewReadyLeft: true, firearm: true, grenades: true, hitechArmor: { name: true, protectionPerDie: true, knockback: true } },
    sweep: true,
  },
};

const ADND_RECORD: Allow = {
  id: true,
  name: true,
  side: true,
  who: true,
  cls: true,
  class: true,
  level: true,
  hd: true,
  hdLabel: true,
  monster: true,
  size: true,
  state: true,
  ac: true,
  str: true,
  dex: true,
  dexGiven: true,
  proficiencies: true,
  twoWeaponsSkill: true,
  weapons: true,
  hands: true,
  spells: true,
  surpriseChance: true,
  surprised: true,
  surpriseRoll: true,
  freeAt: true,
  freeReason: true,
  declared: true,
  declaredAt: true,
  declSpeed: true,
  declParries: true,
  next: true,
  timing: true,
  parry: true,
  parries: true,
  consecutiveParries: true,
  extraAt: true,
  spellLockUntil: true,
  hastedUntil: true,
  slowedUntil: true,
  heldUntil: true,
  entangled: true,
  drained: true,
  toHit: true,
  // The critical threshold (R-A10): half dexterity plus half level or hit dice, both shown above.
  critical: true,
  left: true,
};

/** For a system not listed: who it is, where, and its state word. */
const ANY_RECORD: Allow = { id: true, name: true, side: true, state: true, pos: true, facing: true, prone: true, left: true };

const RECORDS: Record<string, Allow> = { tft: TFT_RECORD, adnd: ADND_RECORD };

/** The whitelist of a figure record in `system`. Its `options` are never shown (they are built from its numbers). */
export function recordAllow(system: unknown): Allow {
  return RECORDS[String(system)] ?? ANY_RECORD;
}

/**
 * Fields of the viewer's own option built from its target's numbers that hideEnemyStats hides
 * (ST, wounds): TFT's chance to put it down (downChance, from its remaining ST) and what first
 * aid leaves it at (the Thread's `result`: wounds, remST). Left out where the option's target is
 * a figure whose stats the viewer does not see (views.ts viewExplain); the rest (to-hit, expected
 * damage: from armor, which is shown) stays.
 */
export const TARGET_STAT_FIELDS: readonly string[] = ['downChance', 'downChanceExact', 'result'];

export interface EventRule {
  /** The field naming the figure the event reports on (default `figure`). */
  subject?: string;
  /** The fields shown when that figure's stats are hidden: '*' all of them. */
  keep: '*' | readonly string[];
  /** Fields the narration reads, shown with a placeholder instead of their value. */
  mask?: Readonly<Record<string, unknown>>;
  /** The GM's bookkeeping, not play at the table: only the GM sees it. */
  gmOnly?: true;
  /**
   * Fields listing many figures (ids, or entries each about one): an entry naming a figure hidden
   * from the viewer is left out and the event kept, as long as an entry is left (views.ts).
   */
  lists?: readonly string[];
  /**
   * A list's entries tied on `tie` and rolled off (`rolls`, one die a round), by list: with a
   * hidden entry cut from a tie, the visible entries keep only the rounds a roll-off among them
   * alone would have had (views.ts visibleRollOff), since a figure rolling on with no visible
   * partner would tell that a hidden one tied with it.
   */
  rollOffs?: Readonly<Record<string, { tie: string; rolls: string }>>;
  /**
   * The fields naming a figure that may be hidden from the viewer while the event is still its to
   * know (views.ts unseenFigure), a field inside a field by its path ("action.target"): a blow by
   * a hidden figure on one the viewer sees, or by one it sees on a hidden one; its own figure's
   * declaration or spell aimed at a hidden one. The table tells a player "something strikes you
   * from the dark for 5", or "you strike at something there: hit". The event is shown with that
   * field reading "an unseen figure" (and `unseen: [field]`), without its `drop` fields and with
   * its `totals` ledgers cut to their totals: what would tell who it is. Only one figure unseen:
   * a blow between two hidden figures is not the viewer's at all (dropped whole).
   */
  unseen?: Readonly<Record<string, Unseen>>;
}

/** What an event shows no more of a figure it names that the viewer cannot see (EventRule.unseen); a field inside a field by its path ("critical.why"). */
export interface Unseen {
  readonly drop?: readonly string[];
  readonly totals?: readonly string[];
  /**
   * Ledgers read against the unseen figure, by field: only the entries the predicate keeps (what
   * the viewer's own figure brings) are shown, and the total reads '?' (it follows from the rest).
   */
  readonly own?: Readonly<Record<string, (entry: { source?: unknown }) => boolean>>;
  /** Fields shown with only what their whitelist lists (a null or absent field as it is). */
  readonly only?: Readonly<Record<string, Allow>>;
}

/**
 * The striker of a blow, hidden: what lands on the viewer's figure stays (the weapon, hit or miss,
 * the damage, a critical, the target's own armour and saving throw); its to-hit roll goes, with
 * what it is read against (TFT adjDX and its ledger: the striker's DX; AD&D bonus and needed
 * number: its strength, magic, level or hit dice). The to-hit dice go with them: a face and its
 * outcome bound the number it was read against, roll after roll. So does an AD&D critical's
 * confirmation roll with its threshold and why ("average of hit dice 4 and dexterity 11"): the
 * critical itself (its third roll, what it does) lands. AD&D damage keeps its total (its parts
 * are the striker's strength and magic besides the die); TFT damage keeps its dice (the weapon's,
 * read against the target's own armour: nothing of the striker's numbers).
 */
const TFT_STRIKER: Unseen = { drop: ['faces', 'roll', 'adjDX', 'ledger'] };
const ADND_STRIKER: Unseen = { drop: ['roll', 'bonus', 'need', 'critical.confirm', 'critical.threshold', 'critical.why'], totals: ['damage'] };
/** A figure named as a name only (the thrower of a grenade, a caster): nothing else of it is in the event. */
const NAMED: Unseen = {};
/**
 * The target of the viewer's own blow, hidden. TFT names it only. An AD&D swing carries what it
 * was read against: `ac`, the target's armour class ledger (dropped), and `need`, the matrix's
 * number needed (the striker's "to hit AC 0" entry, its own class and level, kept; the target's
 * armour class and the six-20s band it falls in, and so the total, not: '?'; an entry the rules
 * came to name otherwise would go too). That the blow hit or missed, with its roll and bonus, the
 * player sees anyway: what the table tells it. So with the target's saving throw against a
 * disarm or a net (`save`): whether it saved (it kept its weapon, slipped the net) and against
 * what, not its d20, the number it needed (its class and level or hit dice, also in `label`) nor
 * its modifiers (its strength, dexterity and weapon's magic). Nor `aim`, which of its weapons a
 * hit to disarm went for (R-A9: "main-gauche" would tell whose blade it is).
 */
const TARGET: Unseen = {
  drop: ['ac', 'aim'],
  own: { need: (e) => typeof e.source === 'string' && e.source.startsWith('to hit AC 0') },
  only: { save: { kind: true, saved: true } },
};

const ALL: EventRule = { keep: '*' };
const TFT_BASE = ['type', 'turn', 'figure'];
const ADND_BASE = ['type', 'turn', 'segment', 'round', 'segmentOfRound', 'figure'];

/**
 * Every event type of the systems and house rules, and what it shows of a stat-hidden subject.
 * An event type missing here shows, for such a subject, only its words (strings, booleans), no
 * numbers or ledgers; views.test.ts checks that every event the examples emit is listed.
 */
export const EVENTS: Readonly<Record<string, EventRule>> = {
  // TFT core
  'turn-start': ALL,
  'turn-end': ALL,
  initiative: ALL,
  'initiative-choice': ALL,
  'action-order': { keep: '*', lists: ['order'], rollOffs: { order: { tie: 'adjDX', rolls: 'rolls' } } },
  move: ALL,
  'move-step': ALL,
  stance: ALL,
  // The striker: TFT's `figure`, AD&D's `attacker`.
  attack: { keep: '*', unseen: { figure: TFT_STRIKER, attacker: ADND_STRIKER, target: TARGET } },
  'hit-penalty': ALL,
  falls: ALL,
  'weapon-dropped': ALL,
  'weapon-broken': ALL,
  ready: ALL,
  'pick-up': ALL,
  'stand-up': ALL,
  drop: ALL,
  disengage: ALL,
  pass: ALL,
  defend: ALL,
  dodge: ALL,
  // A scripted command that went stale ("script entry 3 skipped"): the GM's script, not the players'.
  'script-skipped': { keep: '*', gmOnly: true },
  over: ALL,
  damage: { keep: [...TFT_BASE, 'from', 'faces', 'raw', 'stopped', 'amount', 'ledger', 'delivery', 'multiplier'], unseen: { from: NAMED } },
  state: { keep: [...ADND_BASE, 'from', 'to', 'why'] },
  // Sweeping Blows
  sweep: { keep: '*', lists: ['order'] },
  'sweep-friend': ALL,
  'sweep-end': ALL,
  // HiTech
  // A hidden shooter's rounds left in its magazine are its own too.
  fire: { keep: '*', unseen: { figure: { drop: [...(TFT_STRIKER.drop ?? []), 'loadedLeft'] }, target: NAMED } },
  // The count of hits follows from how far the roll was under adjDX (its ledger says so).
  hits: { keep: '*', unseen: { figure: { drop: ['ledger'] }, target: NAMED } },
  'throw-grenade': ALL,
  'fire-grenade': ALL,
  scatter: ALL,
  blast: { keep: '*', lists: ['victims'], unseen: { figure: NAMED } },
  reload: ALL,
  overwatch: ALL,
  'overwatch-fire': ALL,
  'overwatch-lapsed': ALL,
  quickdraw: ALL,
  // Hanging by a Thread
  'thread-state': { keep: [...TFT_BASE, 'from', 'to', 'cause'], mask: { reason: 'details hidden' } },
  'thread-roll': { keep: [...TFT_BASE, 'dice', 'attribute', 'faces', 'total', 'survived'], mask: { target: HIDDEN_LEDGER } },
  'thread-attribute': { keep: [...TFT_BASE, 'choice'], mask: { target: HIDDEN_LEDGER } },
  'thread-time': ALL,
  stabilize: ALL,
  'stabilize-interrupted': ALL,
  'stabilize-roll': { subject: 'patient', keep: [...TFT_BASE, 'patient', 'dice', 'target', 'faces', 'total', 'success'], mask: { woundsBefore: '?', woundsAfter: '?' } },
  'first-aid': { subject: 'patient', keep: [...TFT_BASE, 'patient', 'heal', 'replacesStabilization'], mask: { woundsBefore: '?', woundsAfter: '?' } },
  // The GM's adjustment of a figure (both systems): what was done and why, as damage taken is
  // shown, roll by roll; not what the figure is left with (TFT woundsNow, fatigueNow).
  adjust: { keep: [...ADND_BASE, 'reason', 'roll', 'damage', 'armor', 'heal', 'fatigue'] },
  // A figure leaves the fight (the GM's leave, both systems): who and why, as anyone at the
  // table sees it go; not the numbers it takes along.
  leave: { keep: [...ADND_BASE, 'reason', 'gm', 'state'] },
  // AD&D (attack, ready, drop, state: above)
  begin: { keep: '*', lists: ['figures'] },
  surprise: { keep: '*', lists: ['results'] },
  round: ALL,
  segment: { keep: '*', lists: ['actors'] },
  'extra-roll': ALL,
  'extra-attack': { keep: '*', unseen: { target: NAMED } },
  // The viewer's figure's declaration against a figure it cannot see (the declarer hidden: its plan, dropped whole).
  // A hit to disarm declared at a hidden figure: not which of its weapons (`aim`, R-A9), as the blow's TARGET.
  declare: { keep: '*', unseen: { 'action.target': { drop: ['action.aim'] } } },
  // The viewer's figure parrying a blow from the dark.
  parry: { keep: '*', unseen: { against: NAMED } },
  'parry-end': { keep: '*', unseen: { against: NAMED } },
  'attack-lost': ALL,
  retarget: { keep: '*', unseen: { target: NAMED } },
  drain: { keep: '*', unseen: { by: NAMED } },
  disarm: { keep: '*', unseen: { by: NAMED } },
  entangle: { keep: '*', unseen: { by: NAMED } },
  struggle: ALL,
  draw: ALL,
  // A hidden caster's spell at a figure the viewer sees lands as "an unseen figure's" (the spell
  // shows what it is; a hidden caster's `figure` dropped the cast whole: spell damage from nowhere).
  cast: { keep: '*', unseen: { figure: NAMED, target: NAMED } },
  // Its damage names the caster too (`caster`, where AD&D's event carries it).
  'spell-damage': { keep: '*', unseen: { caster: NAMED } },
  heal: ALL,
  status: ALL,
  end: ALL,
};

/** What an unlisted event shows of a stat-hidden subject: its words, no numbers or ledgers. */
function wordsOnly(e: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k === 'type' || k === 'turn' || typeof v === 'string' || typeof v === 'boolean' || v === null) out[k] = v;
  }
  return out;
}

/** Whether only the GM sees this event (EventRule.gmOnly). */
export function gmOnlyEvent(e: Record<string, unknown>): boolean {
  return EVENTS[String(e.type)]?.gmOnly === true;
}

/** The fields of an event that list many figures (EventRule.lists). */
export function figureLists(e: Record<string, unknown>): readonly string[] {
  return EVENTS[String(e.type)]?.lists ?? [];
}

/** How list `k` of this event was rolled off, if it was (EventRule.rollOffs). */
export function rollOffOf(e: Record<string, unknown>, k: string): { tie: string; rolls: string } | undefined {
  return EVENTS[String(e.type)]?.rollOffs?.[k];
}

/** How this event may show a figure hidden from the viewer, by field (EventRule.unseen). */
export function unseenRule(e: Record<string, unknown>): EventRule['unseen'] | undefined {
  return EVENTS[String(e.type)]?.unseen;
}

/** The figure an event reports on, if it names one. */
export function eventSubject(e: Record<string, unknown>): string | null {
  const rule = EVENTS[String(e.type)];
  const v = e[rule?.subject ?? 'figure'];
  return typeof v === 'string' ? v : null;
}

/** The event as shown when its subject's stats are hidden. */
export function restrictEvent(e: Record<string, unknown>): Record<string, unknown> {
  const rule = EVENTS[String(e.type)];
  if (!rule) return wordsOnly(e);
  if (rule.keep === '*') return e;
  const out: Record<string, unknown> = {};
  // The mark of a figure shown as "an unseen figure" (EventRule.unseen) stays with the field it marks.
  for (const k of [...rule.keep, 'unseen']) if (k in e) out[k] = e[k];
  for (const [k, v] of Object.entries(rule.mask ?? {})) if (k in e) out[k] = v;
  return out;
}

/** `value` with only what `allow` lists. */
export function pickAllowed(value: unknown, allow: Allow): unknown {
  if (allow === true) return value;
  if (Array.isArray(value)) return value.map((x) => pickAllowed(x, allow));
  // A number where the list expects a structure is not what was listed: not shown.
  if (typeof value === 'number') return undefined;
  if (!value || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, a] of Object.entries(allow)) {
    if (!(k in o)) continue;
    const v = pickAllowed(o[k], a);
    if (v !== undefined) out[k] = v;
  }
  return out;
}
