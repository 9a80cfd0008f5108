// The editor's form controls: a labelled field with its messages under it (errors, then hints
// that are not errors), and a multi-select from a table.

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

export function Multi({ options, value, onChange }: { options: readonly { id: string; name: string; note?: string }[]; value: string[]; onChange(v: string[]): void }) {
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
