// The editor's form controls: a labelled field with its messages under it (errors, then hints
// that are not errors), and a pick of several entries of a table.

export function Field({ label, errors, hint, notes = [], className, children }: { label: string; errors: string[]; hint?: string; notes?: string[]; className?: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className={`field${errors.length > 0 ? ' invalid' : ''}${className ? ` ${className}` : ''}`}>
      <span className="field-label">{label}</span>
      {children}
      {errors.map((m) => (
        <span key={m} className="field-error" role="alert">
          {m}
        </span>
      ))}
      {notes.map((m) => (
        <span key={m} className="field-note">
          {m}
        </span>
      ))}
      {hint && <span className="field-hint">{hint}</span>}
    </label>
  );
}

/** A figure's name and side: the first two fields of both systems' figure forms. */
export function NameSide({ f, p, errs, set }: { f: { name: string; side: string }; p: string; errs(k: string): string[]; set(patch: { name?: string; side?: string }): void }) {
  return (
    <>
      <Field label="Name" errors={errs(`${p}.name`)}>
        <input value={f.name} onChange={(e) => set({ name: e.target.value })} />
      </Field>
      <Field label="Side" errors={errs(`${p}.side`)}>
        <input value={f.side} onChange={(e) => set({ side: e.target.value })} />
      </Field>
    </>
  );
}

/**
 * Several entries of a table: those chosen as chips, each with its remove button, and a select
 * that adds one (a multiple select needed Ctrl-click, unknown to many and awkward on a phone).
 * Kept in the table's order, as the engine reads them (the first weapon is the one in hand).
 */
export function Multi({ label, options, value, onChange }: { label: string; options: readonly { id: string; name: string; note?: string }[]; value: string[]; onChange(v: string[]): void }) {
  const chosen = new Set(value);
  const nameOf = (id: string) => options.find((o) => o.id === id)?.name ?? id;
  const inOrder = (ids: Set<string>) => [...options.map((o) => o.id).filter((id) => ids.has(id)), ...value.filter((id) => ids.has(id) && !options.some((o) => o.id === id))];
  return (
    <>
      <select aria-label={`${label}: add one`} value="" onChange={(e) => e.target.value && onChange(inOrder(new Set([...value, e.target.value])))}>
        <option value="">{value.length === 0 ? 'none: add one…' : 'add one…'}</option>
        {options
          .filter((o) => !chosen.has(o.id))
          .map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
              {o.note ? ` (${o.note})` : ''}
            </option>
          ))}
      </select>
      {value.length > 0 && (
        <span className="picked">
          {value.map((id) => (
            <span key={id} className="chip picked-chip" data-picked={id}>
              {nameOf(id)}
              <button type="button" className="ghost small" aria-label={`Remove ${nameOf(id)} from ${label}`} onClick={() => onChange(value.filter((x) => x !== id))}>
                ×
              </button>
            </span>
          ))}
        </span>
      )}
    </>
  );
}
