// A figure's HiTech ammunition, where its weapons show: the Status roster and the action panel.
import { type FigureView, firearmText } from '../model/view.ts';

/** A figure's HiTech firearms with their ammunition (R-H10): rounds loaded of the clip, spare clips; an empty gun stands out. */
export function Ammo({ f }: { f: FigureView }) {
  return (
    <span className="ammo" data-ammo={f.id}>
      {f.firearms.map((w) => (
        <span key={w.uid} className={`chip${w.loaded === 0 ? ' empty' : ''}`} title={w.ready ? 'in hand' : 'carried'}>
          {/* Said in a word, not by the chip's red alone. */}
          {w.loaded === 0 && <strong>empty: </strong>}
          {firearmText(w)}
          {w.ready && f.firearms.length > 1 ? ' (in hand)' : ''}
        </span>
      ))}
    </span>
  );
}
