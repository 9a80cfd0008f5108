// The table server's wire protocol: every HTTP request/response body and every WebSocket
// message, as zod schemas with their TypeScript types. The web app (web/**), scripts and the
// server itself all import from here, so the two sides cannot drift apart.
//
// Stability: fields are only ever ADDED (optional) here, never renamed or removed.
//
// Conventions
// - Sequence numbers: every entry of an encounter's log has a `seq` (1, 2, 3...); seq 0 is the
//   start state built from the scenario. The log is append-only: a GM rewind is itself an entry
//   (`kind: 'rewind'`) that moves the encounter back to the state after an earlier entry.
// - Tokens: `Authorization: Bearer <token>` on HTTP (or `?token=` for links); on the WebSocket
//   the token travels in the `hello` message (browsers cannot set headers on a WebSocket).
// - Errors: HTTP errors answer `ErrorBody` with a status (400 invalid, 401 unauthorized,
//   403 forbidden, 404 not-found, 409 conflict, 413 too-large, 422 rejected); WebSocket errors
//   answer `rejected` (a command or request refused; the connection stays open) or `error`
//   (a malformed message; the connection stays open too).
// - Views: the server filters what the GM marks hidden out of every state, event, summary and
//   explain report it sends to players and spectators (src/server/views.ts, one place).
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Who holds a token: the game master, a player seat (bound to figures), or a spectator. */
export const Role = z.enum(['gm', 'player', 'spectator']);
export type Role = z.infer<typeof Role>;

/** One problem with an input: where (dotted path) and why (plain words). Same as core/errors Issue. */
export const Issue = z.object({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof Issue>;

export const ErrorCode = z.enum([
  'invalid', // malformed request or message (bad JSON, wrong types, unknown message type)
  'unauthorized', // no token, a forged token, or a revoked one
  'forbidden', // the token is valid but its role may not do this (a player's command for another's figure)
  'not-found', // no such encounter / token / example
  'conflict', // the encounter moved on (expectSeq is stale) or a concurrent write won
  'rejected', // the command is well formed but not legal now (CommandRejected from the engine)
  'too-large', // the request or message exceeds the size limit
  'internal', // a server fault (logged)
  'unavailable', // the database cannot be reached now (stopped, restarting): try again later
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The `unavailable` answer's message, the database's reason (its driver's words) in it (errors.ts). */
export const unavailableMessage = (reason: string): string => `the database is unavailable (${reason}); try again once it is back`;
/** The database's reason in an `unavailable` answer's message; null for another message. */
export function unavailableReasonOf(message: string): string | null {
  const m = /^the database is unavailable \((.*)\); try again once it is back$/s.exec(message);
  return m ? m[1] : null;
}

/** Body of every HTTP error response. */
export const ErrorBody = z.object({
  error: ErrorCode,
  message: z.string(),
  issues: z.array(Issue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A note the GM keeps on the encounter or on one figure; hidden notes only the GM sees. */
export const Note = z.object({
  id: z.string().min(1).max(64),
  text: z.string().max(10_000),
  figure: z.string().optional(),
  hidden: z.boolean().default(false),
});
export type Note = z.infer<typeof Note>;

/** What the GM controls about an encounter (PATCH /api/encounters/:id/settings). */
const settingsFields = {
  /** Who may send physical dice faces with a command: nobody, the GM only, or everyone. */
  enteredDice: z.enum(['off', 'gm', 'all']),
  /** Figures only the GM sees (ambushers, the lurking troll). */
  hiddenFigures: z.array(z.string()),
  /** Hide ST, wounds, fatigue and hp of figures not on the viewer's side. */
  hideEnemyStats: z.boolean(),
  notes: z.array(Note),
  /**
   * The special criticals (R-A10) the GM has handled (an effect applied, noted, or the prompt
   * dismissed), by their key `seq:event` (web/src/model/special.ts): every GM view stops asking.
   * The GM's only (players and spectators get none).
   */
  handledSpecials: z.array(z.string().regex(/^\d{1,9}:\d{1,4}$/, 'a special critical is named `step:event`, e.g. "12:0"')).max(10_000),
};
/** The settings, each field left out at its start value. */
export const EncounterSettings = z.object({
  enteredDice: settingsFields.enteredDice.default('off'),
  hiddenFigures: settingsFields.hiddenFigures.default([]),
  hideEnemyStats: settingsFields.hideEnemyStats.default(false),
  notes: settingsFields.notes.default([]),
  /** Absent: none handled (and settings stored before it existed). */
  handledSpecials: settingsFields.handledSpecials.optional(),
});
export type EncounterSettings = z.infer<typeof EncounterSettings>;
/**
 * A change of settings: a field left out stays as it is. Not EncounterSettings.partial(): zod 4
 * fills a partial's defaulted fields in, so `{notes}` reset the hidden figures and the dice.
 */
export const SettingsPatch = z.object(settingsFields).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
/**
 * PATCH /api/encounters/:id/settings: the fields to change and, in `expect`, the values this
 * client last saw of the fields it changes (compare-and-set per field, as `expectSeq` is for the
 * log): when one of them changed meanwhile (another GM window saved it) the server answers 409
 * `conflict` naming it (`expect.notes`) and stores nothing. A field left out of `expect` is
 * written whatever it holds (the last change wins).
 */
export const SettingsRequest = SettingsPatch.extend({ expect: SettingsPatch.strict().optional() });
export type SettingsRequest = z.infer<typeof SettingsRequest>;

/** An encounter's public metadata (lists, headers). */
export const EncounterInfo = z.object({
  id: z.string(),
  name: z.string(),
  /** The game system id ("tft", "adnd"). */
  system: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The last log entry's sequence number (0: nothing played yet). */
  seq: z.number().int(),
  /** True when the engine has no pending decision (the fight is over). */
  over: z.boolean(),
  /** The winning side's id (null: no winner, or not over). */
  winner: z.string().nullable(),
  /** The winning side by the scenario's name; null when no winner or the side has no name (show `winner`). */
  winnerName: z.string().nullable(),
});
export type EncounterInfo = z.infer<typeof EncounterInfo>;

/** Who wrote a log entry (no secrets: the token's id and role, not the token). */
export const Author = z.object({ role: Role, tokenId: z.string().nullable() });
export type Author = z.infer<typeof Author>;

/**
 * One log entry as sent to a client. `command` entries carry the engine command, every die face
 * it consumed (so replay is exact), the events it produced and a narration line per event;
 * `rewind` entries carry the sequence number whose state the encounter returned to.
 */
export const LogEntryView = z.object({
  seq: z.number().int(),
  kind: z.enum(['command', 'rewind']),
  at: z.string(),
  by: Author,
  command: z.unknown().optional(),
  faces: z.array(z.number().int()).optional(),
  /** Whether the faces were entered by hand (physical dice) rather than rolled by the server. */
  entered: z.boolean().optional(),
  /**
   * When a player entered the faces of its own figures' rolls and the server rolled the others:
   * the positions in `faces` entered by hand (absent when all or none were).
   */
  enteredAt: z.array(z.number().int()).optional(),
  events: z.array(z.record(z.string(), z.unknown())).optional(),
  /** system.describe(event) for each event, same order. */
  descriptions: z.array(z.string()).optional(),
  /** For rewind entries: the encounter is back at the state after entry `to` (0: the start). */
  to: z.number().int().optional(),
});
export type LogEntryView = z.infer<typeof LogEntryView>;

/** The engine's `Pending` (who must decide now). */
export const PendingView = z.object({ figures: z.array(z.string()), kind: z.string() });

/** The live state of an encounter at `seq`, filtered for the viewer. */
export const StateView = z.object({
  seq: z.number().int(),
  /** The system's state (shape owned by the system, e.g. src/rules/tft/model.ts), filtered. */
  state: z.unknown(),
  pending: PendingView.nullable(),
  /** The system's summary (winner, turns, figures with their end states), filtered. */
  summary: z.record(z.string(), z.unknown()),
  over: z.boolean(),
});
export type StateView = z.infer<typeof StateView>;

/** Everything a client needs to draw an encounter, for one token. */
export const EncounterView = z.object({
  encounter: EncounterInfo,
  role: Role,
  /** The figures this token commands (player seats); empty for spectators; all for the GM. */
  figures: z.array(z.string()),
  /** Settings; for non-GM roles hidden notes and hidden figure ids are removed. */
  settings: EncounterSettings,
  view: StateView,
});
export type EncounterView = z.infer<typeof EncounterView>;

/** A token as the GM sees it in listings (never the secret itself). */
export const TokenInfo = z.object({
  id: z.string(),
  role: Role,
  figures: z.array(z.string()),
  label: z.string(),
  createdAt: z.string(),
  revoked: z.boolean(),
});
export type TokenInfo = z.infer<typeof TokenInfo>;

/**
 * A newly issued token. `token` is the secret: it is shown once and stored only hashed.
 * `link` is a relative URL for the web app that carries the token in the fragment
 * (`/table/<encounterId>#token=<token>`), so it never reaches server logs.
 */
export const IssuedToken = TokenInfo.extend({ token: z.string(), link: z.string() });
export type IssuedToken = z.infer<typeof IssuedToken>;

// ---------------------------------------------------------------------------------------------
// HTTP API (all under /api; JSON bodies; size limit 1 MiB)

/**
 * GET /api/health (no token) -> 200 { ok: true, storage: "sqlite" | "postgres" } once the
 * database answered, else 503 { ok: false, storage, message } saying why.
 */
export const HealthResponse = z.object({ ok: z.boolean(), storage: z.string(), message: z.string().optional() });

/** GET /api/examples -> the example scenarios (no token: public data shipped with Fray). */
export const ExampleInfo = z.object({ name: z.string(), system: z.string(), title: z.string() });
export const ExamplesResponse = z.object({ examples: z.array(ExampleInfo) });
export type ExamplesResponse = z.infer<typeof ExamplesResponse>;

/**
 * The longest name anything gets, in characters: an encounter's `name`, a scenario's `name`, a
 * figure's id or name in a scenario (src/server/checks.ts), a token's label and figures.
 */
export const MAX_NAME = 200;

/** The NUL character, which a text column of PostgreSQL cannot hold (names and labels are stored as such). */
export const NO_NUL = { check: (s: string) => !s.includes('\u0000'), message: 'may not contain the NUL character (\\u0000)' } as const;

/**
 * POST /api/encounters (no token: anyone may open a table) -> CreateEncounterResponse.
 * Exactly one of `example` (a name from GET /api/examples, e.g. "tft/duel"), `scenario`
 * (YAML or JSON text, or an already-parsed object).
 */
export const CreateEncounterRequest = z
  .object({
    name: z.string().min(1).max(MAX_NAME).refine(NO_NUL.check, NO_NUL.message).optional(),
    example: z.string().min(1).max(MAX_NAME).optional(),
    scenario: z.union([z.string().max(1_000_000), z.record(z.string(), z.unknown())]).optional(),
    settings: SettingsPatch.optional(),
  })
  .strict();
export type CreateEncounterRequest = z.infer<typeof CreateEncounterRequest>;

export const CreateEncounterResponse = z.object({
  encounter: EncounterInfo,
  /** The GM's token (role gm): keep it, it is shown only once. */
  gm: IssuedToken,
});
export type CreateEncounterResponse = z.infer<typeof CreateEncounterResponse>;

/**
 * GET /api/encounters -> the encounters the presented tokens open, each with the role it
 * gives. Tokens: `Authorization: Bearer <t>` and/or `X-Fray-Tokens: t1,t2,...` (up to 100).
 */
export const ListEncountersResponse = z.object({
  encounters: z.array(EncounterInfo.extend({ role: Role })),
});
export type ListEncountersResponse = z.infer<typeof ListEncountersResponse>;

/** GET /api/encounters/:id -> EncounterView (any role). */
export const GetEncounterResponse = EncounterView;

/** GET /api/encounters/:id/log?from=N -> entries with seq > N (default 0), filtered. */
export const LogQuery = z.object({ from: z.coerce.number().int().min(0).default(0) });
export const LogResponse = z.object({ seq: z.number().int(), entries: z.array(LogEntryView) });
export type LogResponse = z.infer<typeof LogResponse>;

/**
 * GET /api/encounters/:id/export?format=json|markdown
 * json (GM only): the full record, replayable with src/engine/encounter.ts (`commands` is the
 * effective line of play after rewinds; `log` is every entry including rewinds).
 * markdown (any role, filtered): a fight report for play-by-post (text/markdown).
 */
export const ExportQuery = z.object({ format: z.enum(['json', 'markdown']).default('json') });
export const ExportJson = z.object({
  format: z.literal('fray-encounter'),
  version: z.literal(1),
  encounter: EncounterInfo,
  system: z.string(),
  scenario: z.unknown(),
  settings: EncounterSettings,
  commands: z.array(z.object({ command: z.unknown(), faces: z.array(z.number().int()) })),
  log: z.array(LogEntryView),
});
export type ExportJson = z.infer<typeof ExportJson>;

/** GET /api/encounters/:id/explain -> the system's explain(state), filtered for the role. */
export const ExplainResponse = z.object({
  seq: z.number().int(),
  report: z.record(z.string(), z.unknown()),
});
export type ExplainResponse = z.infer<typeof ExplainResponse>;

/**
 * How a command's dice are rolled. Omitted: the server rolls them (never trusted from a
 * client). `faces`: physical dice entered by hand, in the order the engine asks for them; only
 * where settings.enteredDice allows this role. When the faces run out the server answers
 * `dice-needed` (which die, its index) and the client sends the command again with one more face.
 */
export const CommandRequest = z
  .object({
    command: z.unknown(),
    /** Refuse with `conflict` unless the encounter is still at this seq (optimistic concurrency). */
    expectSeq: z.number().int().min(0).optional(),
    faces: z.array(z.number().int().min(1).max(1000)).max(200).optional(),
  })
  .strict();
export type CommandRequest = z.infer<typeof CommandRequest>;

/**
 * What a requested die is for (the engine says what a roll was only after rolling, so the server
 * plays the command on a copy to find out; src/server/rolls.ts). `text` is for people:
 * "Bjorn's attack roll, die 2 of 3 (d6)". `figure`: whose action the roll belongs to (null: a
 * side's or nobody's, e.g. initiative); `event`: the engine event that reports it; `die`: this
 * die's place in the roll the text names (the whole event's, or one of the rolls an event that
 * reports several is split into: "Minotaur's critical confirmation (d20)"); `of`: that roll's
 * dice, or null when that depends on faces not known yet (a hit adds damage dice).
 */
export const RollInfo = z.object({
  figure: z.string().nullable(),
  event: z.string().nullable(),
  die: z.number().int(),
  of: z.number().int().nullable(),
  sides: z.number().int(),
  text: z.string(),
});
export type RollInfo = z.infer<typeof RollInfo>;

/** POST /api/encounters/:id/commands -> CommandResult (rejections are HTTP errors, ErrorBody). */
export const CommandResult = z.discriminatedUnion('type', [
  z.object({ type: z.literal('accepted'), seq: z.number().int(), entry: LogEntryView, view: StateView }),
  z.object({ type: z.literal('dice-needed'), sides: z.number().int(), index: z.number().int(), roll: RollInfo }),
]);
export type CommandResult = z.infer<typeof CommandResult>;

/** POST /api/encounters/:id/rewind (GM only) -> { seq, view }: back to the state after entry `to`. */
export const RewindRequest = z
  .object({
    to: z.number().int().min(0),
    /** Refuse with `conflict` unless the encounter is still at this seq (as a command's). */
    expectSeq: z.number().int().min(0).optional(),
  })
  .strict();
export type RewindRequest = z.infer<typeof RewindRequest>;
export const RewindResponse = z.object({ seq: z.number().int(), entry: LogEntryView, view: StateView });
export type RewindResponse = z.infer<typeof RewindResponse>;

/** PATCH /api/encounters/:id/settings (GM only) -> { settings }. */
export const SettingsResponse = z.object({ settings: EncounterSettings });

/** DELETE /api/encounters/:id (GM only) -> 204; open sockets get `bye` and close. */

/** POST /api/encounters/:id/tokens (GM only) -> IssuedToken. Players need >= 1 figure. */
export const IssueTokenRequest = z
  .object({
    role: Role,
    figures: z.array(z.string().min(1).max(MAX_NAME)).max(100).default([]),
    label: z.string().max(MAX_NAME).refine(NO_NUL.check, NO_NUL.message).default(''),
  })
  .strict();
export type IssueTokenRequest = z.infer<typeof IssueTokenRequest>;

/** GET /api/encounters/:id/tokens (GM only) -> { tokens }. */
export const TokensResponse = z.object({ tokens: z.array(TokenInfo) });

/** DELETE /api/encounters/:id/tokens/:tokenId (GM only) -> 204; that token's sockets close. */

// ---------------------------------------------------------------------------------------------
// WebSocket: GET /api/ws (upgrade). Text frames of JSON, one message each, 64 KiB at most.
// The first message must be `hello`; until `welcome` arrives nothing else is accepted.

/** Client -> server. `id` (client-chosen, echoed in the answer) ties answers to requests. */
export const ClientMessage = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('hello'),
      encounterId: z.string().min(1).max(100),
      token: z.string().min(1).max(200),
      /** The last seq this client saw: the welcome then carries every entry after it (catch-up). */
      lastSeq: z.number().int().min(0).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('command'),
      id: z.string().min(1).max(100),
      command: z.unknown(),
      expectSeq: z.number().int().min(0).optional(),
      faces: z.array(z.number().int().min(1).max(1000)).max(200).optional(),
    })
    .strict(),
  /** Ask for the system's explain(state) now. */
  z.object({ type: z.literal('explain'), id: z.string().min(1).max(100) }).strict(),
  /** Ask for every entry after lastSeq (answered with one `step` per entry, in order). */
  z.object({ type: z.literal('sync'), lastSeq: z.number().int().min(0) }).strict(),
  /** GM only: rewind to the state after entry `to`. */
  z.object({ type: z.literal('rewind'), id: z.string().min(1).max(100), to: z.number().int().min(0), expectSeq: z.number().int().min(0).optional() }).strict(),
  z.object({ type: z.literal('ping'), id: z.string().max(100).optional() }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** Server -> client. */
export const ServerMessage = z.discriminatedUnion('type', [
  /** Answer to hello: who you are, the current view, and the entries you missed (after lastSeq). */
  z.object({
    type: z.literal('welcome'),
    tokenId: z.string(),
    encounter: EncounterView,
    missed: z.array(LogEntryView),
  }),
  /** A new log entry (a command applied, or a rewind), broadcast to everyone, with the new view. */
  z.object({ type: z.literal('step'), entry: LogEntryView, view: StateView }),
  /** Your command `id` was applied and stored as entry `seq` (the `step` broadcast follows). */
  z.object({ type: z.literal('ack'), id: z.string(), seq: z.number().int() }),
  /** Your command or request `id` was refused; nothing changed. */
  z.object({
    type: z.literal('rejected'),
    id: z.string(),
    code: ErrorCode,
    message: z.string(),
    issues: z.array(Issue),
  }),
  /** Your command `id` needs one more physical die: a d`sides`, sent as `faces[index]`; `roll` says what it is for. */
  z.object({ type: z.literal('dice-needed'), id: z.string(), sides: z.number().int(), index: z.number().int(), roll: RollInfo }),
  z.object({ type: z.literal('explain'), id: z.string(), seq: z.number().int(), report: z.record(z.string(), z.unknown()) }),
  /** The GM changed the settings (filtered for your role); your view follows as `view`. */
  z.object({ type: z.literal('settings'), settings: EncounterSettings, view: StateView }),
  /** A message that could not be understood (bad JSON, unknown type, wrong fields, too large). */
  z.object({
    type: z.literal('error'),
    code: ErrorCode,
    message: z.string(),
    issues: z.array(Issue).optional(),
  }),
  z.object({ type: z.literal('pong'), id: z.string().optional() }),
  /** The server is closing this socket: token revoked, encounter deleted, or shutting down. */
  z.object({ type: z.literal('bye'), reason: z.enum(['revoked', 'deleted', 'shutdown']) }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** The WebSocket message size limit in bytes (larger frames get `error` too-large). */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** The HTTP body size limit in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;
