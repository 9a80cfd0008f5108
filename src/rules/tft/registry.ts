// Which house modules are active in an encounter, and their hooks gathered per hook name, cached
// per active set (so the hot path loops over small arrays, never over objects or strings).
import type { ActionSpec, HouseModule, TftHooks } from './hooks.ts';
import { houseModules } from './modules.ts';
import type { TftState } from './model.ts';

type Fn<K extends keyof TftHooks> = NonNullable<TftHooks[K]>;

export interface HookSet {
  modules: TftHooks[];
  woundState: Fn<'woundState'>[];
  toHitModifiers: Fn<'toHitModifiers'>[];
  maModifier: Fn<'maModifier'>[];
  requirementST: Fn<'requirementST'>[];
  armorPerDie: Fn<'armorPerDie'>[];
  stanceKeepsAction: Fn<'stanceKeepsAction'>[];
  actsPastHalfMA: Fn<'actsPastHalfMA'>[];
  onStateChange: Fn<'onStateChange'>[];
  onMoveStep: Fn<'onMoveStep'>[];
  beforeAction: Fn<'beforeAction'>[];
  startOfTurn: Fn<'startOfTurn'>[];
  endOfTurn: Fn<'endOfTurn'>[];
  turnPasses: Fn<'turnPasses'>[];
  vetoAction: Fn<'vetoAction'>[];
  explain: Fn<'explain'>[];
  isOver: Fn<'isOver'>[];
  afterFight: Fn<'afterFight'>[];
  actions: Map<string, { module: HouseModule; spec: ActionSpec }>;
}

/** The registered modules (src/rules/tft/modules.ts), by id. */
export function allModules(): readonly HouseModule[] {
  return houseModules;
}

export function moduleById(id: string): HouseModule | undefined {
  return houseModules.find((m) => m.id === id);
}

const cache = new Map<string, HookSet>();
const byArray = new WeakMap<string[], HookSet>();

function build(ids: readonly string[]): HookSet {
  const mods = ids.map((id) => moduleById(id)).filter((m): m is HouseModule => m !== undefined);
  const hooks = mods.map((m) => m.hooks ?? {});
  const pick = <K extends keyof TftHooks>(k: K): Fn<K>[] =>
    hooks
      .filter((h) => typeof h[k] === 'function')
      // biome-ignore lint/complexity/noBannedTypes: bound per module so `this` works in hook objects
      .map((h) => (h[k] as unknown as Function).bind(h) as Fn<K>);
  const actions = new Map<string, { module: HouseModule; spec: ActionSpec }>();
  for (const m of mods) for (const spec of m.actions ?? []) actions.set(spec.type, { module: m, spec });
  return {
    modules: hooks,
    woundState: pick('woundState'),
    toHitModifiers: pick('toHitModifiers'),
    maModifier: pick('maModifier'),
    requirementST: pick('requirementST'),
    armorPerDie: pick('armorPerDie'),
    stanceKeepsAction: pick('stanceKeepsAction'),
    actsPastHalfMA: pick('actsPastHalfMA'),
    onStateChange: pick('onStateChange'),
    onMoveStep: pick('onMoveStep'),
    beforeAction: pick('beforeAction'),
    startOfTurn: pick('startOfTurn'),
    endOfTurn: pick('endOfTurn'),
    turnPasses: pick('turnPasses'),
    vetoAction: pick('vetoAction'),
    explain: pick('explain'),
    isOver: pick('isOver'),
    afterFight: pick('afterFight'),
    actions,
  };
}

// The last answer: a run plays one encounter's clones, which share their modules array.
let lastArr: string[] | null = null;
let lastSet: HookSet | null = null;

export function hooksOf(state: TftState): HookSet {
  const arr = state.modules;
  if (arr === lastArr) return lastSet as HookSet;
  const set = hooksOfArray(arr);
  lastArr = arr;
  lastSet = set;
  return set;
}

function hooksOfArray(arr: string[]): HookSet {
  const hit = byArray.get(arr);
  if (hit) return hit;
  const key = arr.join(',');
  let set = cache.get(key);
  if (!set) {
    set = build(arr);
    cache.set(key, set);
  }
  byArray.set(arr, set);
  return set;
}

/** Every module action type known to the registry (for parseCommand). */
export function moduleAction(type: string): { module: HouseModule; spec: ActionSpec } | undefined {
  for (const m of houseModules) for (const spec of m.actions ?? []) if (spec.type === type) return { module: m, spec };
  return undefined;
}
