// The table: one encounter, live. The map (TFT) or the segment timeline (AD&D), the action
// panel with ledgers and odds for the figure whose turn it is, status, log, sharing. Commands
// go over the WebSocket; the server applies them and broadcasts the step to every page.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Hex, directionTo, hexKey } from '../../src/core/hex/coords.ts';
import { ring } from '../../src/core/hex/rings.ts';
import { getSystem } from '../../src/rules/index.ts';
import { Header } from './App.tsx';
import { ApiError, type EncounterView, type LiveStatus, LiveTable, type LogEntryView, type StateView, api } from './api/client.ts';
import { keepHandled } from './api/specials.ts';
import { forgetToken, holdToken } from './api/tokens.ts';
import { type Highlight, HexMap } from './map/HexMap.tsx';
import { sideColorsOf } from './map/sides.ts';
import { adjacentArcs, hexesAround, rectangleHexes } from './map/geometry.ts';
import { reconnectingWords } from './model/connection.ts';
import { entryWords, logEntry, mergeEntries, rewindConflictText, trayGroups, trayLabel, trayWords, undoTarget } from './model/log.ts';
import { type Reach, actionsAfterMove, movePreview } from './model/move.ts';
import { type CommandContext, buildCommand, expandOptions } from './model/commands.ts';
import { type OptionView, groupOptions, optionsOf, targetMarks } from './model/options.ts';
import { type SpecialCritical, specialCriticals, specialNote, specialReason } from './model/special.ts';
import { threadViews } from './model/thread.ts';
import { isFallen, pendingOf, resultWords, selectionFor, whoseTurn } from './model/turn.ts';
import { type Obj, asHex, clockView, distinctNames, explainedById, figureNames, figureViews, isObj, mapShape, markEngaged, sideName } from './model/view.ts';
import { Actions, INITIATIVE_KEYS, InitiativeChoice, declaredOf, notNowOf } from './panels/Actions.tsx';
import { type DiceFor, type DiceGroup, DicePrompt, DiceTray } from './panels/Dice.tsx';
import { DyingLines } from './panels/Dying.tsx';
import { Follow } from './panels/Follow.tsx';
import { Log } from './panels/Log.tsx';
import { Segments } from './panels/Segments.tsx';
import { Key } from './panels/Key.tsx';
import { Share } from './panels/Share.tsx';
import { Shortcuts } from './panels/Shortcuts.tsx';
import { SpecialPrompt } from './panels/Special.tsx';
import { Status } from './panels/Status.tsx';
import type { AdjustResult } from './panels/Adjust.tsx';
import { gmEndReason } from './panels/EndFight.tsx';
import { RefusalText } from './panels/Refusal.tsx';
import { TabList, tabId } from './Tabs.tsx';


type Tab = 'actions' | 'status' | 'log' | 'share';
// What a control does beyond its name: its tooltip for the mouse, its description for a screen reader.
const PHYSICAL_WHY = 'Type in the faces of real dice when the engine needs them';
const AUTO_PLAY_WHY = "The scenario's script if it has a command for this point, else the AI";
const UNDO_WHY = 'Rewind one step';
// Why the GM's commands that go over the socket wait (the rewind goes over HTTP and does not).
const OFFLINE_WHY = 'Not connected to the table: wait until it reconnects';
interface Toast {
  id: number;
  text: string;
  issues: { path: string; message: string }[];
}

export function Table({ encounterId, token, onLeave }: { encounterId: string; token: string; onLeave(): void }) {
  const [ev, setEv] = useState<EncounterView | null>(null);
  const [view, setView] = useState<StateView | null>(null);
  const [log, setLog] = useState<LogEntryView[]>([]);
  const [report, setReport] = useState<{ seq: number; report: Obj } | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [statusDetail, setStatusDetail] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('actions');
  const [dice, setDice] = useState<{ groups: DiceGroup[]; stamp: number; label: string }>({ groups: [], stamp: 0, label: '' });
  const [physical, setPhysical] = useState(false);
  const [prompt, setPrompt] = useState<{ sides: number; index: number; what: DiceFor; resolve(f: number): void; reject(): void } | null>(null);
  const [armed, setArmed] = useState<OptionView | null>(null);
  const [chosen, setChosen] = useState<Reach | null>(null);
  const [facing, setFacing] = useState<number | null>(null);
  const [megahexes, setMegahexes] = useState<boolean | null>(null);
  const [hover, setHover] = useState<Hex | null>(null);
  const [help, setHelp] = useState(false);
  // The latest step that came live (not the history loaded on joining): said in the live region.
  const [lastStep, setLastStep] = useState<LogEntryView | null>(null);
  const [busy, setBusy] = useState(false);
  // The special criticals (R-A10) this page marked handled, gone from its prompts before the
  // server's settings say so (api/specials.ts), and the Adjust form or note asked for from one (panels/Special.tsx).
  const [marking, setMarking] = useState<ReadonlySet<string>>(() => new Set());
  const [adjustAsk, setAdjustAsk] = useState<{ key: string; figure: string; reason: string; stamp: number } | null>(null);
  const [noteAsk, setNoteAsk] = useState<{ key: string; figure: string; text: string; stamp: number } | null>(null);
  const live = useRef<LiveTable | null>(null);
  // A command on its way: set at once (busy is state and lags a render), so a double click or a
  // repeated Enter sends one command, not a second that the server rejects.
  const sending = useRef(false);
  const toastId = useRef(1);

  const pushError = useCallback((e: unknown) => {
    const err = e instanceof ApiError ? e : new ApiError('internal', e instanceof Error ? e.message : String(e));
    const id = toastId.current++;
    // No timer: a refusal stays until dismissed (its button, Escape); it covers no control (styles.css).
    setToasts((t) => [...t.slice(-3), { id, text: err.message, issues: err.issues }]);
  }, []);

  // Stable: panels that load data must not reload because the table re-rendered (Share).
  const shareError = useCallback((m: string) => pushError(new ApiError('invalid', m)), [pushError]);

  const refreshExplain = useCallback(() => {
    api
      .explain(encounterId, token)
      .then((r) => setReport((old) => (old && old.seq > r.seq ? old : { seq: r.seq, report: r.report as Obj })))
      .catch(() => undefined);
  }, [encounterId, token]);

  useEffect(() => {
    const t = new LiveTable(encounterId, token, {
      welcome(encounter, missed) {
        setEv(encounter);
        setView(encounter.view);
        setClosed(null);
        holdToken(encounterId, {
          token,
          role: encounter.role,
          name: encounter.encounter.name,
          ...(encounter.role === 'player' ? { figures: encounter.figures, seat: figureNames(encounter.figures, figureViews(encounter.view.state)) } : {}),
        });
        api
          .log(encounterId, token, 0)
          .then((r) => setLog((l) => mergeEntries(mergeEntries(l, r.entries), missed)))
          .catch(() => setLog((l) => mergeEntries(l, missed)));
        refreshExplain();
      },
      step(sent, v) {
        setView(v);
        setLog((l) => mergeEntries(l, [sent]));
        setChosen(null);
        setArmed(null);
        // Read as the log reads it (model/log.ts logEntry): an entry the page cannot read is not shown.
        const entry = logEntry(sent);
        setLastStep(entry);
        // The tray shows this step's rolls; a rewind empties it (the rolls it showed are undone).
        const groups = entry ? trayGroups(entry) : [];
        if (entry && (groups.length > 0 || entry.kind === 'rewind')) setDice((d) => ({ groups, stamp: d.stamp + 1, label: `step ${entry.seq}` }));
        refreshExplain();
      },
      settings(settings, v) {
        setEv((e) => (e ? { ...e, settings } : e));
        setView(v);
        refreshExplain();
      },
      status(s, detail) {
        setStatus(s);
        setStatusDetail(detail ?? null);
        if (s === 'closed') setClosed(detail ?? 'closed');
      },
    });
    live.current = t;
    return () => {
      t.close();
      live.current = null;
    };
  }, [encounterId, token, refreshExplain]);

  // ---- derived view -------------------------------------------------------------------------
  const state = (isObj(view?.state) ? view.state : {}) as Obj;
  const rep = report && view && report.seq === view.seq ? report.report : null;
  const system = typeof state.system === 'string' ? state.system : (ev?.encounter.system ?? '');
  const isGm = ev?.role === 'gm';
  const rawFigures = useMemo(() => distinctNames(figureViews(state, rep, view?.summary)), [state, rep, view?.summary]);
  // The GM's map marks the figures hidden from players (settings.hiddenFigures).
  const hiddenFigures = ev?.settings.hiddenFigures;
  const figures = useMemo(() => {
    const marked = markEngaged(rawFigures, (f) => (f.hex && f.facing !== undefined ? adjacentArcs(f.hex, f.facing, f.frontCount) : []));
    return hiddenFigures?.length ? marked.map((f) => (hiddenFigures.includes(f.id) ? { ...f, markers: ['hidden', ...f.markers] } : f)) : marked;
  }, [rawFigures, hiddenFigures]);
  // In the fight: those the GM took out of it (`left`, state.gone) stay on the roster, in the log
  // and in the seats, not on the map, the timeline or the action panel.
  const fighting = useMemo(() => figures.filter((f) => !f.left), [figures]);
  const hasMap = figures.some((f) => f.hex);
  const clock = { ...clockView(state, rep ?? { pending: view?.pending ?? null }), over: view?.over ?? false };
  // Read defensively: the page draws whatever the server sends (model/turn.ts pendingOf).
  const pending = useMemo(() => pendingOf(view?.pending), [view?.pending]);
  // The GM's prompts: each special critical in the line of play not handled yet (players and spectators read the log line).
  const handled = ev?.settings.handledSpecials;
  const specials = useMemo(() => (isGm ? specialCriticals(system, log).filter((c) => !handled?.includes(c.key) && !marking.has(c.key)) : []), [isGm, system, log, handled, marking]);
  // Kept on the server (every GM view, a reload, a restart); a mark not saved brings the prompt back, saying why.
  const handle = (key: string) => {
    setMarking((m) => new Set(m).add(key));
    keepHandled(encounterId, token, key, handled ?? []).catch((e: unknown) => {
      setMarking((m) => new Set([...m].filter((k) => k !== key)));
      pushError(new ApiError(e instanceof ApiError ? e.code : 'internal', `The special critical was not marked handled (its prompt is back: try again): ${e instanceof Error ? e.message : String(e)}`));
    });
  };
  // An ask lasts while its panel is open: leaving the tab drops it, so coming back neither reopens the form nor refills the note.
  useEffect(() => {
    if (tab !== 'status') setAdjustAsk(null);
    if (tab !== 'share') setNoteAsk(null);
  }, [tab]);
  const mine = useMemo(() => new Set(isGm ? figures.map((f) => f.id) : (ev?.figures ?? [])), [isGm, figures, ev?.figures]);
  // The dying and those a medic works on (Hanging by a Thread): told in the Actions tab too (panels/Dying.tsx).
  const threads = useMemo(() => (system === 'tft' ? threadViews(fighting, explainedById(rep)) : []), [system, fighting, rep]);
  const sideColors = useMemo(() => {
    const sides = Array.isArray(state.sides) ? state.sides.filter((s): s is string => typeof s === 'string') : [...new Set(figures.map((f) => f.side))];
    return sideColorsOf(sides);
  }, [state.sides, figures]);
  const shape = useMemo(() => mapShape(state), [state]);
  const boardHexes = useMemo(() => {
    if (shape.hexes) return shape.hexes;
    if (shape.width && shape.height) return rectangleHexes(shape.width, shape.height);
    return hexesAround(figures.filter((f) => f.hex).map((f) => f.hex!), 3);
  }, [shape, figures]);
  const terrain = useMemo(() => {
    const t = isObj(state.map) && Array.isArray(state.map.terrain) ? state.map.terrain : [];
    // Each terrain hex the view can place (a hex without numbers for q and r is not drawn).
    return t.filter(isObj).flatMap((x) => {
      const hex = asHex(x);
      return hex ? [{ hex, kind: typeof x.kind === 'string' ? x.kind : 'wall' }] : [];
    });
  }, [state.map]);
  const showMegahexes = megahexes ?? shape.megahexes;

  // Default selection: the first figure whose turn it is that this viewer commands; at the end
  // of the fight (no pending decision) a standing figure, not the one that just fell.
  const winner = typeof view?.summary.winner === 'string' ? view.summary.winner : null;
  // The GM's reason when the GM ended the fight (panels/EndFight.tsx): the banner says it.
  const gmReason = view?.over ? gmEndReason(log) : null;
  const pendingKey = `${view?.seq}:${pending?.figures.join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reselect when the pending decision changes
  useEffect(() => {
    if (!view) return;
    setSelected(selectionFor({ pending, mine, isGm, figures: fighting, selected, winner }));
    setFacing(null);
  }, [pendingKey]);
  // An AD&D figure's state (dying, dead) comes with the step's report, not in the state: once it
  // says the figure shown has fallen, the panel leaves it (a standing one picked since stays).
  const explainedSeq = rep ? view?.seq : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per step, when its report comes
  useEffect(() => {
    const shown = figures.find((f) => f.id === selected);
    if (explainedSeq == null || !shown || !isFallen(shown.state)) return;
    setSelected(selectionFor({ pending, mine, isGm, figures: fighting, selected, winner }));
  }, [explainedSeq]);

  const sel = figures.find((f) => f.id === selected);
  // After the fight the GM may still take what the engine lists for a figure (a medic's 5 minutes run at once, R-T3).
  const connected = status === 'live';
  const canAct = !!sel && mine.has(sel.id) && connected && (pending ? pending.figures.includes(sel.id) : isGm);
  const ctx: CommandContext = useMemo(() => {
    const me = figures.find((f) => f.id === selected);
    const alive = fighting.filter((f) => f.state !== 'dead');
    const landing = Array.isArray(state.landing) ? state.landing.filter(isObj) : [];
    return {
      system,
      figure: selected ?? '',
      enemies: alive.filter((f) => me && f.side !== me.side).map((f) => ({ id: f.id, name: f.name })),
      friends: alive.filter((f) => me && f.side === me.side).map((f) => ({ id: f.id, name: f.name })),
      attackers: landing.filter((a) => a.target === selected && typeof a.attacker === 'string').map((a) => String(a.attacker)),
    };
  }, [figures, fighting, selected, state.landing, system]);
  const options = useMemo(() => {
    // No report for this step yet: no options (not AD&D's added "pass" alone, to be clicked meanwhile).
    if (!selected || !rep) return [];
    // The engine's labels already name figures as the table does (the server passes each viewer's names).
    const nameOf = new Map(figures.map((f) => [f.id, f.name]));
    return groupOptions(expandOptions(optionsOf(rep, selected, (id) => nameOf.get(id) ?? id), ctx));
  }, [rep, selected, ctx, figures]);
  const isMovePhase = pending?.kind === 'move' && system === 'tft';
  // TFT lists each figure's action-phase options at every step; during initiative and movement
  // they are a preview (movement is chosen on the map, initiative with the buttons).
  const optionsLive = !(system === 'tft' && /^(move|initiative)/.test(pending?.kind ?? ''));
  // The numbered options as the panel lists them: the keys 1-9 take these, and only when its buttons would.
  const shown = options.filter((o) => !(isMovePhase && o.kind === 'move' && o.hexes.length > 0));
  const canChoose = canAct && optionsLive;
  // The initiative winner's choice, by its buttons (and their keys) when the engine lists no option for it.
  const choosesInitiative = canAct && /initiative/.test(pending?.kind ?? '') && !options.some((o) => /initiative/.test(o.kind));
  // The engine's own movement rules on this viewer's state (model/move.ts): only moves it accepts are lit.
  const preview = useMemo(() => (isMovePhase && canAct && sel?.hex ? movePreview(view?.state, sel.id) : null), [isMovePhase, canAct, sel?.id, sel?.hex, view?.state]);
  const reach = preview?.reach ?? null;
  const ma = preview?.ma ?? 0;

  const moveFacing = (r: Reach | null): number => {
    if (facing !== null) return facing;
    if (r && r.path.length > 0) {
      const prev = r.path.length > 1 ? r.path[r.path.length - 2] : sel!.hex!;
      return directionTo(prev, r.path[r.path.length - 1]) ?? sel?.facing ?? 0;
    }
    return sel?.facing ?? 0;
  };

  // ---- commands -----------------------------------------------------------------------------
  // What had the focus when the command was sent (the button that sent it), once a physical die is
  // asked for: it gets it back when the prompt closes and the command is done, cancelled or not
  // (it was left on the page's body). Taken as the command leaves, not when the server's answer
  // comes: by then the button, disabled while the command is on its way, may have lost the focus.
  const opener = useRef<HTMLElement | null>(null);
  // An option armed to pick a hex brings the map into view: on a phone the map is above the
  // option list, out of sight, where the hint says to pick.
  const mapPane = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const el = mapPane.current;
    if (!armed || !el) return;
    const r = el.getBoundingClientRect();
    if (r.bottom < 80 || r.top > innerHeight - 80) el.scrollIntoView({ block: 'start' });
  }, [armed]);
  useEffect(() => {
    if (prompt || busy || !opener.current) return;
    const el = opener.current;
    opener.current = null;
    if (el.isConnected && document.activeElement === document.body) el.focus();
  }, [prompt, busy]);
  // A command sent from the side pane (Begin, Stay, an option's Do it): once it is done, the focus
  // its button had, left on the page's body when the button went or was disabled, goes to the panel
  // (a keyboard's next Tab and a screen reader start there, not at the top of the page).
  const panel = useRef<HTMLDivElement | null>(null);
  const fromPane = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each step and each command's end
  useEffect(() => {
    if (prompt || busy || !fromPane.current || document.activeElement !== document.body) return;
    fromPane.current = false;
    panel.current?.focus({ preventScroll: true });
  }, [prompt, busy, view?.seq]);

  const askFace = (sides: number, index: number, what: DiceFor, from: Element | null) =>
    new Promise<number>((resolve, reject) => {
      if (!opener.current && from instanceof HTMLElement && from !== document.body && !from.closest('.dice-prompt')) opener.current = from;
      setPrompt({
        sides,
        index,
        what,
        resolve: (f) => {
          setPrompt(null);
          resolve(f);
        },
        reject: () => {
          setPrompt(null);
          reject(new ApiError('invalid', 'command cancelled'));
        },
      });
    });

  /** A command in words, for the physical-dice prompt ("Cedric: attack → Bjorn"). */
  const commandWords = (command: Obj): string => {
    const who = typeof command.figure === 'string' ? figures.find((f) => f.id === command.figure)?.name ?? command.figure : null;
    const target = typeof command.target === 'string' ? figures.find((f) => f.id === command.target)?.name ?? command.target : null;
    const what = `${String(command.type ?? 'command')}${target ? ` → ${target}` : ''}`;
    return who ? `${who}: ${what}` : what;
  };

  /**
   * Sends a command; `words` says what it is when physical dice are asked for (else commandWords).
   * A refusal goes to `refused` when given (a form that shows it beside itself), else to a toast.
   */
  async function send(command: Obj, words?: string, refused?: (e: ApiError) => void): Promise<boolean> {
    const t = live.current;
    if (!t || sending.current) return false;
    sending.current = true;
    const from = document.activeElement;
    fromPane.current = from instanceof HTMLElement && from.closest('.side-pane') !== null;
    setBusy(true);
    // Physical dice only while the GM's settings allow them for this role (the server checks too).
    const allowed = ev?.settings.enteredDice === 'all' || (ev?.settings.enteredDice === 'gm' && ev?.role === 'gm');
    let faces: number[] | undefined = physical && allowed ? [] : undefined;
    try {
      for (;;) {
        const r = await t.command(command, faces);
        if (r.type === 'ack') return true;
        const playsOn = r.figure !== undefined && r.figure !== command.figure;
        const f = await askFace(r.sides, r.index, { command: words ?? commandWords(command), purpose: r.purpose, entered: faces ?? [], playsOn }, from);
        faces = [...(faces ?? []), f];
      }
    } catch (e) {
      if (e instanceof ApiError && e.message === 'command cancelled') return false;
      if (refused && e instanceof ApiError) refused(e);
      else pushError(e);
      return false;
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  /** The GM's adjust form's command (panels/Adjust.tsx): its refusal is shown by the form. */
  async function adjust(command: Obj): Promise<AdjustResult> {
    if (sending.current) return { ok: false, refusal: { text: 'another command is on its way: try again in a moment', issues: [] } };
    let refusal: AdjustResult = { ok: false };
    const ok = await send(command, `${commandWords(command)} (${String(command.reason)})`, (e) => {
      refusal = { ok: false, refusal: { text: e.message, issues: e.issues } };
    });
    // The effect of a special critical applied from its prompt: the prompt goes.
    if (ok && adjustAsk && command.type === 'adjust' && command.figure === adjustAsk.figure) {
      handle(adjustAsk.key);
      setAdjustAsk(null);
    }
    return ok ? { ok: true } : refusal;
  }

  function sendMove(r: Reach) {
    if (!sel) return;
    send({ type: 'move', figure: sel.id, path: r.path, facing: moveFacing(r) });
  }

  function choose(o: OptionView) {
    send(buildCommand(o, ctx), sel ? `${sel.name}: ${o.label}` : o.label);
  }

  function chooseInitiative(choice: 'first' | 'last') {
    if (sel) send({ type: 'initiative', figure: sel.id, choice });
  }

  /**
   * Back to the step after entry `to`, pinned to `seen`, the step the GM decided at: a step taken
   * since (another window, a player) is not undone with it; the server refuses, and the step
   * (sent first on the same socket) is already on the table when the refusal is said.
   */
  async function rewind(to: number, seen: number | undefined = view?.seq) {
    const t = live.current;
    if (!t) return;
    try {
      await t.rewind(to, seen);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'conflict' && seen !== undefined) pushError(new ApiError('conflict', rewindConflictText(seen, t.seq ?? seen)));
      else pushError(e);
    }
  }

  async function exportLog(format: 'json' | 'markdown') {
    try {
      const data = await api.exportText(encounterId, token, format);
      const text = typeof data === 'string' ? data : JSON.stringify(data, null, 2);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([text], { type: format === 'json' ? 'application/json' : 'text/markdown' }));
      // "Malken and the crossbow (seed example)" -> "Malken-and-the-crossbow-seed-example": no dash left dangling before the extension.
      const base = (ev?.encounter.name ?? '').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'encounter';
      a.download = `${base}.${format === 'json' ? 'json' : 'md'}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch (e) {
      pushError(e);
    }
  }

  function onHex(h: Hex, how?: { keyboard: boolean }) {
    if (armed) {
      const hit = armed.hexes.find((x) => x.hex.q === h.q && x.hex.r === h.r);
      if (!hit) return pushError(new ApiError('invalid', `hex ${h.q},${h.r} is not one of this option's targets`));
      // Said as the option is (a physical die's prompt: "Grenadier: throw TL 12 grenade at 5,6"), not by its command's type.
      const words = sel ? `${sel.name}: ${hit.label ?? `${armed.label} (${h.q},${h.r})`}` : undefined;
      send(hit.command ?? { ...buildCommand(armed, ctx), [typeof armed.raw.hexParam === 'string' ? armed.raw.hexParam : 'hex']: h }, words);
      setArmed(null);
      return;
    }
    if (reach) {
      const r = reach.get(hexKey(h));
      // By keyboard, Enter on the hex already chosen makes the move (as "Move here" does).
      if (how?.keyboard && r && chosen && hexKey(chosen.hex) === hexKey(h) && canAct) return sendMove(chosen);
      if (r && r.maUsed > 0) setChosen(r);
      else if (r) setChosen(null);
      return;
    }
    const f = figures.find((x) => x.hex && x.hex.q === h.q && x.hex.r === h.r);
    if (f) setSelected(f.id);
  }

  function onDragMove(id: string, to: Hex) {
    if (id !== selected) setSelected(id);
    const r = reach?.get(hexKey(to));
    if (id === sel?.id && r && r.maUsed > 0) sendMove(r);
    else if (!reach) pushError(new ApiError('rejected', `${figures.find((f) => f.id === id)?.name ?? id} cannot move now`));
    else pushError(new ApiError('rejected', `hex ${to.q},${to.r} is out of reach`));
  }

  /** The GM lets the engine choose the pending decision: the scenario's script, else the AI (system.decide, run here on the GM's full view). */
  function autoPlay() {
    if (!isGm || !pending) return;
    let cmd: unknown;
    try {
      const sys = getSystem(system);
      cmd = sys.decide(sys.clone(state));
    } catch (e) {
      return pushError(e);
    }
    send(cmd as Obj);
  }

  const undo = () => {
    const to = undoTarget(log);
    if (to !== null) rewind(to);
  };

  // A figure picked for the action panel (its token on the map, its row's name on the AD&D timeline).
  const pickFigure = (id: string) => {
    setSelected(id);
    setChosen(null);
  };

  // ---- keyboard -----------------------------------------------------------------------------
  const keyRef = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keyRef.current = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    const tag = target?.tagName;
    // The physical-dice prompt's Escape cancels it wherever the focus is (even before the prompt took it).
    if (prompt) {
      if (e.key === 'Escape') prompt.reject();
      return;
    }
    // Typing belongs to a field; a checkbox or radio takes no letters, so the keys still work after
    // ticking one ("physical dice", then p: the engine's move asks for the dice).
    if ((tag === 'INPUT' && !/^(checkbox|radio)$/.test((target as HTMLInputElement).type)) || tag === 'TEXTAREA' || tag === 'SELECT') return;
    // Enter and Space belong to the focused button, link or checkbox (Tab is never taken: it moves the focus).
    if ((e.key === 'Enter' || e.key === ' ') && target?.closest?.('button, a, input, [role="button"], [role="tab"]')) return;
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      if (isGm) {
        e.preventDefault();
        undo();
      }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (/^[1-9]$/.test(k)) {
      const o = shown[Number(k) - 1];
      if (o && canChoose && !busy && o.choices.length === 0) {
        if (o.hexes.length > 0 && !o.command) setArmed(armed?.key === o.key ? null : o);
        else choose(o);
      }
    } else if ((k === INITIATIVE_KEYS.first || k === INITIATIVE_KEYS.last) && choosesInitiative && !busy) chooseInitiative(k === INITIATIVE_KEYS.first ? 'first' : 'last');
    else if (k === 'Enter' && chosen && canAct) sendMove(chosen);
    else if (k === 'Escape' && toasts.length > 0) setToasts([]);
    else if (k === 'Escape') {
      setArmed(null);
      setChosen(null);
      setHelp(false);
    } else if (k === 'q' || k === 'e') setFacing(((moveFacing(chosen) + (k === 'e' ? 1 : 5)) % 6) as number);
    else if (k === 'n' || k === 'N') {
      // Next (n) or previous (Shift+N) of your figures.
      const pool = fighting.filter((f) => mine.has(f.id) && f.state !== 'dead');
      if (pool.length > 0) {
        const i = pool.findIndex((f) => f.id === selected);
        const step = k === 'N' ? pool.length - 1 : 1;
        setSelected(pool[((i < 0 ? (k === 'N' ? 0 : -1) : i) + step) % pool.length].id);
        setChosen(null);
      }
    } else if (k === 'u' && isGm) undo();
    else if ((k === 'b' || k === ' ') && isGm && pending && pending.figures.length === 0) {
      e.preventDefault();
      // While the connection is down the key still answers, with the client's reason (its button is disabled).
      send({ type: pending.kind });
    } else if (k === 'p' && isGm && pending && pending.figures.length > 0) autoPlay();
    else if (k === 'm') setMegahexes(!showMegahexes);
    else if (k === 'a') setTab('actions');
    else if (k === 's') setTab('status');
    else if (k === 'l') setTab('log');
    else if (k === '?') setHelp(!help);
  };
  useEffect(() => {
    const on = (e: KeyboardEvent) => keyRef.current(e);
    addEventListener('keydown', on);
    return () => removeEventListener('keydown', on);
  }, []);

  // ---- highlights ---------------------------------------------------------------------------
  const highlights: Highlight[] = [];
  if (armed) {
    for (const x of armed.hexes) highlights.push({ hex: x.hex, cls: 'hl-pick' });
    // Damage dice of the blast, when the option says (the `dice` field of an attack is its 3d6/4d6 to-hit roll).
    const dieCount = typeof armed.raw.blastDice === 'number' ? armed.raw.blastDice : null;
    if (hover && armed.hexes.some((x) => x.hex.q === hover.q && x.hex.r === hover.r) && (armed.raw.blast === true || /grenade|rocket|blast/i.test(armed.kind))) {
      // R-H12 blast rings: full dice in the impact hex, then 1/2, 1/4, 1/8 (rounded down).
      highlights.push({ hex: hover, cls: 'hl-blast0', label: dieCount !== null ? `${dieCount}d` : 'full' });
      [1, 2, 3].forEach((k) => {
        for (const h of ring(hover, k)) highlights.push({ hex: h, cls: `hl-blast${k}`, label: dieCount !== null ? `${Math.floor(dieCount / 2 ** k)}d` : `1/${2 ** k}` });
      });
    }
  }
  // Targets of the options; a friend an option would attack ("(a friend!)") in a warning style.
  for (const m of targetMarks(options, figures, sel)) highlights.push({ hex: m.hex, cls: m.friend ? 'hl-friend' : 'hl-target' });
  if (chosen) highlights.push({ hex: chosen.hex, cls: 'hl-dest' });

  // ---- render -------------------------------------------------------------------------------
  if (closed && !ev) {
    return (
      <main className="lobby">
        <Header />
        <section className="card">
          <h2>This table is closed to you</h2>
          <p>{closed}</p>
          <p className="small-note muted" id="forget-why">
            This link no longer opens the table: forgetting the seat removes it from this browser's seats.
          </p>
          <div className="row">
            <button type="button" onClick={onLeave}>
              Back to the lobby
            </button>
            <button
              type="button"
              className="ghost"
              aria-describedby="forget-why"
              onClick={() => {
                forgetToken(encounterId, token);
                onLeave();
              }}
            >
              Forget this seat
            </button>
          </div>
        </section>
      </main>
    );
  }
  if (!ev || !view) {
    return (
      <main className="lobby">
        <Header />
        <p className="muted center">Joining the table…</p>
      </main>
    );
  }

  const name = (id: string) => figures.find((f) => f.id === id)?.name ?? id;
  const enteredAllowed = ev.settings.enteredDice === 'all' || (ev.settings.enteredDice === 'gm' && isGm);
  const waiting = pending?.figures ?? [];
  const systemStep = pending && pending.figures.length === 0;
  // While the connection is down: plain words, the technical reason under "Details" (model/connection.ts).
  const reconnecting = reconnectingWords(statusDetail);
  const turn = whoseTurn({ system, pending, over: view.over, state, nameOf: name, mine, isGm, winner });

  return (
    <div className={`table-page system-${system}`} data-role={ev.role}>
      <Header>
        <span className="enc-name" title={ev.encounter.id}>
          {ev.encounter.name}
        </span>
        <span className={`sys sys-${system}`}>{system.toUpperCase()}</span>
        <span className={`pill role-${ev.role}`} data-testid="role">
          {ev.role}
        </span>
        <span className="clock-mini" data-testid="clock">
          {system === 'adnd' ? 'round' : 'turn'} {clock.turn}
          {system === 'adnd' && clock.segment ? ` · segment ${clock.segment}` : ''}
          {clock.phase ? ` · ${clock.phase}` : ''}
          {view.over && clock.phase !== 'over' ? ' · over' : ''}
        </span>
        <span className="spacer" />
        {enteredAllowed && (
          <>
            <label className="check physical" title={PHYSICAL_WHY}>
              <input type="checkbox" checked={physical} onChange={(e) => setPhysical(e.target.checked)} data-testid="physical-dice" aria-describedby="physical-why" />
              physical dice
            </label>
            {/* Outside the label: inside, it would be part of the checkbox's name. */}
            <span className="sr-only" id="physical-why">
              {PHYSICAL_WHY}
            </span>
          </>
        )}
        <span className={`conn conn-${status}`} title={status} role="img" aria-label={`connection: ${status}`} data-testid="conn" />
        <button type="button" className="ghost small" onClick={() => setHelp(!help)} title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" aria-keyshortcuts="?">
          ?
        </button>
      </Header>

      <div className="table-main">
        <section className="map-pane" ref={mapPane}>
          {hasMap ? (
            <HexMap
              hexes={boardHexes}
              terrain={terrain}
              figures={fighting}
              sideColors={sideColors}
              selected={selected}
              active={waiting}
              draggable={(id) => mine.has(id) && id === selected && !!reach}
              reach={reach}
              highlights={highlights}
              megahexes={showMegahexes}
              onHex={onHex}
              onFigure={(id) => {
                if (armed) {
                  const f = figures.find((x) => x.id === id);
                  if (f?.hex) return onHex(f.hex);
                }
                pickFigure(id);
              }}
              onDragMove={onDragMove}
              onHover={setHover}
            />
          ) : (
            // No map: the timeline has this pane, on a phone too (above the tabs); it is not repeated in a tab.
            <Segments state={state} figures={fighting} entries={log} schedule={rep?.schedule} selected={selected} onSelect={pickFigure} />
          )}
          {/* A figure's roll (a roll-off, an AD&D to-hit d20) is labelled with its name first ("Doc's attack"). */}
          <DiceTray
            groups={dice.groups.map((g) => ({ ...g, label: trayLabel(g, name) }))}
            stamp={dice.stamp}
            label={dice.label}
            said={trayWords(dice.groups, name)}
          />
          {hasMap && (
            <div className="legend">
              <span className="lg front">front</span>
              <span className="lg side">side</span>
              <span className="lg rear">rear</span>
              {highlights.some((x) => x.cls === 'hl-target') && <span className="lg target">target</span>}
              {highlights.some((x) => x.cls === 'hl-friend') && <span className="lg friend">friend: the attack would hit your own side</span>}
              <label className="check">
                <input type="checkbox" checked={showMegahexes} onChange={(e) => setMegahexes(e.target.checked)} /> megahexes
              </label>
            </div>
          )}
        </section>

        <aside className="side-pane">
          {(systemStep || view.over) && (
            <div className={`banner${view.over ? ' over' : ''}`} data-testid="banner">
              {view.over ? (
                <span>
                  {resultWords(state, winner, gmReason === null)}
                  {gmReason !== null && <span data-testid="end-reason"> The GM ended it: {gmReason}</span>}
                </span>
              ) : isGm ? (
                <>
                  <span>Next: {pending?.kind} (the dice are rolled in the log).</span>
                  {!connected && (
                    <span className="sr-only" id="system-step-why">
                      {OFFLINE_WHY}
                    </span>
                  )}
                  <button
                    type="button"
                    className="primary"
                    disabled={busy || !connected}
                    onClick={() => send({ type: pending!.kind })}
                    data-testid="system-step"
                    aria-keyshortcuts="b"
                    title={connected ? undefined : OFFLINE_WHY}
                    aria-describedby={connected ? undefined : 'system-step-why'}
                  >
                    {pending?.kind === 'begin' ? 'Begin' : pending?.kind} <Key k="b" />
                  </button>
                </>
              ) : (
                <span>Waiting for the GM to {pending?.kind}.</span>
              )}
            </div>
          )}
          {isGm && (
            <SpecialPrompt
              specials={specials}
              name={name}
              canAdjust={(c) => status === 'live' && !view.over && figures.some((f) => f.id === c.target && f.state !== 'dead' && !f.left)}
              onAdjust={(c: SpecialCritical) => {
                setAdjustAsk({ key: c.key, figure: c.target, reason: specialReason(c, name), stamp: Date.now() });
                setTab('status');
              }}
              onNote={(c: SpecialCritical) => {
                setNoteAsk({ key: c.key, figure: c.target, text: specialNote(c, name), stamp: Date.now() });
                setTab('share');
              }}
              onDismiss={(c: SpecialCritical) => handle(c.key)}
            />
          )}
          {/* Selection follows focus: a panel is drawn at once from what the page holds, and passing
              over one loses nothing (only leaving a panel drops what was typed there, as a click does). */}
          <TabList<Tab>
            label="Table panels"
            prefix="tab"
            tabs={[
              { id: 'actions', label: 'Actions' },
              { id: 'status', label: system === 'adnd' ? 'Combatants' : 'Status' },
              { id: 'log', label: `Log (${log.length})` },
              ...(isGm ? [{ id: 'share' as const, label: 'Share' }] : []),
            ]}
            selected={tab}
            onSelect={setTab}
            panel={() => 'table-tabpanel'}
            activation="auto"
          />
          <div className="tab-body" role="tabpanel" id="table-tabpanel" aria-labelledby={tabId('tab', tab)} tabIndex={-1} ref={panel}>
            {tab === 'actions' && (
              <>
                {choosesInitiative && sel && <InitiativeChoice side={sideName(state, sel.side)} busy={busy} onChoose={chooseInitiative} />}
                {isGm && pending && pending.figures.length > 0 && !view.over && (
                  <div className="gm-bar">
                    <span className="muted">GM:</span>
                    {/* The tooltips' words are said too (aria-describedby): a title alone is read unreliably. */}
                    <span className="sr-only" id="auto-play-why">
                      {connected ? AUTO_PLAY_WHY : `${AUTO_PLAY_WHY}. ${OFFLINE_WHY}`}
                    </span>
                    <span className="sr-only" id="undo-why">
                      {UNDO_WHY}
                    </span>
                    <button type="button" className="small" disabled={busy || !connected} onClick={autoPlay} data-testid="auto-play" title={connected ? AUTO_PLAY_WHY : OFFLINE_WHY} aria-describedby="auto-play-why" aria-keyshortcuts="p">
                      engine plays {pending.figures.map(name).slice(0, 2).join(', ')}
                      {pending.figures.length > 2 ? '…' : ''} <Key k="p" />
                    </button>
                    <button type="button" className="small" disabled={busy || log.length === 0} onClick={undo} title={UNDO_WHY} aria-describedby="undo-why" aria-keyshortcuts="u">
                      undo <Key k="u" />
                    </button>
                  </div>
                )}
                <DyingLines threads={threads} mine={mine} over={view.over} onDetails={() => setTab('status')} />
                {ev.role === 'spectator' ? (
                  <Follow turn={turn} entries={log} />
                ) : (
                  <Actions
                    figure={sel}
                    options={shown}
                    notNow={notNowOf(rep, sel?.id)}
                    canAct={canChoose}
                    declared={declaredOf(rep, sel?.id)}
                    busy={busy}
                    loading={!rep}
                    preview={!optionsLive}
                    waitingFor={waiting}
                    pendingKind={pending?.kind}
                    armed={armed?.key ?? null}
                    armedHover={armed && hover ? armed.hexes.find((x) => x.hex.q === hover.q && x.hex.r === hover.r)?.note : undefined}
                    onChoose={choose}
                    onArm={setArmed}
                    figureName={name}
                    turn={turn}
                    move={
                      isMovePhase && canAct && sel
                        ? {
                            chosen,
                            ma,
                            engaged: preview?.engaged ?? false,
                            hexes: reach ? [...reach.values()].filter((r) => r.maUsed > 0).length : 0,
                            facing: moveFacing(chosen),
                            busy,
                            after: chosen ? (actionsAfterMove(view?.state, sel.id, chosen.path) ?? ['as the dice fall (the move may draw fire)']) : [],
                            onFacing: setFacing,
                            onConfirm: () => chosen && sendMove(chosen),
                            onStay: () => send({ type: 'move', figure: sel.id, path: [], facing: moveFacing(null) }),
                            onClear: () => setChosen(null),
                          }
                        : undefined
                    }
                  />
                )}
                {system === 'adnd' && hasMap && <Segments state={state} figures={fighting} entries={log} schedule={rep?.schedule} selected={selected} onSelect={pickFigure} />}
              </>
            )}
            {tab === 'status' && (
              <Status
                system={system}
                clock={clock}
                state={state}
                figures={figures}
                report={rep}
                entries={log}
                sideColors={sideColors}
                selected={selected}
                onSelect={setSelected}
                mine={mine}
                onCommand={status === 'live' ? (c) => void send(c) : undefined}
                onAdjust={isGm && status === 'live' && !view.over ? adjust : undefined}
                onEnd={isGm && status === 'live' && !view.over && pending?.kind !== 'begin' ? adjust : undefined}
                onLeave={isGm && status === 'live' && !view.over && pending?.kind !== 'begin' ? adjust : undefined}
                notes={ev.settings.notes}
                ask={adjustAsk ?? undefined}
              />
            )}
            {tab === 'log' && <Log entries={log} figures={figures} isGm={isGm} onRewind={rewind} onExport={exportLog} />}
            {tab === 'share' && isGm && (
              <Share
                encounterId={encounterId}
                token={token}
                figures={figures}
                settings={ev.settings}
                onError={shareError}
                draft={noteAsk ?? undefined}
                onNoted={() => {
                  if (noteAsk) handle(noteAsk.key);
                  setNoteAsk(null);
                }}
              />
            )}
          </div>
          {/* Under the panel, in the flow on a wide screen (it shrinks the panel, moves nothing and
              covers no control); fixed at the foot of the screen on a phone, where the pane may be
              scrolled out of sight (styles.css). */}
          <div className="toasts" aria-live="assertive">
            {status === 'reconnecting' && (
              <div className="toast info" data-testid="reconnecting" title={reconnecting.reason}>
                {reconnecting.text}
                {reconnecting.reason && (
                  <details className="toast-why">
                    <summary>Details</summary>
                    <code data-testid="reconnecting-why">{reconnecting.reason}</code>
                  </details>
                )}
              </div>
            )}
            {closed && <div className="toast error">Disconnected: {closed}</div>}
            {toasts.map((t) => (
              <div key={t.id} className="toast error" role="alert" data-testid="error">
                <button
                  type="button"
                  className="ghost small close"
                  aria-label="Dismiss"
                  title="Dismiss (Esc)"
                  aria-keyshortcuts="Escape"
                  onClick={() => setToasts((x) => x.filter((y) => y.id !== t.id))}
                >
                  ×
                </button>
                <RefusalText text={t.text} issues={t.issues} />
              </div>
            ))}
          </div>
        </aside>
      </div>

      {/* Each new step in words (its narration, then its dice), whichever tab is open. */}
      <div className="sr-only" role="status" aria-live="polite" data-testid="announce">
        {lastStep ? [entryWords(lastStep), trayWords(trayGroups(lastStep), name)].filter(Boolean).join(' ') : ''}
      </div>
      {prompt && <DicePrompt key={prompt.index} sides={prompt.sides} index={prompt.index} what={prompt.what} onFace={prompt.resolve} onCancel={prompt.reject} />}
      {help && <Shortcuts role={ev.role} onClose={() => setHelp(false)} />}
    </div>
  );
}
