// One TFT figure in the editor: race, attributes, gear and talents from the tables (a HiTech
// firearm with its ammunition and spare clips), the weapon in hand, its hex and facing on the map.
import { DIRECTION_NAMES } from '../../../src/core/hex/coords.ts';
import { Field, Multi, NameSide } from './fields.tsx';
import type { Tables } from './tables.ts';
import { NO_WEAPON } from './draft.ts';
import { type FigureDraft, firearmDef, firearmDraft, gearField, readyWeapon, spareDefault } from './tft-draft.ts';

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
      {f.weapons.length > 0 && (
        // The scenario's `ready`: the picker keeps the table's order, so the first is not always the one in hand.
        <Field label="In hand" errors={errs(`${p}.ready`)}>
          <select value={readyWeapon(f) ?? NO_WEAPON} onChange={(e) => set({ ready: e.target.value })}>
            {f.weapons.map((id) => (
              <option key={id} value={id}>
                {(tables.weapons ?? []).find((w) => w.id === id)?.name ?? id}
              </option>
            ))}
            <option value={NO_WEAPON}>nothing (draws later)</option>
          </select>
        </Field>
      )}
      {f.weapons.map((id, j) => (firearmDef(id) ? <FirearmGear key={id} f={f} id={id} p={p} j={j} errs={errs} set={set} /> : null))}
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

/** The words for an ammunition kind: its id, dice and what it does (R-H9). */
const ammoWords = (a: { id: string; dice: number; explosive: boolean; ap: boolean }) => `${a.id}: ${a.dice}d${a.explosive ? ', explosive' : ''}${a.ap ? ', armor-piercing' : ''}`;

/**
 * A HiTech firearm's loaded ammunition (where it has a choice) and its spare clips by kind (R-H9,
 * R-H10), one cell of the form: each spare field is labelled by its kind and named in full to a
 * screen reader ("ACR: spare he clips").
 */
function FirearmGear({ f, id, j, errs, set, p }: { f: FigureDraft; id: string; j: number; p: string; errs(k: string): string[]; set(patch: Partial<FigureDraft>): void }) {
  const fw = firearmDef(id)!;
  const g = firearmDraft(f, id);
  const put = (patch: Partial<typeof g>) => set({ gear: { ...f.gear, [id]: { ...g, ...patch } } });
  return (
    // Styled inline: the editor's stylesheet (web/src/styles.css) has no class for a bare group.
    <fieldset aria-label={`${fw.name} ammunition`} className="gear-edit">
      {fw.ammo.length > 1 && (
        <Field label={`${fw.name} ammunition`} errors={errs(`${p}.${gearField(j)}`)}>
          <select value={g.ammo || fw.ammo[0].id} onChange={(e) => put({ ammo: e.target.value === fw.ammo[0].id ? '' : e.target.value })}>
            {fw.ammo.map((a) => (
              <option key={a.id} value={a.id}>
                {ammoWords(a)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <span className="field-label">{fw.name} spare clips</span>
      <div className="grid3 tight">
        {fw.ammo.map((a) => (
          <Field key={a.id} label={a.id} errors={errs(`${p}.${gearField(j, a.id)}`)}>
            <input aria-label={`${fw.name}: spare ${a.id} clips`} inputMode="numeric" placeholder={String(spareDefault(fw, g, a.id))} value={g.spare[a.id] ?? ''} onChange={(e) => put({ spare: { ...g.spare, [a.id]: e.target.value } })} />
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
