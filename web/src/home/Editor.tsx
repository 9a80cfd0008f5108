// The scenario editor: figures built from the weapon, armor, shield, talent and race tables
// (src/data/tft/*.json), with a problem shown next to the field it concerns, both from the
// checks here and from the server's validation (the scenario schema decides).
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Tables, collectTables, issuesByField } from './tables.ts';
import { DIRECTION_NAMES } from '../../../src/core/hex/coords.ts';

const files = import.meta.glob('../../../src/data/tft/*.json', { eager: true, import: 'default' }) as Record<string, unknown>;

export interface FigureDraft {
  name: string;
  side: string;
  race: string;
  st: string;
  dx: string;
  iq: string;
  weapons: string[];
  armor: string;
  shield: string;
  talents: string[];
  q: string;
  r: string;
  facing: string;
}

export interface Draft {
  name: string;
  width: string;
  height: string;
  figures: FigureDraft[];
}

const blank = (i: number): FigureDraft => ({
  name: i === 0 ? 'Hero' : `Foe ${i}`,
  side: i === 0 ? 'heroes' : 'foes',
  race: 'human',
  st: '12',
  dx: '12',
  iq: '8',
  weapons: [],
  armor: '',
  shield: '',
  talents: [],
  q: String(2 + i * 2),
  r: '3',
  facing: i === 0 ? '0' : '3',
});

const int = (s: string) => (/^-?\d+$/.test(s.trim()) ? Number(s) : Number.NaN);

/** Checks a draft before sending it; keys are field paths ("figures.0.st"). Pure. */
export function checkDraft(d: Draft): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const bad = (k: string, m: string) => out.set(k, [...(out.get(k) ?? []), m]);
  if (!d.name.trim()) bad('name', 'give the encounter a name');
  const w = int(d.width);
  const h = int(d.height);
  if (!(w >= 3 && w <= 60)) bad('map.width', 'a whole number from 3 to 60');
  if (!(h >= 3 && h <= 60)) bad('map.height', 'a whole number from 3 to 60');
  if (d.figures.length < 2) bad('figures', 'a fight needs at least two figures');
  const seen = new Map<string, number>();
  d.figures.forEach((f, i) => {
    const p = `figures.${i}`;
    if (!f.name.trim()) bad(`${p}.name`, 'required');
    if (!f.side.trim()) bad(`${p}.side`, 'required');
    for (const a of ['st', 'dx', 'iq'] as const) {
      const v = int(f[a]);
      if (!(v >= 1 && v <= 40)) bad(`${p}.${a}`, `${a.toUpperCase()} must be a whole number from 1 to 40`);
    }
    const q = int(f.q);
    const r = int(f.r);
    if (Number.isNaN(q) || Number.isNaN(r)) bad(`${p}.at`, 'q and r must be whole numbers');
    else if (w >= 3 && h >= 3 && !(r >= 0 && r < h && q + Math.floor(r / 2) >= 0 && q + Math.floor(r / 2) < w)) bad(`${p}.at`, `${q},${r} is off the ${w}×${h} map`);
    else {
      const k = `${q},${r}`;
      if (seen.has(k)) bad(`${p}.at`, `same hex as figure ${seen.get(k)! + 1}`);
      seen.set(k, i);
    }
  });
  if (new Set(d.figures.map((f) => f.side.trim())).size < 2 && d.figures.length >= 2) bad('figures', 'put the figures on at least two sides');
  return out;
}

const FIGURE_FIELDS = ['name', 'side', 'race', 'st', 'dx', 'iq', 'weapons', 'armor', 'shield', 'talents', 'at', 'facing'] as const;

/** Every key the form shows a message at (a server issue goes to the nearest one, tables.ts). */
export function fieldKeys(d: Draft): Set<string> {
  const keys = new Set(['name', 'map', 'map.width', 'map.height', 'figures']);
  d.figures.forEach((_f, i) => {
    keys.add(`figures.${i}`);
    for (const k of FIGURE_FIELDS) keys.add(`figures.${i}.${k}`);
  });
  return keys;
}

/** Brings the first field with a message into view and puts the cursor in its control. */
function revealFirstError(form: HTMLFormElement | null): void {
  const bad = form?.querySelector<HTMLElement>('.field.invalid, .fig-errors');
  if (!bad) return;
  bad.scrollIntoView?.({ block: 'center' });
  const control = bad.querySelector<HTMLElement>('input, select, textarea') ?? bad.closest('fieldset')?.querySelector<HTMLElement>('input, select');
  control?.focus({ preventScroll: true });
}

const slug = (s: string, i: number) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `f${i + 1}`;

/** The scenario object for a draft (system tft). */
export function draftToScenario(d: Draft): Record<string, unknown> {
  const ids = new Set<string>();
  return {
    system: 'tft',
    name: d.name.trim(),
    map: { width: int(d.width), height: int(d.height) },
    figures: d.figures.map((f, i) => {
      let id = slug(f.name, i);
      while (ids.has(id)) id = `${id}-${i + 1}`;
      ids.add(id);
      const fig: Record<string, unknown> = {
        id,
        name: f.name.trim(),
        side: f.side.trim(),
        race: f.race || 'human',
        st: int(f.st),
        dx: int(f.dx),
        iq: int(f.iq),
        at: { q: int(f.q), r: int(f.r) },
        facing: int(f.facing),
      };
      if (f.weapons.length > 0) fig.weapons = f.weapons;
      if (f.armor) fig.armor = f.armor;
      if (f.shield) fig.shield = f.shield;
      if (f.talents.length > 0) fig.talents = f.talents;
      return fig;
    }),
  };
}

export function Editor({ busy, issues, onCreate }: { busy: boolean; issues: { path: string; message: string }[]; onCreate(scenario: Record<string, unknown>, name: string): void }) {
  const tables: Tables = useMemo(() => collectTables(files), []);
  const [d, setD] = useState<Draft>({ name: 'Arena fight', width: '12', height: '8', figures: [blank(0), blank(1)] });
  const [tried, setTried] = useState(false);
  const [reveal, setReveal] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const local = checkDraft(d);
  const server = issuesByField(issues, fieldKeys(d));
  // New server issues, or a submit the local checks stopped: show the first message's field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the issues arrive or a submit is refused
  useEffect(() => revealFirstError(form.current), [issues, reveal]);
  const errs = (k: string) => [...(tried ? (local.get(k) ?? []) : []), ...(server.get(k) ?? [])];
  const setFig = (i: number, patch: Partial<FigureDraft>) => setD({ ...d, figures: d.figures.map((f, j) => (j === i ? { ...f, ...patch } : f)) });

  return (
    <form
      ref={form}
      className="editor"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (checkDraft(d).size === 0) onCreate(draftToScenario(d), d.name);
        else setReveal((n) => n + 1);
      }}
    >
      <div className="grid3">
        <Field label="Name" errors={errs('name')}>
          <input value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} />
        </Field>
        <Field label="Map width" errors={[...errs('map.width'), ...errs('map')]}>
          <input inputMode="numeric" value={d.width} onChange={(e) => setD({ ...d, width: e.target.value })} />
        </Field>
        <Field label="Map height" errors={errs('map.height')}>
          <input inputMode="numeric" value={d.height} onChange={(e) => setD({ ...d, height: e.target.value })} />
        </Field>
      </div>
      {errs('figures').map((m) => (
        <p key={m} className="field-error">
          {m}
        </p>
      ))}
      {d.figures.map((f, i) => {
        const p = `figures.${i}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: figures are edited in place by position
          <fieldset key={i} className="fig-edit">
            <legend>
              Figure {i + 1}
              {d.figures.length > 2 && (
                <button type="button" className="ghost small" onClick={() => setD({ ...d, figures: d.figures.filter((_, j) => j !== i) })}>
                  remove
                </button>
              )}
            </legend>
            {errs(p).length > 0 && (
              <p className="field-error fig-errors" role="alert">
                {errs(p).join('; ')}
              </p>
            )}
            <div className="grid4">
              <Field label="Name" errors={errs(`${p}.name`)}>
                <input value={f.name} onChange={(e) => setFig(i, { name: e.target.value })} />
              </Field>
              <Field label="Side" errors={errs(`${p}.side`)}>
                <input value={f.side} onChange={(e) => setFig(i, { side: e.target.value })} />
              </Field>
              <Field label="Race" errors={errs(`${p}.race`)}>
                <select value={f.race} onChange={(e) => setFig(i, { race: e.target.value })}>
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
                    <input inputMode="numeric" value={f[a]} onChange={(e) => setFig(i, { [a]: e.target.value })} />
                  </Field>
                ))}
              </div>
              <Field label="Weapons" errors={errs(`${p}.weapons`)}>
                <Multi options={tables.weapons ?? []} value={f.weapons} onChange={(weapons) => setFig(i, { weapons })} />
              </Field>
              <Field label="Armor" errors={errs(`${p}.armor`)}>
                <select value={f.armor} onChange={(e) => setFig(i, { armor: e.target.value })}>
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
                <select value={f.shield} onChange={(e) => setFig(i, { shield: e.target.value })}>
                  <option value="">none</option>
                  {(tables.shields ?? []).map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Talents" errors={errs(`${p}.talents`)}>
                <Multi options={tables.talents ?? []} value={f.talents} onChange={(talents) => setFig(i, { talents })} />
              </Field>
              <div className="grid3 tight">
                <Field label="q" errors={errs(`${p}.at`)}>
                  <input inputMode="numeric" value={f.q} onChange={(e) => setFig(i, { q: e.target.value })} />
                </Field>
                <Field label="r" errors={[]}>
                  <input inputMode="numeric" value={f.r} onChange={(e) => setFig(i, { r: e.target.value })} />
                </Field>
                <Field label="Facing" errors={errs(`${p}.facing`)}>
                  <select value={f.facing} onChange={(e) => setFig(i, { facing: e.target.value })}>
                    {DIRECTION_NAMES.map((x, k) => (
                      <option key={x} value={k}>
                        {x}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
            </div>
          </fieldset>
        );
      })}
      <div className="row">
        <button type="button" onClick={() => setD({ ...d, figures: [...d.figures, blank(d.figures.length)] })}>
          Add a figure
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Open the table
        </button>
      </div>
    </form>
  );
}

function Field({ label, errors, children }: { label: string; errors: string[]; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className={`field${errors.length > 0 ? ' invalid' : ''}`}>
      <span className="field-label">{label}</span>
      {children}
      {errors.map((m) => (
        <span key={m} className="field-error" role="alert">
          {m}
        </span>
      ))}
    </label>
  );
}

function Multi({ options, value, onChange }: { options: { id: string; name: string; note?: string }[]; value: string[]; onChange(v: string[]): void }) {
  return (
    <select
      multiple
      size={Math.min(4, Math.max(2, options.length))}
      value={value}
      onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}
    >
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
          {o.note ? ` (${o.note})` : ''}
        </option>
      ))}
    </select>
  );
}
