// A property audit of what a player or a spectator learns about the figures the GM hides
// (settings.hiddenFigures; the promises: the comment at the top of views.ts). Every example of
// both systems is played for a random number of steps with random dice through a Room over real
// storage (the path of every HTTP and WebSocket answer: the welcome, each step's broadcast, the
// log, explain, the Markdown export, a player's own commands with their refusals and dice
// requests, some naming a hidden figure or aimed at its hex), with a random non-empty set of
// hidden figures and a random viewer (a player seated at visible figures, or a spectator).
// Whatever the viewer receives must hold no hidden figure's id, nor its name in a text (where no
// visible figure has that word too), no dice of a step of which it did not see everything, no
// to-hit numbers of an unseen striker, no saving-throw numbers of an unseen target (the GM sends
// some of the AI's AD&D attacks as hits to disarm); the GM's view of the same steps stays whole.
// FRAY_FUZZ_RUNS raises the count; FRAY_FUZZ_SEED replays another seed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diceForSeq } from '../engine/encounter.ts';
import { fuzzParams } from '../engine/fuzz.test-util.ts';
import { getSystem } from '../rules/index.ts';
import type { Role, ServerMessage } from './protocol.ts';
import { EncounterSettings } from './protocol.ts';
import { markdownReport } from './report.ts';
import { type AnySystem, Room, type Session } from './room.ts';
import { checkScenario, listExamples, loadExample } from './scenario.ts';
import { Storage, type TokenRow } from './storage/storage.ts';
import { testDatabases } from './storage/test-databases.ts';
import { type Viewer, figureIds, figureList } from './views.ts';

/** What views.ts writes in place of a hidden figure. */
const UNSEEN = 'an unseen figure';
/**
 * English words a figure's id or name may be, never taken for it in a text: one letter (views.ts
 * leaves those alone too), and the name of a command's field (a refusal's "unknown field
 * 'target'", its issue's path "command.target", with a figure `target` hidden).
 */
const COMMON_WORDS = new Set(['a', 'A', 'I', 'target']);
/** The GM's bookkeeping events (visibility.ts EVENTS, gmOnly): no player sees them, so they cut nothing from a player's step. */
const GM_ONLY = new Set(['script-skipped']);
/**
 * What a blow by an unseen striker must not carry (visibility.ts TFT_STRIKER, ADND_STRIKER and
 * the HiTech rules: the to-hit roll and what it is read against), nor a blow on an unseen target
 * (TARGET: its AD&D armour class, in `ac` and in the number needed past its first entry, the
 * striker's own "to hit AC 0"; its saving throw against a disarm or a net but for its outcome:
 * not its d20, the number it needed nor its modifiers), by event type and the masked field.
 */
const STRIKER_DROPS: Record<string, Record<string, string[]>> = {
  attack: {
    figure: ['faces', 'roll', 'adjDX', 'ledger'],
    attacker: ['roll', 'bonus', 'need', 'critical.confirm', 'critical.threshold', 'critical.why'],
    target: ['ac', 'need.entries.1', 'save.roll', 'save.need', 'save.mods', 'save.label'],
  },
  fire: { figure: ['faces', 'roll', 'adjDX', 'ledger', 'loadedLeft'] },
  hits: { figure: ['ledger'] },
};

const examples = listExamples().filter((e) => e.name.startsWith('tft/') || e.name.startsWith('adnd/'));

/** One received message or answer, with where it came from (for the failure's path). */
interface Got {
  where: string;
  value: unknown;
  /** A refusal's: the hidden ids the viewer itself sent, which it may read back ("no figure 'ogre'": judged as if none were there, room.ts judgeAsUnseen). */
  sent?: string[];
}

/**
 * A step of play: the AI's command sent by the GM, the viewer's own figure's command, or a command
 * of its naming a hidden figure; `disarm`, the AI's command with an AD&D attack made a hit to
 * disarm (R-A9: the target's saving throw, which neither the AI nor an option declares).
 */
interface Move {
  kind: 'ai' | 'own' | 'poke' | 'disarm';
  pick: number;
}

const silent = { error() {}, warn() {} };
let storage: Storage;
let cleanup: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  const tdb = testDatabases()[0];
  storage = await Storage.open(await tdb.create());
  cleanup = () => tdb.cleanup();
});
afterAll(async () => {
  await storage?.close();
  await cleanup?.();
});

function session(viewer: Viewer, tokenId: string, got: Got[]): Session {
  const take = (m: ServerMessage) => got.push({ where: `ws ${m.type}`, value: m });
  return { viewer, tokenId, send: (m) => take(JSON.parse(JSON.stringify(m))), sendText: (t) => take(JSON.parse(t)), close() {} };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole-word matches of `word` in `text` (letters, digits, `_` and `-` join words, as in ids). */
function spans(text: string, word: string): [number, number][] {
  const re = new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRe(word)}(?![\\p{L}\\p{N}_-])`, 'gu');
  return [...text.matchAll(re)].map((m) => [m.index, m.index + word.length]);
}

/**
 * The words of hidden figures (ids, names) that a text names, leaving out a word that a visible
 * figure also has (a hidden "Orc" beside a visible one), and a match inside a longer visible
 * figure's name or id (a hidden "Ogre" in a visible "Ogre brute").
 */
function hiddenWordsIn(text: string, hiddenWords: string[], visibleWords: string[]): string[] {
  const covered = (a: number, b: number, len: number) => visibleWords.some((v) => v.length > len && spans(text, v).some(([x, y]) => x <= a && b <= y));
  // A visible figure's name and a count ("a burst hits Blue rifleman 2 times") reads as a hidden "Blue rifleman 2".
  const counted = (w: string, b: number) => visibleWords.some((v) => new RegExp(`^${escapeRe(v)} \\d+$`).test(w)) && /^ times?\b/.test(text.slice(b));
  return hiddenWords.filter((w) => spans(text, w).some(([a, b]) => !covered(a, b, w.length) && !counted(w, b)));
}

/**
 * Every leak of a hidden figure in `v`: its id as a value or a key, its id or name in a text but
 * in the encounter's `title` (the GM's, shown as it is, in a text too: views.ts unseenScrubber).
 */
function leaks(v: unknown, path: string, hidden: Set<string>, hiddenWords: string[], visibleWords: string[], title: string, out: string[]): void {
  if (typeof v === 'string') {
    if (hidden.has(v)) out.push(`${path}: the id ${JSON.stringify(v)}`);
    else for (const w of hiddenWordsIn(title === '' ? v : v.split(title).join(' '), hiddenWords, visibleWords)) out.push(`${path}: ${JSON.stringify(w)} in ${JSON.stringify(v)}`);
  } else if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) leaks(x, `${path}[${i}]`, hidden, hiddenWords, visibleWords, title, out);
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (hidden.has(k)) out.push(`${path}: the key ${JSON.stringify(k)}`);
      leaks(x, `${path}.${k}`, hidden, hiddenWords, visibleWords, title, out);
    }
  }
}

function at(o: unknown, path: string): unknown {
  let v = o;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** The hidden ids a command names anywhere. */
function idsIn(v: unknown, hidden: Set<string>): string[] {
  if (typeof v === 'string') return hidden.has(v) ? [v] : [];
  if (Array.isArray(v)) return v.flatMap((x) => idsIn(x, hidden));
  if (v && typeof v === 'object') return Object.values(v).flatMap((x) => idsIn(x, hidden));
  return [];
}

/** Every log entry view inside what a viewer received (the log, the welcome's missed, each step, each accepted answer). */
function entryViews(got: Got[]): { where: string; entry: Record<string, unknown> }[] {
  const out: { where: string; entry: Record<string, unknown> }[] = [];
  const walk = (v: unknown, where: string) => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, `${where}[${i}]`);
    } else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.kind === 'command' && typeof o.seq === 'number' && Array.isArray(o.events)) out.push({ where, entry: o });
      else for (const [k, x] of Object.entries(o)) walk(x, `${where}.${k}`);
    }
  };
  for (const g of got) walk(g.value, g.where);
  return out;
}

/** A command of the viewer's figure that names a hidden figure: a target swapped for it, or a path into its hex. */
function poke(command: Record<string, unknown>, hiddenId: string, state: unknown, own: string): Record<string, unknown> {
  const c: Record<string, unknown> = { ...command, figure: own };
  const hiddenFig = figureList(state).find((f) => (f as { id?: unknown }).id === hiddenId) as { pos?: unknown } | undefined;
  if ('targets' in c) c.targets = [hiddenId];
  else if ('path' in c && hiddenFig?.pos) c.path = [hiddenFig.pos];
  else if (c.action && typeof c.action === 'object') c.action = { ...(c.action as object), target: hiddenId };
  else c.target = hiddenId;
  return c;
}

interface Case {
  seed: number;
  hidden: string[];
  alsoOwnHidden: boolean;
  viewer: Viewer;
  hideEnemyStats: boolean;
  enteredDice: 'off' | 'all';
  moves: Move[];
}

async function play(name: string, c: Case) {
  const { scenario: raw } = loadExample(name);
  const checked = checkScenario(raw);
  const system = getSystem(checked.system.id) as AnySystem;
  const id = `hid${++counter}`;
  const hiddenFigures = [...c.hidden, ...(c.alsoOwnHidden ? c.viewer.figures : [])];
  const settings = EncounterSettings.parse({ hiddenFigures, hideEnemyStats: c.hideEnemyStats, enteredDice: c.enteredDice });
  const gmRow = { id: `${id}-gm`, hash: `${id}-gm`, role: 'gm' as Role, figures: [], label: 'GM', createdAt: '' };
  await storage.createEncounter({ id, name: String(checked.scenario.name ?? name), system: system.id, scenario: checked.scenario, settings, at: new Date(0).toISOString() }, gmRow);
  const gmToken: TokenRow = { ...gmRow, encounterId: id, revokedAt: null };
  const viewerToken: TokenRow = { id: `${id}-v`, encounterId: id, hash: `${id}-v`, role: c.viewer.role, figures: [...c.viewer.figures], label: 'viewer', createdAt: '', revokedAt: null };
  await storage.insertToken(viewerToken);
  const row = await storage.getEncounter(id);
  if (!row) throw new Error('no row');
  const room = await Room.load(storage, silent, row, getSystem, { dice: (_, seq) => diceForSeq(c.seed, seq) });
  const gm: Viewer = { role: 'gm', figures: [] };
  const got: Got[] = [];
  const gmGot: Got[] = [];
  await room.join(session(c.viewer, viewerToken.id, got), 0);
  await room.join(session(gm, gmToken.id, gmGot), 0);
  const hidden = c.hidden;
  const hiddenIds = new Set(hidden);
  /**
   * The AI's command sent by the GM; false when the engine refuses the AI's own command (not this audit's matter; the one case it met, an AD&D script's
   * attack after the weapon was dropped, is passed over since f2e0a94). `disarm`: an AD&D attack made a hit to disarm, the AI's own where that is refused (an extra attack).
   */
  const ai = async (disarm = false): Promise<boolean> => {
    const decided = system.decide(room.state) as Record<string, unknown>;
    const command = disarm && system.id === 'adnd' && decided.type === 'attack' ? { ...decided, mode: 'disarm' } : decided;
    try {
      await room.submit(gmToken, { command });
      return true;
    } catch (e) {
      if ((e as { code?: string }).code !== 'rejected') throw e;
      return command !== decided && ai();
    }
  };
  /** The commands of the options `figure` has, in `viewer`'s explain. */
  const optionsOf = async (viewer: Viewer, figure: string) => {
    const report = (await room.explainNow(viewer)).report as { figures?: { id?: string; options?: { command?: Record<string, unknown> }[] }[] };
    return (report.figures ?? []).filter((f) => f.id === figure).flatMap((f) => f.options ?? []).flatMap((o) => (o.command ? [o.command] : []));
  };
  for (const [i, m] of c.moves.entries()) {
    if (system.pending(room.state) === null) break;
    const own = c.viewer.figures[m.pick % Math.max(1, c.viewer.figures.length)];
    if (m.kind === 'ai' || m.kind === 'disarm' || own === undefined) {
      if (!(await ai(m.kind === 'disarm'))) break;
    } else {
      // The viewer's own options as it reads them (a hidden figure's dropped weapon by its alias,
      // views.ts uidAliases), else the GM's (a poke's template: the viewer has none naming a hidden figure).
      const mine = m.kind === 'own' ? await optionsOf(c.viewer, own) : [];
      const options = mine.length > 0 ? mine : await optionsOf(gm, own);
      const template = options[m.pick % Math.max(1, options.length)] ?? (system.decide(room.state) as Record<string, unknown>);
      const command = m.kind === 'own' ? template : poke(template, hidden[m.pick % hidden.length], room.state, own);
      const sent = idsIn(command, hiddenIds);
      const where = `move ${i} (${m.kind}) ${JSON.stringify(command)}`;
      try {
        const r = await room.submit(viewerToken, { command, ...(c.enteredDice === 'all' ? { faces: [] } : {}) });
        if (r.type === 'dice-needed') {
          got.push({ where: `${where}: dice-needed`, value: r });
          const again = await room.submit(viewerToken, { command });
          if (again.type === 'accepted') got.push({ where: `${where}: accepted`, value: { entry: room.entryView(again.entry, c.viewer), view: room.stateView(c.viewer) } });
        } else got.push({ where: `${where}: accepted`, value: { entry: room.entryView(r.entry, c.viewer), view: room.stateView(c.viewer) } });
      } catch (e) {
        const err = e as { code?: string; message: string; issues?: unknown };
        if (err.code === undefined || err.code === 'internal') throw e;
        got.push({ where: `${where}: refused`, value: { code: err.code, message: err.message, issues: err.issues }, sent });
        // Nothing changed: the AI plays the step.
        if (!(await ai())) break;
      }
    }
    got.push({ where: `explain after move ${i}`, value: await room.explainNow(c.viewer) });
  }
  for (const [viewer, out] of [
    [c.viewer, got],
    [gm, gmGot],
  ] as const) {
    const view = room.encounterView(viewer);
    const entries = await room.entriesAfter(0, viewer);
    out.push({ where: 'GET encounter', value: view }, { where: 'GET log', value: entries }, { where: 'export markdown', value: markdownReport(view, entries) }, { where: 'explain', value: await room.explainNow(viewer) });
  }
  return { room, got, gmGot, log: await storage.readLog(id), settings };
}

/** The problems with what the viewer and the GM received (empty: none). */
async function audit(name: string, c: Case): Promise<string[]> {
  const { room, got, gmGot, log, settings } = await play(name, c);
  const problems: string[] = [];
  const hidden = new Set(c.hidden);
  const figs = figureList(room.state) as { id: string; name?: unknown }[];
  const wordsOf = (f: { id: string; name?: unknown }) => [f.id, ...(typeof f.name === 'string' ? [f.name] : [])];
  const visibleWords = figs.filter((f) => !hidden.has(f.id)).flatMap(wordsOf);
  const hiddenWords = figs
    .filter((f) => hidden.has(f.id))
    .flatMap(wordsOf)
    .filter((w) => !COMMON_WORDS.has(w) && !visibleWords.includes(w));
  // 1, 2: no hidden id, no hidden figure's name or id in a text. Accepted: the encounter's name
  // (encounter.name, state.name, the report's heading, AD&D's "The vampire's touch: the fight
  // begins") is the GM's title for the table (the lobby lists it to every token), not the rules'
  // words: "The vampire's touch" with the vampire hidden is the GM's to rename.
  const title = String(room.row.name);
  for (const g of got) {
    const sent = new Set(g.sent ?? []);
    // The report's heading is the title, Markdown-escaped.
    const value = g.where === 'export markdown' ? String(g.value).split('\n').slice(1).join('\n') : g.value;
    leaks(value, g.where, new Set([...hidden].filter((h) => !sent.has(h))), hiddenWords.filter((w) => !sent.has(w)), visibleWords, title, problems);
  }
  // 3: the dice of a step the viewer did not see whole, a masked striker's to-hit numbers.
  const stored = new Map(log.map((e) => [e.seq, e]));
  for (const { where, entry } of entryViews(got)) {
    const full = stored.get(entry.seq as number);
    if (full?.kind !== 'command') continue;
    const events = entry.events as Record<string, unknown>[];
    const play = full.body.events.filter((e) => !GM_ONLY.has(String(e.type)));
    const whole =
      entry.command !== undefined &&
      events.length === play.length &&
      events.every((e, k) => e.type === play[k].type && !('unseen' in e) && Object.entries(play[k]).every(([f, v]) => !Array.isArray(v) || !Array.isArray(e[f]) || (e[f] as unknown[]).length === v.length));
    if (!whole && (entry.faces !== undefined || entry.entered !== undefined || entry.enteredAt !== undefined)) {
      problems.push(`${where}: entry ${entry.seq} shows its dice ${JSON.stringify(entry.faces)} though the viewer did not see all of its step`);
    }
    for (const e of events) {
      for (const field of (e.unseen as string[] | undefined) ?? []) {
        for (const drop of STRIKER_DROPS[String(e.type)]?.[field] ?? []) {
          if (at(e, drop) !== undefined) problems.push(`${where}: a ${e.type} with an unseen ${field} shows ${drop} ${JSON.stringify(at(e, drop))}`);
        }
        const damage = e.damage as { entries?: unknown[] } | undefined;
        if (field === 'attacker' && damage?.entries && damage.entries.length > 0) problems.push(`${where}: an AD&D blow by an unseen attacker shows its damage's parts`);
      }
    }
  }
  // 4: the GM's view is whole.
  const gmText = JSON.stringify(gmGot.map((g) => g.value));
  if (gmText.includes(UNSEEN)) problems.push(`the GM received "${UNSEEN}"`);
  const gmLog = gmGot.find((g) => g.where === 'GET log')?.value as Record<string, unknown>[];
  for (const e of log) {
    const v = gmLog.find((x) => x.seq === e.seq);
    if (!v) problems.push(`the GM's log lacks entry ${e.seq}`);
    else if (e.kind === 'command') {
      const shown = { command: v.command, faces: v.faces, events: v.events };
      if (JSON.stringify(shown) !== JSON.stringify({ command: e.body.command, faces: e.body.faces, events: e.body.events })) problems.push(`the GM's entry ${e.seq} is not the stored one`);
      if ((v.descriptions as unknown[]).length !== e.body.events.length) problems.push(`the GM's entry ${e.seq} narrates ${(v.descriptions as unknown[]).length} of ${e.body.events.length} events`);
    }
  }
  const gmView = gmGot.find((g) => g.where === 'GET encounter')?.value as { settings: unknown; view: { state: unknown } };
  if (JSON.stringify(gmView.view.state) !== JSON.stringify(room.state)) problems.push("the GM's state is not the room's");
  if (JSON.stringify(gmView.settings) !== JSON.stringify(settings)) problems.push("the GM's settings are not the encounter's");
  for (const h of hidden) if (!figureIds(gmView.view.state).includes(h)) problems.push(`the GM's state lacks ${h}`);
  return problems;
}

/** The cases of one example: a seed for its dice, the hidden figures, the viewer, the moves. */
function cases(name: string): fc.Arbitrary<Case> {
  const { scenario } = loadExample(name);
  const checked = checkScenario(scenario);
  const all = figureIds(checked.state);
  return fc.subarray(all, { minLength: 1 }).chain((hidden) => {
    const visible = all.filter((x) => !hidden.includes(x));
    const viewer: fc.Arbitrary<Viewer> =
      visible.length === 0
        ? fc.constant({ role: 'spectator', figures: [] })
        : fc.oneof(fc.constant<Viewer>({ role: 'spectator', figures: [] }), fc.subarray(visible, { minLength: 1 }).map((figures): Viewer => ({ role: 'player', figures })));
    return fc.record({
      seed: fc.nat(),
      hidden: fc.constant(hidden),
      alsoOwnHidden: fc.boolean(),
      viewer,
      hideEnemyStats: fc.boolean(),
      enteredDice: fc.constantFrom('off' as const, 'all' as const),
      moves: fc.array(fc.record({ kind: fc.constantFrom<Move['kind']>('ai', 'ai', 'own', 'poke', 'disarm'), pick: fc.nat(99) }), { minLength: 1, maxLength: 40, size: 'max' }),
    });
  });
}

describe('hidden figures: what a player or spectator receives [views.ts promises]', () => {
  for (const { name } of examples) {
    it(`${name}: random steps and dice, random hidden figures and viewer: no hidden id or name, no dice of a step not seen whole, no unseen striker's to-hit numbers; the GM sees all`, async () => {
      await fc.assert(
        fc.asyncProperty(cases(name), async (c) => {
          const problems = await audit(name, c);
          expect(problems.slice(0, 10), JSON.stringify({ example: name, ...c })).toEqual([]);
        }),
        fuzzParams(2),
      );
    });
  }
});
