// A live encounter in memory: its state at the head of the log, the sessions watching it, and
// the one queue through which every change passes (commands, rewinds, catching up with entries
// other processes appended), so a room never interleaves two changes.
//
// A command's path: token checked -> no deeper than any command -> a player's aliases for hidden
// figures' weapons read back, their real uids named nothing (views.ts commandFromViewer) ->
// parsed by the system -> the sender may send it (rights.ts:
// a player only for its own figures, never the GM's steps) -> applied to a clone with server
// dice, or entered faces (the GM's for every die; a player's for its own figures' rolls only,
// rolls.ts telling whose each die is) -> appended to the log with compare-and-set ->
// acknowledged -> broadcast (each session gets its own filtered view).
// A lost compare-and-set (another process appended first) catches up and tries again.
import { DiceExhausted, type DiceSource, RecordingDice, ScriptedDice, SeededDice } from '../core/dice/source.ts';
import { seedRng } from '../core/rng.ts';
import { type DisplayNames, displayNames, nameOf, sideNameOf } from '../engine/names.ts';
import type { GameEvent, GameSystem } from '../engine/types.ts';
import { ApiError, forbidden, invalid, toApiError } from './errors.ts';
import { checkCommandRights, checkEnteredDice } from './rights.ts';
import { type RollInfo, rollInfo, rollOwner } from './rolls.ts';
import { checkNesting } from './scenario-text.ts';
import type {
  EncounterInfo,
  EncounterSettings,
  EncounterView,
  LogEntryView,
  ServerMessage,
  StateView,
} from './protocol.ts';
import { type EncounterRow, type ListingMeta, type LogEntry, SeqConflict, type Storage, type TokenRow } from './storage/storage.ts';
import { ServerDice } from './tokens.ts';
import {
  type Viewer,
  backFromStandIns,
  commandFromViewer,
  figureIds,
  figureList,
  viewCommandEntry,
  viewExplain,
  viewRefusal,
  viewSettings,
  viewSideName,
  viewState,
  viewValue,
  viewerKey,
  withViewerScripts,
} from './views.ts';

/** Store a snapshot every this many log entries (default): loading replays at most this many. */
export const SNAPSHOT_EVERY = 50;

export interface RoomOptions {
  dice?: DiceFactory;
  snapshotEvery?: number;
}
const MAX_CAS_TRIES = 8;
/** More dice than any step could draw (a guard against an engine that never stops rolling). */
const MAX_STEP_DICE = 10_000;

/** A connected client (a WebSocket, in practice). */
export interface Session {
  viewer: Viewer;
  tokenId: string;
  send(msg: ServerMessage): void;
  /** The same message already serialized (a broadcast serializes once per kind of viewer). */
  sendText(json: string): void;
  close(reason: 'revoked' | 'deleted' | 'shutdown'): void;
}

export interface CommandInput {
  command: unknown;
  expectSeq?: number;
  faces?: number[];
}

export type CommandOutcome = { type: 'accepted'; seq: number; entry: LogEntry } | DiceNeeded;

/** One more die is needed: a d`sides`, to be sent as `faces[index]`; `roll` says what it is for. */
export interface DiceNeeded {
  type: 'dice-needed';
  sides: number;
  index: number;
  roll: RollInfo;
}

/** A command applied to a clone, ready to store. */
interface Prepared {
  type: 'ready';
  command: unknown;
  state: unknown;
  faces: number[];
  /** Whether any face was entered by hand. */
  entered: boolean;
  /** When some faces were entered and the server rolled others: the positions entered. */
  enteredAt: number[] | null;
  events: Record<string, unknown>[];
}

export interface RoomLogger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

// biome-ignore lint/suspicious/noExplicitAny: a room serves any system
export type AnySystem = GameSystem<any, any, any>;
/** Finds a system by id (the registry's getSystem; tests may pass their own). */
export type SystemLookup = (id: unknown) => AnySystem;
/** Where the dice of log entry `seq` come from; default: ServerDice (the OS CSPRNG). */
export type DiceFactory = (encounterId: string, seq: number) => DiceSource;
export const serverDice: DiceFactory = () => new ServerDice();

export class Room {
  readonly sessions = new Set<Session>();
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The server is shutting down: nothing more is applied (see Hub.shutdown). */
  private stopped = false;

  private constructor(
    private readonly storage: Storage,
    private readonly log: RoomLogger,
    private readonly diceFor: DiceFactory,
    private readonly snapshotEvery: number,
    readonly system: AnySystem,
    public row: EncounterRow,
    public state: unknown,
    /** The last log entry folded in. */
    public seq: number,
    /** The command seqs on the line of play: replaying them from the start gives `state`. */
    public line: number[],
  ) {}

  /** Loads an encounter: the latest snapshot, then every entry after it. */
  static async load(
    storage: Storage,
    log: RoomLogger,
    row: EncounterRow,
    getSystem: SystemLookup,
    opts: RoomOptions = {},
  ): Promise<Room> {
    const system = getSystem(row.system);
    const snap = await storage.latestSnapshot(row.id);
    const dice = opts.dice ?? serverDice;
    const every = opts.snapshotEvery ?? SNAPSHOT_EVERY;
    const room = snap
      ? new Room(storage, log, dice, every, system, row, snap.state, snap.seq, [...snap.line])
      : new Room(storage, log, dice, every, system, row, system.setup(row.scenario), 0, []);
    for (const entry of await storage.readLog(row.id, room.seq)) await room.fold(entry);
    return room;
  }

  get id(): string {
    return this.row.id;
  }
  get settings(): EncounterSettings {
    return this.row.settings;
  }

  /** Runs `fn` after every change queued before it (one change at a time). */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.chain.then(fn);
    this.chain = p.catch(() => undefined);
    return p;
  }

  // --- folding log entries into the state ------------------------------------------------------

  private async fold(entry: LogEntry): Promise<void> {
    if (entry.seq !== this.seq + 1) throw new Error(`encounter ${this.id}: log gap at ${this.seq} -> ${entry.seq}`);
    if (entry.kind === 'command') {
      const next = this.system.clone(this.state);
      const dice = new ScriptedDice(entry.body.faces);
      this.system.apply(next, entry.body.command, dice, discard);
      this.state = next;
      this.line.push(entry.seq);
    } else {
      const { state, line } = await this.stateAt(entry.body.to);
      this.state = state;
      this.line = line;
    }
    this.seq = entry.seq;
    this.touchRow(entry.at);
  }

  private touchRow(at: string): void {
    this.row = { ...this.row, seq: this.seq, updatedAt: at, ...this.metaOf(this.state) };
  }

  /**
   * The state after log entry `to` on the current line (0: the start), rebuilt from the best
   * snapshot on that line plus the commands after it.
   */
  private async stateAt(to: number): Promise<{ state: unknown; line: number[] }> {
    const cut = to === 0 ? 0 : this.line.indexOf(to) + 1;
    const line = this.line.slice(0, cut);
    let base: { state: unknown; k: number } = { state: this.system.setup(this.row.scenario), k: 0 };
    let bestLen = 0;
    for (const s of await this.storage.snapshotLines(this.id)) {
      if (s.line.length > bestLen && s.line.length <= line.length && s.line.every((x, i) => x === line[i])) {
        bestLen = s.line.length;
        const snap = await this.storage.getSnapshot(this.id, s.seq);
        if (snap) base = { state: snap.state, k: snap.line.length };
      }
    }
    const need = line.slice(base.k);
    if (need.length > 0) {
      const byseq = new Map((await this.storage.readLog(this.id, need[0] - 1, need[need.length - 1])).map((e) => [e.seq, e]));
      for (const s of need) {
        const e = byseq.get(s);
        if (e?.kind !== 'command') throw new Error(`encounter ${this.id}: line entry ${s} missing`);
        this.system.apply(base.state, e.body.command, new ScriptedDice(e.body.faces), discard);
      }
    }
    return { state: base.state, line };
  }

  /** Folds in every entry other processes appended since ours, and broadcasts them. */
  async catchUp(): Promise<void> {
    const row = await this.storage.getEncounter(this.id);
    if (!row) {
      this.closeAll('deleted');
      return;
    }
    const settingsChanged = JSON.stringify(row.settings) !== JSON.stringify(this.row.settings);
    this.row = { ...this.row, settings: row.settings, name: row.name };
    for (const entry of await this.storage.readLog(this.id, this.seq)) {
      await this.fold(entry);
      this.broadcast(entry);
    }
    if (settingsChanged) this.broadcastSettings();
  }

  // --- commands --------------------------------------------------------------------------------

  /** Applies a command from `token`'s holder. Throws ApiError when refused (nothing changes). */
  submit(token: TokenRow, input: CommandInput, onStored?: (seq: number) => void): Promise<CommandOutcome> {
    return this.run(() => this.submitNow(token, input, onStored));
  }

  private async submitNow(token: TokenRow, input: CommandInput, onStored?: (seq: number) => void): Promise<CommandOutcome> {
    if (this.closed) throw new ApiError('not-found', `encounter ${this.id} was deleted`);
    if (this.stopped) throw shuttingDown();
    if (token.role === 'spectator') throw forbidden('token', 'a spectator cannot send commands');
    if (input.faces !== undefined) checkEnteredDice(token.role, this.settings);
    for (let attempt = 0; ; attempt++) {
      this.checkExpected(input.expectSeq);
      const prepared = this.prepare(token, input);
      if (prepared.type === 'dice-needed') return prepared;
      const entry: Omit<LogEntry, 'seq'> = {
        kind: 'command',
        body: {
          command: prepared.command,
          faces: prepared.faces,
          entered: prepared.entered,
          ...(prepared.enteredAt ? { enteredAt: prepared.enteredAt } : {}),
          events: prepared.events,
        },
        role: token.role,
        tokenId: token.id,
        at: new Date().toISOString(),
      };
      const meta = this.metaOf(prepared.state);
      try {
        const seq = await this.storage.append(this.id, this.seq, entry, meta);
        const full = { ...entry, seq } as LogEntry;
        this.state = prepared.state;
        this.seq = seq;
        this.line.push(seq);
        this.touchRow(entry.at);
        onStored?.(seq); // the sender's ack goes out before the broadcast
        this.broadcast(full);
        await this.maybeSnapshot();
        return { type: 'accepted', seq, entry: full };
      } catch (e) {
        if (!(e instanceof SeqConflict) || attempt + 1 >= MAX_CAS_TRIES) throw e instanceof SeqConflict ? toConflict(e) : e;
        await this.catchUp(); // another process won this step: see what it did, then judge again
        if (this.closed) throw new ApiError('not-found', `encounter ${this.id} was deleted`);
      }
    }
  }

  /** Conflict unless the log is still at `expectSeq`, when the client pinned it (compare-and-set, as the storage's). */
  private checkExpected(expectSeq: number | undefined): void {
    if (expectSeq !== undefined && expectSeq !== this.seq) {
      throw new ApiError('conflict', `expectSeq: the encounter is at seq ${this.seq}, not ${expectSeq}`, [{ path: 'expectSeq', message: `the encounter is at seq ${this.seq}` }]);
    }
  }

  /** Validates and applies a command to a clone; nothing is stored or changed here. */
  private prepare(token: TokenRow, input: CommandInput): Prepared | DiceNeeded {
    // Deeper than any command (a bot's bug, or an attack): refused before anything walks it.
    try {
      checkNesting(input.command, 'command', 'command');
    } catch (e) {
      throw toApiError(e);
    }
    if (token.role === 'gm') return this.prepareChecked(token, this.parseAllowed(token, input.command), input.faces);
    const viewer: Viewer = { role: token.role, figures: token.figures };
    // The command in the engine's words: a weapon the sender reads by an alias (views.ts uidAliases) by its uid.
    const sent = commandFromViewer(input.command, this.state, this.settings, viewer);
    try {
      const command = this.parseAllowed(token, sent.command);
      // Both answers in the player's words: judgeAsUnseen's refusal may name the hidden figure
      // whose turn it is ("it is Goblin's action, not Bjorn's"); what it sent is echoed as sent.
      this.judgeAsUnseen(token, sent.command);
      return this.prepareChecked(token, command, input.faces);
    } catch (e) {
      throw e instanceof ApiError ? viewRefusal(e, this.state, this.settings, viewer, sent) : e;
    }
  }

  /** The command parsed by the system, if `token`'s holder may send it now (rights.ts). */
  private parseAllowed(token: TokenRow, raw: unknown): unknown {
    let command: unknown;
    try {
      command = this.system.parseCommand(raw);
    } catch (e) {
      throw prefixIssues(toApiError(e), 'command');
    }
    const pending = this.system.pending(this.state);
    // After the fight only the GM sends commands: what the engine keeps legal out of combat
    // (the Thread's 5 minutes run at once, R-T3); the engine refuses everything else.
    if (pending === null) {
      if (token.role !== 'gm') throw new ApiError('rejected', 'the encounter is over; what is left after the fight is the GM\'s', [{ path: 'command', message: 'the encounter is over' }]);
    } else checkCommandRights(token, command, pending, this.system.gmCommands);
    return command;
  }

  private prepareChecked(token: TokenRow, command: unknown, faces: number[] | undefined): Prepared | DiceNeeded {
    if (faces === undefined) {
      const dice = new RecordingDice(this.diceFor(this.id, this.seq + 1));
      const r = this.tryApply(command, dice, false);
      return { type: 'ready', command, ...r, faces: dice.faces, entered: false, enteredAt: null };
    }
    return token.role === 'gm' ? this.prepareEntered(token, command, faces) : this.preparePlayerEntered(token, command, faces);
  }

  /**
   * A figure hidden from the sender does not exist for it: a command naming one (a target, a
   * hex's occupant...) gets exactly the answer the engine gives for a figure that is not there,
   * with the name as sent, so no answer (accepted, dice-needed, "out of reach") tells a player
   * that a hidden figure is there, where, or what it is. Found by playing the command with the
   * hidden ids replaced by ids no figure has; when the engine takes that command the string was
   * no figure reference, and the command goes on as sent.
   */
  private judgeAsUnseen(token: TokenRow, raw: unknown): void {
    const own = new Set(token.figures);
    const hidden = new Set(this.settings.hiddenFigures.filter((id) => !own.has(id)));
    if (hidden.size === 0) return;
    const known = new Set(figureIds(this.state));
    const stand = new Map<string, string>();
    const swap = (v: unknown): unknown => {
      if (typeof v === 'string' && hidden.has(v)) {
        let s = stand.get(v);
        if (s === undefined) {
          s = `${UNSEEN}${stand.size}`;
          while (known.has(s)) s += '_';
          stand.set(v, s);
        }
        return s;
      }
      if (Array.isArray(v)) return v.map(swap);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
      return v;
    };
    const swapped = swap(raw);
    if (stand.size === 0) return;
    const standIns = new Map([...stand].map(([id, s]) => [s, id]));
    const back = (text: string) => backFromStandIns(text, standIns);
    try {
      const command = this.system.parseCommand(swapped);
      this.system.apply(this.system.clone(this.state), command, new SeededDice(seedRng(0)), discard);
    } catch (e) {
      const err = prefixIssues(toApiError(e), 'command');
      if (err.code === 'internal') return; // not an answer the sender would get: judged as sent
      throw new ApiError(err.code, back(err.message), err.issues.map((i) => ({ path: back(i.path), message: back(i.message) })));
    }
  }

  /** The GM's entered faces: every die of the command, in the order the engine asks. */
  private prepareEntered(token: TokenRow, command: unknown, faces: number[]): Prepared | DiceNeeded {
    const scripted = this.scriptedDice(faces);
    try {
      const r = this.tryApply(command, scripted, true);
      if (scripted.remaining > 0) throw invalid('faces', `${faces.length} faces entered but the command used ${scripted.consumed}`);
      // A command that rolled nothing (a move, a pass) was not played with physical dice, whatever was ticked.
      return { type: 'ready', command, ...r, faces: [...faces], entered: faces.length > 0, enteredAt: null };
    } catch (e) {
      if (!(e instanceof DiceExhausted)) throw e;
      return this.diceNeeded(token, command, faces, e.sides, faces.length);
    }
  }

  /**
   * A player's entered faces: only for the rolls of its own figures (rolls.ts says whose each
   * die is); every other die of the command is rolled by the server. The faces a player sends
   * are its own dice in order; `index` of a dice request counts those only.
   */
  private preparePlayerEntered(token: TokenRow, command: unknown, entered: number[]): Prepared | DiceNeeded {
    const server = this.diceFor(this.id, this.seq + 1);
    const faces: number[] = [];
    const enteredAt: number[] = [];
    for (;;) {
      try {
        const r = this.tryApply(command, new ScriptedDice(faces), true);
        if (enteredAt.length < entered.length) {
          throw invalid('faces', `${entered.length} faces entered but the command rolled ${enteredAt.length} for your figures (the server rolls the others' dice)`);
        }
        const some = enteredAt.length > 0;
        return { type: 'ready', command, ...r, faces, entered: some, enteredAt: some && enteredAt.length < faces.length ? enteredAt : null };
      } catch (e) {
        if (!(e instanceof DiceExhausted)) throw e;
        const owner = rollOwner(this.system, this.state, command, faces);
        if (owner !== null && token.figures.includes(owner)) {
          const k = enteredAt.length;
          if (k >= entered.length) return this.diceNeeded(token, command, faces, e.sides, k);
          if (entered[k] > e.sides) throw invalid(`faces[${k}]`, `face ${entered[k]} is impossible on a d${e.sides}`);
          enteredAt.push(faces.length);
          faces.push(entered[k]);
        } else faces.push(server.face(e.sides));
        if (faces.length > MAX_STEP_DICE) throw new Error(`a step of encounter ${this.id} drew more than ${MAX_STEP_DICE} dice`);
      }
    }
  }

  private scriptedDice(faces: number[]): ScriptedDice {
    try {
      return new ScriptedDice(faces);
    } catch (e) {
      throw invalid('faces', (e as Error).message);
    }
  }

  /** Applies `command` to a clone with `dice`; DiceExhausted passes through, other faults become ApiErrors. */
  private tryApply(command: unknown, dice: DiceSource, scripted: boolean): { state: unknown; events: Record<string, unknown>[] } {
    const next = this.system.clone(this.state);
    const events: Record<string, unknown>[] = [];
    const emit = (e: GameEvent) => events.push(e as unknown as Record<string, unknown>);
    try {
      this.system.apply(next, command, dice, emit);
    } catch (e) {
      if (e instanceof DiceExhausted) throw e;
      if (e instanceof RangeError && scripted) throw invalid('faces', e.message);
      const err = toApiError(e);
      if (err.code === 'internal') this.log.error({ err: e, encounter: this.id }, 'engine fault applying a command');
      throw prefixIssues(err, 'command');
    }
    return { state: next, events };
  }

  /** The dice request for die `known.length` of the command: its sides, the index to send, what it is for. */
  private diceNeeded(token: TokenRow, command: unknown, known: readonly number[], sides: number, index: number): DiceNeeded {
    // The figures by the names the sender's table shows (the log's names).
    const names = this.namesFor({ role: token.role, figures: token.figures });
    const roll = rollInfo(this.system, this.state, command, known, sides, (id) => nameOf(names, id));
    return { type: 'dice-needed', sides, index, roll };
  }

  /** The listing's view of a state: over when nothing is pending; the winner, by its side's name too. */
  private metaOf(state: unknown): ListingMeta {
    const winner = (this.system.summary(state) as { winner?: string | null }).winner ?? null;
    return { over: this.system.pending(state) === null, winner, winnerName: winner === null ? null : sideNameOf(state, winner) };
  }

  private async maybeSnapshot(): Promise<void> {
    if (this.seq % this.snapshotEvery !== 0) return;
    try {
      await this.storage.putSnapshot(this.id, { seq: this.seq, state: this.state, line: [...this.line] });
    } catch (e) {
      // A missing snapshot only costs replay time: never fail a stored command over it.
      this.log.warn({ err: e, encounter: this.id }, 'snapshot failed');
    }
  }

  /** GM only: back to the state after entry `to` (0: the start). Appends a rewind entry. */
  rewind(token: TokenRow, to: number, onStored?: (seq: number) => void, expectSeq?: number): Promise<LogEntry> {
    return this.run(async () => {
      if (this.closed) throw new ApiError('not-found', `encounter ${this.id} was deleted`);
      if (this.stopped) throw shuttingDown();
      if (token.role !== 'gm') throw forbidden('token', 'only the GM may rewind');
      for (let attempt = 0; ; attempt++) {
        // Pinned, a rewind undoes only what its sender saw: a command stored meanwhile is not undone with it.
        this.checkExpected(expectSeq);
        if (to !== 0 && !this.line.includes(to)) {
          throw invalid('to', `entry ${to} is not a command on the current line of play (${this.line.length} commands)`);
        }
        // Rewinding to where the encounter already is would only log a step that changes nothing.
        if (to === (this.line.at(-1) ?? 0)) {
          throw invalid('to', to === 0 ? 'nothing has been played since the start: there is nothing to rewind' : `entry ${to} is the latest step of the line of play: there is nothing to rewind`);
        }
        const { state, line } = await this.stateAt(to);
        const entry = { kind: 'rewind', body: { to }, role: token.role, tokenId: token.id, at: new Date().toISOString() } as const;
        try {
          const seq = await this.storage.append(this.id, this.seq, entry, this.metaOf(state));
          const full: LogEntry = { ...entry, seq };
          this.state = state;
          this.line = line;
          this.seq = seq;
          this.touchRow(entry.at);
          onStored?.(seq);
          this.broadcast(full);
          await this.maybeSnapshot();
          return full;
        } catch (e) {
          if (!(e instanceof SeqConflict) || attempt + 1 >= MAX_CAS_TRIES) throw e instanceof SeqConflict ? toConflict(e) : e;
          await this.catchUp();
        }
      }
    });
  }

  /**
   * GM only: the settings `change` makes of the stored ones (read and written at once, so a
   * change never builds on settings another process replaced), then every session gets its
   * filtered copy. `change` may throw (a stale `expect`): nothing is stored.
   */
  updateSettings(change: (stored: EncounterSettings) => EncounterSettings): Promise<EncounterSettings> {
    return this.run(async () => {
      if (this.closed) throw new ApiError('not-found', `encounter ${this.id} was deleted`);
      const settings = await this.storage.updateSettings(this.id, change, new Date().toISOString());
      if (!settings) throw new ApiError('not-found', `encounter ${this.id} was deleted`);
      this.row = { ...this.row, settings };
      this.broadcastSettings();
      return settings;
    });
  }

  // --- views -----------------------------------------------------------------------------------

  /** The encounter's listing, its winner's side's name as `viewer` may read it (the GM's: as stored). */
  info(viewer: Viewer = { role: 'gm', figures: [] }): EncounterInfo {
    const r = this.row;
    const winnerName = viewSideName(r.winnerName, this.state, this.settings, viewer);
    return { id: r.id, name: r.name, system: r.system, createdAt: r.createdAt, updatedAt: r.updatedAt, seq: r.seq, over: r.over, winner: r.winner, winnerName };
  }

  /** The state with the scripts this viewer may read (views.ts withViewerScripts): what its state view and explain are built from. */
  private scriptsFor(viewer: Viewer): unknown {
    return withViewerScripts(this.state, viewer, this.system.gmCommands ?? []);
  }

  stateView(viewer: Viewer): StateView {
    const s = this.settings;
    const pending = this.system.pending(this.state);
    return {
      seq: this.seq,
      state: viewState(this.scriptsFor(viewer), s, viewer),
      pending: pending ? viewValue(pending, this.state, s, viewer) : null,
      summary: viewValue(this.system.summary(this.state) as unknown as Record<string, unknown>, this.state, s, viewer),
      over: pending === null,
    };
  }

  encounterView(viewer: Viewer): EncounterView {
    return {
      encounter: this.info(viewer),
      role: viewer.role,
      figures: viewer.role === 'gm' ? figureIds(this.state) : [...viewer.figures],
      settings: viewSettings(this.settings, viewer),
      view: this.stateView(viewer),
    };
  }

  /**
   * The names narration and explain show this viewer for figures (engine/names.ts): built from
   * the figures it may see only, so a figure hidden from it neither shows nor turns a visible
   * namesake into "Orc (orc2)". Names are on the map anyway (visibility.ts keeps `name` even
   * where stats are hidden); figures never change names during a fight.
   */
  namesFor(viewer: Viewer): DisplayNames {
    const visible = new Set(viewValue(figureIds(this.state), this.state, this.settings, viewer));
    const figures = figureList(this.state).map((f) => f as { id?: unknown; name?: unknown });
    return displayNames(
      figures
        .filter((f): f is { id: string; name?: unknown } => typeof f?.id === 'string' && visible.has(f.id))
        .map((f) => ({ id: f.id, name: typeof f.name === 'string' ? f.name : undefined })),
    );
  }

  entryView(entry: LogEntry, viewer: Viewer, names: DisplayNames = this.namesFor(viewer)): LogEntryView {
    const base = { seq: entry.seq, kind: entry.kind, at: entry.at, by: { role: entry.role, tokenId: entry.tokenId } };
    if (entry.kind === 'rewind') return { ...base, to: entry.body.to };
    const shown = viewCommandEntry(entry.body, this.state, this.settings, viewer);
    return { ...base, ...shown, descriptions: shown.events.map((e) => this.describe(e, names)) };
  }

  describe(event: Record<string, unknown>, names?: DisplayNames): string {
    try {
      return this.system.describe(event as unknown as GameEvent, names);
    } catch {
      return String(event.type ?? 'event');
    }
  }

  /** explain(state) for a viewer, after every queued change. */
  explainNow(viewer: Viewer): Promise<{ seq: number; report: Record<string, unknown> }> {
    return this.run(async () => {
      const report = this.system.explain(this.scriptsFor(viewer), this.namesFor(viewer)) as unknown as Record<string, unknown>;
      return { seq: this.seq, report: viewExplain(report, this.state, this.settings, viewer) };
    });
  }

  /** Entries after `from` as this viewer sees them. */
  async entriesAfter(from: number, viewer: Viewer): Promise<LogEntryView[]> {
    // Nothing after the head; and a `from` beyond any seq never reaches the database (PostgreSQL's
    // integer column would refuse a number over 2^31 with an error instead of an empty answer).
    if (from >= this.seq) return [];
    const entries = await this.storage.readLog(this.id, from, this.seq);
    const names = this.namesFor(viewer);
    return entries.map((e) => this.entryView(e, viewer, names));
  }

  // --- sessions --------------------------------------------------------------------------------

  /** Adds a session and sends it the welcome (with the entries after lastSeq), in queue order. */
  join(session: Session, lastSeq: number | undefined): Promise<void> {
    return this.run(async () => {
      if (this.closed) throw new ApiError('not-found', `encounter ${this.id} was deleted`);
      if (this.stopped) throw shuttingDown();
      const missed = lastSeq === undefined || lastSeq >= this.seq ? [] : await this.entriesAfter(lastSeq, session.viewer);
      this.sessions.add(session);
      session.send({ type: 'welcome', tokenId: session.tokenId, encounter: this.encounterView(session.viewer), missed });
    });
  }

  leave(session: Session): void {
    this.sessions.delete(session);
  }

  /** Sends every session the new entry and view, filtered once per kind of viewer. */
  private broadcast(entry: LogEntry): void {
    const cache = new Map<string, string>();
    for (const s of this.sessions) {
      const key = viewerKey(s.viewer);
      let text = cache.get(key);
      if (text === undefined) {
        const msg: ServerMessage = { type: 'step', entry: this.entryView(entry, s.viewer), view: this.stateView(s.viewer) };
        text = JSON.stringify(msg);
        cache.set(key, text);
      }
      s.sendText(text);
    }
  }

  private broadcastSettings(): void {
    for (const s of this.sessions) s.send({ type: 'settings', settings: viewSettings(this.settings, s.viewer), view: this.stateView(s.viewer) });
  }

  /** Closes the sessions of one token (revoked). */
  closeToken(tokenId: string): void {
    for (const s of [...this.sessions]) {
      if (s.tokenId === tokenId) {
        this.sessions.delete(s);
        s.close('revoked');
      }
    }
  }

  /** Closes the sessions whose token was revoked or is gone (maybe by another process). */
  async closeRevoked(): Promise<void> {
    if (this.sessions.size === 0) return;
    const live = new Set((await this.storage.listTokens(this.id)).filter((t) => t.revokedAt === null).map((t) => t.id));
    for (const s of [...this.sessions]) {
      if (!live.has(s.tokenId)) {
        this.sessions.delete(s);
        s.close('revoked');
      }
    }
  }

  closeAll(reason: 'deleted' | 'shutdown'): void {
    if (reason === 'deleted') this.closed = true;
    else this.stopped = true;
    for (const s of [...this.sessions]) s.close(reason);
    this.sessions.clear();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

/**
 * Replays pass an emit that drops the events rather than null: a system may (wrongly) keep
 * different state when logging is off (AD&D counts emitted events in its state), and the state
 * a room rebuilds must equal the state it had live.
 */
const discard = () => {};

/**
 * The start of the ids that stand in for hidden figures in judgeAsUnseen: short (an engine
 * message that shortens a long id must not cut one) and printable (nor escape it).
 */
const UNSEEN = '\u2047unseen';

/** The answer to a change that arrives while the server shuts down (nothing is stored). */
export const shuttingDown = () => new ApiError('conflict', 'the server is shutting down; send it again once it is back');

function toConflict(e: SeqConflict): ApiError {
  return new ApiError('conflict', `the encounter changed while the command was stored (seq ${e.expected}); try again`);
}

function prefixIssues(e: ApiError, prefix: string): ApiError {
  if (e.issues.length === 0) return e;
  const issues = e.issues.map((i) => ({
    path: i.path === prefix || i.path.startsWith(`${prefix}.`) || i.path.startsWith(`${prefix}[`) ? i.path : i.path ? `${prefix}.${i.path}` : prefix,
    message: i.message,
  }));
  return new ApiError(e.code, e.message, issues);
}

