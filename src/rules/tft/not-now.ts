// Explain's "Not now": the actions a figure's own equipment and state would normally offer it
// in this phase that it cannot take now, each with the reason the engine refuses the command
// with (the same check: flow.ts attackProblem's parts, the ready and pick-up limits, each
// module's own through ActionSpec.notNow). Explain only: the AI and the lab never build it.
import type { DisplayNames } from '../../engine/names.ts';
import { core, readyWeapon } from './core.ts';
import { attackMoveProblem, disengagedOnlyProblem, pickUpMoveProblem, readyMoveProblem, weaponProblem } from './flow.ts';
import type { ActionOption, NotNow } from './hooks.ts';
import type { Figure, TftState } from './model.ts';
import { canPickUp } from './options.ts';
import { hooksOf } from './registry.ts';

/**
 * Whether the viewer explain is built for sees `f`: the server passes each viewer the names of
 * the figures it sees (room.ts namesFor), so a figure without a name is hidden from it; without
 * names (the CLI, tests) every figure is seen.
 */
export function seenBy(names: DisplayNames | undefined, f: Figure): boolean {
  return names === undefined || names.has(f.id);
}

/** Whether option `o` is the choice `e` refuses: same command type and every field of e.command. */
export function sameChoice(e: NotNow, o: ActionOption): boolean {
  const c = o.command as unknown as Record<string, unknown>;
  if (c.type !== e.action) return false;
  if (!e.command) return true;
  for (const [k, v] of Object.entries(e.command)) if (c[k] !== v) return false;
  return true;
}

/** The core's reason when every target fails the attack's own checks: the figure's front, in words that name no one. */
const NO_TARGET: Record<string, string> = {
  melee: 'no enemy in a front hex',
  missile: 'no enemy in its front arc with a clear line',
  thrown: 'no enemy in its front arc with a clear line',
};

/**
 * `fig`'s "Not now" list beside its `options` (actionOptions in explain mode, for the same
 * viewer: `names`). Core: an attack with the ready weapon, readying another weapon, picking one
 * up, dodging or dropping while engaged; then each module's ActionSpec.notNow. A choice among the options is never listed.
 */
export function notNowOf(state: TftState, fig: Figure, options: readonly ActionOption[], names?: DisplayNames): NotNow[] {
  if (!fig.woundFx.canAct || state.phase === 'over') return [];
  const hooks = hooksOf(state);
  const vetoed = (type: string) => hooks.vetoAction.some((v) => v(state, fig, type) !== undefined);
  // An option at a figure this viewer does not see is none to it (the server drops it).
  const unseen = (id: unknown) => {
    const f = typeof id === 'string' ? core.figure(state, id) : undefined;
    return f !== undefined && !seenBy(names, f);
  };
  const shown = options.filter((o) => {
    const c = o.command as { target?: unknown; targets?: unknown };
    return !unseen(c.target) && !(Array.isArray(c.targets) && c.targets.some(unseen));
  });
  const out: NotNow[] = [];
  // The core's entries stand for choices it may offer (an attack at anyone): listed only where
  // none is offered. A module's notNow answers for itself (the property test checks both).
  const add = (e: NotNow) => {
    if (!shown.some((o) => sameChoice(e, o))) out.push(e);
  };
  const w = readyWeapon(fig);
  // A module that attacks with the weapon its own way (HiTech: a firearm's 'fire') vetoes the
  // core attack; its own notNow then says why not.
  if (w && !vetoed('attack')) {
    const mode = w.def.kind;
    const p = weaponProblem(fig) ?? attackMoveProblem(state, fig, w, mode);
    add({ action: 'attack', label: `${mode} attack with ${w.def.name}`, reason: p?.message ?? NO_TARGET[mode] ?? 'no target', rule: 'tft-core' });
  }
  const readyWhy = readyMoveProblem(fig);
  if (readyWhy && !vetoed('ready')) {
    for (const x of fig.weapons) {
      if (x.uid !== fig.ready && !x.broken) add({ action: 'ready', label: `ready ${x.def.name}`, reason: readyWhy, rule: 'tft-core', command: { type: 'ready', figure: fig.id, weapon: x.uid } });
    }
  }
  const pickWhy = pickUpMoveProblem(fig);
  if (pickWhy && !vetoed('pick-up')) {
    for (const it of state.items) {
      if (canPickUp(state, fig, it)) add({ action: 'pick-up', label: `pick up ${it.weapon.def.name}`, reason: pickWhy, command: { type: 'pick-up', figure: fig.id, weapon: it.weapon.uid } });
    }
  }
  // Dodge and drop: a disengaged figure's options, gone while it has been engaged since the turn began.
  for (const [action, label] of [['dodge', 'dodge'], ['drop', 'drop to the ground']] as const) {
    const why = vetoed(action) ? null : disengagedOnlyProblem(state, fig, action);
    if (why) add({ action, label, reason: why, rule: 'tft-core' });
  }
  for (const { spec } of hooks.actions.values()) {
    if (!spec.notNow || spec.phase === 'move' || (spec.phase === 'action' && vetoed(spec.type))) continue;
    out.push(...spec.notNow({ state, core, mode: 'explain', names }, fig));
  }
  return out;
}
