// The rules options of a scenario, read from the system's scenario JSON Schema (the zod schemas
// in src/rules decide): an enum or a union of constants becomes a select, a boolean a checkbox,
// an integer a number field, the schema's description its hint, its default preselected. An
// option the engine adds appears here without editor code. What is not a simple field (AD&D
// spellPause, criticalTable) is shown read-only with its default: scenario files set those.
import { type Problems, boundsText, int, schemaBounds, within } from './draft.ts';
import { Field } from './fields.tsx';

type Prim = string | number | boolean;

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
}

export type OptionField = { key: string; hint?: string } & (
  | { kind: 'choice'; choices: Prim[]; default: Prim }
  | { kind: 'boolean'; default: boolean }
  | { kind: 'integer'; min?: number; max?: number; default?: number }
  | { kind: 'fixed'; default: unknown }
);

/** What the GM set: a choice's value, a checkbox's state, a number field's text. Absent = the default. */
export type OptionValues = Record<string, Prim>;

const isPrim = (v: unknown): v is Prim => ['string', 'number', 'boolean'].includes(typeof v);

/** The finite values a schema allows (enum, const, boolean, a union of those), or null. */
function choicesOf(s: JsonSchema, dflt: unknown): Prim[] | null {
  if (Array.isArray(s.enum)) return s.enum.every(isPrim) ? s.enum : null;
  if ('const' in s) return isPrim(s.const) ? [s.const] : null;
  if (s.type === 'boolean') return [true, false];
  if (!s.anyOf) return null;
  const parts = s.anyOf.map((b) => choicesOf(b, dflt));
  if (parts.some((p) => p === null)) return null;
  const all = parts.flat() as Prim[];
  // `thread: true | false | 'on' | 'off'` (default 'on'): the spelling of the default's type.
  const same = all.filter((v) => typeof v === typeof dflt);
  return same.length > 0 ? same : all;
}

/** The option fields of a scenario JSON Schema (its `options` object), in the schema's order. */
export function optionFields(scenarioJsonSchema: unknown): OptionField[] {
  const options = (scenarioJsonSchema as JsonSchema | null)?.properties?.options;
  return Object.entries(options?.properties ?? {}).map(([key, s]): OptionField => {
    const hint = s.description;
    if (s.type === 'boolean') return { key, hint, kind: 'boolean', default: s.default === true };
    if (s.type === 'integer') return { key, hint, kind: 'integer', ...schemaBounds(s), default: typeof s.default === 'number' ? s.default : undefined };
    const choices = choicesOf(s, s.default);
    if (choices && choices.length > 0) return { key, hint, kind: 'choice', choices, default: isPrim(s.default) ? s.default : choices[0] };
    return { key, hint, kind: 'fixed', default: s.default };
  });
}

/** The options the GM changed, typed, for the scenario: a value equal to the default is left out. */
export function chosenOptions(fields: readonly OptionField[], values: OptionValues): Record<string, Prim> {
  const out: Record<string, Prim> = {};
  for (const f of fields) {
    const raw = values[f.key];
    if (raw === undefined || f.kind === 'fixed') continue;
    if (f.kind === 'integer' && String(raw).trim() === '') continue;
    const v = f.kind === 'integer' ? int(String(raw)) : raw;
    if (v !== f.default) out[f.key] = v;
  }
  return out;
}

/** A number field's problem at "options.<key>" (the server's path for the same field). */
export function checkOptions(fields: readonly OptionField[], values: OptionValues, out: Problems): void {
  for (const f of fields) {
    const raw = values[f.key];
    if (f.kind !== 'integer' || raw === undefined || String(raw).trim() === '') continue;
    if (!within(int(String(raw)), f.min, f.max)) out.add(`options.${f.key}`, boundsText(f.min, f.max));
  }
}

const text = (v: unknown) => (isPrim(v) ? String(v) : JSON.stringify(v));

/** The rules options as form fields; `errs(key)` gives a field's messages ("options.maxTurns"). */
export function OptionsFields({ fields, values, onChange, errs }: { fields: readonly OptionField[]; values: OptionValues; onChange(v: OptionValues): void; errs(key: string): string[] }) {
  const set = (key: string, v: Prim) => onChange({ ...values, [key]: v });
  return (
    <div className="grid4 options-grid">
      {fields.map((f) => {
        const e = errs(`options.${f.key}`);
        if (f.kind === 'boolean') {
          return (
            <Field key={f.key} label={f.key} errors={e} hint={f.hint} className="check-field">
              <input type="checkbox" checked={(values[f.key] ?? f.default) === true} onChange={(ev) => set(f.key, ev.target.checked)} />
            </Field>
          );
        }
        if (f.kind === 'choice') {
          const at = f.choices.indexOf(values[f.key] ?? f.default);
          return (
            <Field key={f.key} label={f.key} errors={e} hint={f.hint}>
              <select value={String(at)} onChange={(ev) => set(f.key, f.choices[Number(ev.target.value)])}>
                {f.choices.map((c, i) => (
                  <option key={String(c)} value={String(i)}>
                    {String(c)}
                    {c === f.default ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            </Field>
          );
        }
        if (f.kind === 'integer') {
          return (
            <Field key={f.key} label={f.key} errors={e} hint={f.hint ?? boundsText(f.min, f.max)}>
              <input inputMode="numeric" placeholder={f.default === undefined ? '' : String(f.default)} value={String(values[f.key] ?? f.default ?? '')} onChange={(ev) => set(f.key, ev.target.value)} />
            </Field>
          );
        }
        return (
          <div key={f.key} className="field fixed-option" data-option={f.key}>
            <span className="field-label">{f.key}</span>
            <code>{text(f.default)}</code>
            <span className="field-hint">the default; set it in a scenario file</span>
          </div>
        );
      })}
    </div>
  );
}
