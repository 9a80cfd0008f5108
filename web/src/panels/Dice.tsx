// The dice tray: the faces of the last roll, tumbling briefly when they arrive; and the prompt
// for a physical die when "enter physical dice" is on and the server needs one more face.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TrayGroup } from '../model/log.ts';
import { Faces } from './LedgerView.tsx';

export type DiceGroup = TrayGroup;

/**
 * The last step's rolls, one group per event (attack 3d6, damage 2d...), each with its sum when
 * its faces are one roll (model/log.ts trayGroups). Every group of the step: an attack that ends
 * the turn rolls its to-hit, its damage and the next initiative in one command (the to-hit was
 * cut when only the last three showed); the tray wraps instead. Cleared by a rewind. On a phone
 * it sits in the page's flow under the map instead of floating over it (styles.css), so it covers nothing.
 */
export function DiceTray({ groups, stamp, label, said }: { groups: DiceGroup[]; stamp: number; label: string; said?: string }) {
  const [rolling, setRolling] = useState(false);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: animate on each new roll (stamp)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (groups.length === 0) return;
    setRolling(true);
    const t = setTimeout(() => setRolling(false), 650);
    return () => clearTimeout(t);
  }, [stamp]);
  if (groups.length === 0) return null;
  return (
    // The table's live region says each step's dice as they come (Table.tsx); the tray reads as
    // those words too (`said`), its faces drawn for the eye.
    <div className="dice-tray" data-testid="dice-tray">
      {said && <span className="sr-only">{said}</span>}
      {groups.map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups of one step keep their order
        <span key={i} className="dice-group" aria-hidden={said ? true : undefined}>
          <span className="dice-label">{g.label}</span>
          <Faces faces={g.faces} rolling={rolling} />
          {g.summed && g.faces.length > 1 && <strong className="dice-sum">{g.faces.reduce((a, b) => a + b, 0)}</strong>}
        </span>
      ))}
      <span className="dice-label">{label}</span>
    </div>
  );
}

/** What the physical die is for: the command being resolved, and the faces entered so far. */
export interface DiceFor {
  /** The command in words ("Cedric: attack → Bjorn", "begin the fight"). */
  command: string;
  /** The server's own words for this die, when it sends them (dice-needed `purpose`). */
  purpose?: string;
  /** Faces already entered for this command, in order. */
  entered: number[];
  /**
   * The die is another figure's roll than the command's (an AD&D pass or parry plays the segment
   * on to a foe's attack): the prompt names the roll, not the command that brought it on.
   */
  playsOn?: boolean;
}

export function DicePrompt({ sides, index, what, onFace, onCancel }: { sides: number; index: number; what: DiceFor; onFace(f: number): void; onCancel(): void }) {
  const [v, setV] = useState('');
  const n = Number(v);
  const ok = Number.isInteger(n) && n >= 1 && n <= sides;
  // The prompt takes the focus for each die (the table's keys are off while it is open): with a
  // mouse and keyboard the face field, to type the face and Enter; on a touch screen the dialog,
  // so that no on-screen keyboard covers the face buttons. Escape cancels.
  // Focus before the prompt is painted (a layout effect), so a key typed the moment a die's prompt
  // appears goes to it; Escape is the table's page-wide key (Table.tsx), never lost in between.
  const box = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => (matchMedia('(pointer: fine)').matches ? field.current : box.current)?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="dice-prompt" role="dialog" aria-label="Enter a die" data-index={index}>
      <p className="dice-for" data-testid="dice-for">
        {what.playsOn && what.purpose ? (
          // "For Zara: pass: Strider's attack roll" read as Zara's roll, or a pass that rolls.
          <>
            For <strong>{what.purpose}</strong>, as the fight plays on after {what.command}
          </>
        ) : (
          <>
            For <strong>{what.command}</strong>
            {what.purpose ? `: ${what.purpose}` : ''}
          </>
        )}
      </p>
      <p>
        Roll a <strong>d{sides}</strong> (die {index + 1} of this command) and enter the face:
      </p>
      {what.entered.length > 0 && (
        <p className="muted small-note">
          Entered so far: <Faces faces={what.entered} />
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ok) onFace(n);
        }}
      >
        <input ref={field} aria-label={`d${sides} face`} inputMode="numeric" value={v} onChange={(e) => setV(e.target.value.replace(/\D/g, ''))} />
        {sides <= 20 && (
          <div className="face-buttons">
            {Array.from({ length: sides }, (_, i) => i + 1).map((f) => (
              <button key={f} type="button" onClick={() => onFace(f)}>
                {f}
              </button>
            ))}
          </div>
        )}
        {v !== '' && !ok && <span className="field-error">a d{sides} shows 1 to {sides}</span>}
        <div className="row">
          <button type="submit" className="primary" disabled={!ok}>
            Use it
          </button>
          <button type="button" onClick={onCancel}>
            Cancel the command
          </button>
        </div>
      </form>
    </div>
  );
}
