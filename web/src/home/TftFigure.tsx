// One TFT figure in the editor: race, attributes, gear and talents from the tables, its hex
// and facing on the map.
import { DIRECTION_NAMES } from '../../../src/core/hex/coords.ts';
import { Field, Multi, NameSide } from './fields.tsx';
import type { Tables } from './tables.ts';
import type { FigureDraft } from './tft-draft.ts';

export function TftFigure({ f, p, tables, errs, set }: { f: FigureDraft; p: string; tables: Tables; errs(k: string): string[]; set(patch: Partial<FigureDraft>): void }) {
  return (
    <div className="grid4">
      <NameSide f={f} p={p} errs={errs} set={set} />
      <Field label="Race" errors={errs(`${p}.race`)}>
        <select value={f.race} onChange={(e) => set({ race: e.target.value })}>
          {(tables.races ?? [{ id: 'human', name: 'Human' }]).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid3 tight">
        {(['st', 'dx', 'iq'] as const).map((a) => (
          <Field key={a} label={a.toUpperCase()} errors={errs(`${p}.${a}`)}>
            <input inputMode="numeric" value={f[a]} onChange={(e) => set({ [a]: e.target.value })} />
          </Field>
        ))}
      </div>
      <Field label="Weapons" errors={errs(`${p}.weapons`)}>
        <Multi label="Weapons" options={tables.weapons ?? []} value={f.weapons} onChange={(weapons) => set({ weapons })} />
      </Field>
      <Field label="Armor" errors={errs(`${p}.armor`)}>
        <select value={f.armor} onChange={(e) => set({ armor: e.target.value })}>
          <option value="">none</option>
          {(tables.armor ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
              {a.note ? ` (${a.note})` : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Shield" errors={errs(`${p}.shield`)}>
        <select value={f.shield} onChange={(e) => set({ shield: e.target.value })}>
          <option value="">none</option>
          {(tables.shields ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Talents" errors={errs(`${p}.talents`)}>
        <Multi label="Talents" options={tables.talents ?? []} value={f.talents} onChange={(talents) => set({ talents })} />
      </Field>
      <div className="grid3 tight">
        <Field label="q" errors={errs(`${p}.at`)}>
          <input inputMode="numeric" value={f.q} onChange={(e) => set({ q: e.target.value })} />
        </Field>
        <Field label="r" errors={[]}>
          <input inputMode="numeric" value={f.r} onChange={(e) => set({ r: e.target.value })} />
        </Field>
        <Field label="Facing" errors={errs(`${p}.facing`)}>
          <select value={f.facing} onChange={(e) => set({ facing: e.target.value })}>
            {DIRECTION_NAMES.map((x, k) => (
              <option key={x} value={k}>
                {x}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </div>
  );
}
