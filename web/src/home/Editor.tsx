// The scenario editor: a TFT or an AD&D 1e encounter, figures built from the system's tables
// (TFT: src/data/tft/*.json and the gear of the house modules its options turn on, HiTech's guns;
// AD&D: the class, weapon and spell tables), the rules options read from the system's scenario
// schema (options.tsx), and a problem shown next to the field it concerns, both from the checks
// here and from the server's validation (the scenario schema decides). Each system keeps its own
// draft, so switching back loses nothing.
import { useEffect, useMemo, useRef, useState } from 'react';
import { ADND_FIGURE_FIELDS, ADND_OPTIONS, type AdndDraft, adndDraftToScenario, adndNotes, blankAdnd, blankAdndFigure, checkAdndDraft, surpriseSides } from './adnd-draft.ts';
import { AdndFigure } from './AdndFigure.tsx';
import type { Problems } from './draft.ts';
import { Field } from './fields.tsx';
import { OptionsFields } from './options.tsx';
import { issuesByField } from './tables.ts';
import { TftFigure } from './TftFigure.tsx';
import { TftMapEditor } from './TftMapEditor.tsx';
import { TFT_OPTIONS, type TftDraft, blankTft, blankTftFigure, checkTftDraft, tftDraftToScenario, tftFigureFields, tftTables, withTftOptions } from './tft-draft.ts';

const files = import.meta.glob('../../../src/data/tft/*.json', { eager: true, import: 'default' }) as Record<string, unknown>;

export type SystemId = 'tft' | 'adnd';

export interface Draft {
  system: SystemId;
  tft: TftDraft;
  adnd: AdndDraft;
}

export const blankDraft = (system: SystemId = 'tft'): Draft => ({ system, tft: blankTft(), adnd: blankAdnd() });

const SYSTEMS: { id: SystemId; name: string }[] = [
  { id: 'tft', name: 'The Fantasy Trip' },
  { id: 'adnd', name: 'AD&D 1e' },
];

/** Checks the draft of the chosen system; keys are field paths ("figures.0.st"). Pure. */
export function checkDraft(d: Draft): Problems {
  return d.system === 'adnd' ? checkAdndDraft(d.adnd) : checkTftDraft(d.tft);
}

/** The scenario object for the chosen system's draft. */
export function draftToScenario(d: Draft): Record<string, unknown> {
  return d.system === 'adnd' ? adndDraftToScenario(d.adnd) : tftDraftToScenario(d.tft);
}

/** Every key the form shows a message at (a server issue goes to the nearest one, tables.ts). */
export function fieldKeys(d: Draft): Set<string> {
  const adnd = d.system === 'adnd';
  const keys = new Set(['name', 'figures', 'options', ...(adnd ? ADND_OPTIONS : TFT_OPTIONS).map((f) => `options.${f.key}`)]);
  if (!adnd) for (const k of ['map', 'map.width', 'map.height']) keys.add(k);
  else {
    keys.add('surprise');
    for (let i = 0; i < surpriseSides(d.adnd).length; i++) keys.add(`surprise.${i}.roll`);
  }
  // A TFT figure's fields include each firearm's ammunition, by the weapon's place in its list.
  const fields: (readonly string[])[] = adnd ? d.adnd.figures.map(() => ADND_FIGURE_FIELDS) : d.tft.figures.map(tftFigureFields);
  fields.forEach((figureFields, i) => {
    keys.add(`figures.${i}`);
    for (const k of figureFields) keys.add(`figures.${i}.${k}`);
  });
  return keys;
}

/** Brings the first field with a message into view and puts the cursor in its control. */
function revealFirstError(form: HTMLFormElement | null): void {
  const bad = form?.querySelector<HTMLElement>('.field.invalid, .fig-errors, .profs.invalid');
  if (!bad) return;
  bad.scrollIntoView?.({ block: 'center' });
  const control = bad.querySelector<HTMLElement>('input, select, textarea') ?? bad.closest('fieldset')?.querySelector<HTMLElement>('input, select');
  control?.focus({ preventScroll: true });
}

export function Editor({ busy, issues, onCreate }: { busy: boolean; issues: { path: string; message: string }[]; onCreate(scenario: Record<string, unknown>, name: string): void }) {
  const [d, setD] = useState<Draft>(() => blankDraft());
  // With the house modules' gear when their options are on (HiTech's firearms and grenades).
  const tftOptions = d.tft.options;
  const tables = useMemo(() => tftTables(files, tftOptions), [tftOptions]);
  const [tried, setTried] = useState(false);
  /** The figures' gear the last change of the TFT options removed (withTftOptions), in words. */
  const [dropped, setDropped] = useState<string[]>([]);
  const [reveal, setReveal] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  // The system the server's issues are about: after a switch they name another form's fields.
  const [issuesFor, setIssuesFor] = useState<SystemId>(d.system);
  // biome-ignore lint/correctness/useExhaustiveDependencies: noted when the issues arrive, for the system sent
  useEffect(() => setIssuesFor(d.system), [issues]);
  const local = checkDraft(d);
  const server = issuesByField(issuesFor === d.system ? issues : [], fieldKeys(d));
  const notes = adndNotes(d.adnd);
  // New server issues, or a submit the local checks stopped: show the first message's field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the issues arrive or a submit is refused
  useEffect(() => revealFirstError(form.current), [issues, reveal]);
  const errs = (k: string) => [...(tried ? (local.get(k) ?? []) : []), ...(server.get(k) ?? [])];
  const adnd = d.system === 'adnd';
  const cur = adnd ? d.adnd : d.tft;
  const setTft = (patch: Partial<TftDraft>) => setD({ ...d, tft: { ...d.tft, ...patch } });
  const setAdnd = (patch: Partial<AdndDraft>) => setD({ ...d, adnd: { ...d.adnd, ...patch } });
  const setCur = (patch: Partial<TftDraft & AdndDraft>) => (adnd ? setAdnd(patch) : setTft(patch));
  const figures: { name: string; side: string }[] = cur.figures;
  const sides = [...new Set(d.adnd.figures.map((f) => f.side.trim()).filter(Boolean))];

  return (
    <form
      ref={form}
      className="editor"
      data-system={d.system}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (checkDraft(d).size === 0) onCreate(draftToScenario(d), cur.name);
        else setReveal((n) => n + 1);
      }}
    >
      <div className={adnd ? 'grid2' : 'grid4'}>
        <Field label="System" errors={errs('system')}>
          <select value={d.system} onChange={(e) => setD({ ...d, system: e.target.value as SystemId })}>
            {SYSTEMS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Name" errors={errs('name')}>
          <input value={cur.name} onChange={(e) => setCur({ name: e.target.value })} />
        </Field>
        {!adnd && (
          <>
            <Field label="Map width" errors={[...errs('map.width'), ...errs('map')]}>
              <input inputMode="numeric" value={d.tft.width} onChange={(e) => setTft({ width: e.target.value })} />
            </Field>
            <Field label="Map height" errors={errs('map.height')}>
              <input inputMode="numeric" value={d.tft.height} onChange={(e) => setTft({ height: e.target.value })} />
            </Field>
          </>
        )}
      </div>
      {!adnd && <TftMapEditor d={d.tft} set={setTft} />}
      <fieldset className="options-edit">
        <legend>Rules options</legend>
        {errs('options').map((m) => (
          <p key={m} className="field-error" role="alert">
            {m}
          </p>
        ))}
        <OptionsFields
          fields={adnd ? ADND_OPTIONS : TFT_OPTIONS}
          values={cur.options}
          onChange={(options) => {
            if (adnd) return setAdnd({ options });
            // Gear these options no longer offer leaves the figures, and the form says which.
            const next = withTftOptions(d.tft, options, files);
            setD({ ...d, tft: next.draft });
            setDropped(next.dropped);
          }}
          errs={errs}
        />
        {!adnd && dropped.length > 0 && (
          <p className="field-note" role="status" data-testid="gear-dropped">
            Removed, not offered with these options: {dropped.join('; ')}.
          </p>
        )}
        {adnd && sides.length > 0 && (
          <div className="surprise-sides">
            <span className="field-label">Rolls for surprise (one d100 per side, R-A3; a roll fixed here is not rolled at the table)</span>
            {sides.map((s) => {
              const i = surpriseSides(d.adnd).indexOf(s);
              return (
                <span key={s} className="surprise-side">
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={d.adnd.surprise.includes(s)}
                      onChange={(e) => setAdnd({ surprise: e.target.checked ? [...d.adnd.surprise, s] : d.adnd.surprise.filter((x) => x !== s) })}
                    />
                    {s}
                  </label>
                  {i >= 0 && (
                    <Field label={`${s} roll`} errors={errs(`surprise.${i}.roll`)}>
                      <input
                        inputMode="numeric"
                        placeholder="at the table"
                        value={d.adnd.surpriseRoll[s] ?? ''}
                        onChange={(e) => setAdnd({ surpriseRoll: { ...d.adnd.surpriseRoll, [s]: e.target.value } })}
                      />
                    </Field>
                  )}
                </span>
              );
            })}
            {errs('surprise').map((m) => (
              <span key={m} className="field-error" role="alert">
                {m}
              </span>
            ))}
          </div>
        )}
      </fieldset>
      {errs('figures').map((m) => (
        <p key={m} className="field-error">
          {m}
        </p>
      ))}
      {figures.map((_f, i) => {
        const p = `figures.${i}`;
        const remove = () => (adnd ? setAdnd({ figures: d.adnd.figures.filter((_, j) => j !== i) }) : setTft({ figures: d.tft.figures.filter((_, j) => j !== i) }));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: figures are edited in place by position
          <fieldset key={`${d.system}-${i}`} className="fig-edit">
            <legend>
              Figure {i + 1}
              {figures.length > 2 && (
                <button type="button" className="ghost small" onClick={remove}>
                  remove
                </button>
              )}
            </legend>
            {errs(p).length > 0 && (
              <p className="field-error fig-errors" role="alert">
                {errs(p).join('; ')}
              </p>
            )}
            {adnd ? (
              <AdndFigure
                f={d.adnd.figures[i]}
                p={p}
                errs={errs}
                notes={(k) => notes.get(k) ?? []}
                set={(patch) => setAdnd({ figures: d.adnd.figures.map((f, j) => (j === i ? { ...f, ...patch } : f)) })}
              />
            ) : (
              <TftFigure f={d.tft.figures[i]} p={p} tables={tables} errs={errs} set={(patch) => setTft({ figures: d.tft.figures.map((f, j) => (j === i ? { ...f, ...patch } : f)) })} />
            )}
          </fieldset>
        );
      })}
      <div className="row">
        <button
          type="button"
          onClick={() => (adnd ? setAdnd({ figures: [...d.adnd.figures, blankAdndFigure(d.adnd.figures.length)] }) : setTft({ figures: [...d.tft.figures, blankTftFigure(d.tft.figures.length)] }))}
        >
          Add a figure
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Open the table
        </button>
      </div>
    </form>
  );
}
