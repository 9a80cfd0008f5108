// A figure's HiTech ammunition, where its weapons show: the Status roster and the action panel.
import { type FigureView, firearmText } from '../model/view.ts';

/**
 * A figure's HiTech firearms with their ammunition (R-H10): rounds loaded of the clip, spare
 * clips, and whether each is in hand or carried, in words (a tooltip reached neither keyboard
 * nor touch); an empty gun stands out.
 */
export function Ammo({ f }: { f: FigureView }) {
  return (
    <span className="ammo" data-ammo={f.id}>
      {f.firearms.map((w) => (
        <span key={w.uid} className={`chip${w.loaded === 0 ? ' empty' : ''}`}>
          {/* Said in a word, not by the chip's red alone. */}
          {w.loaded === 0 && <strong>empty: </strong>}
          {firearmText(w)}
          {w.ready ? ' (in hand)' : ' (carried)'}
        </span>
      ))}
    </span>
  );
}
