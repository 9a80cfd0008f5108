// The keyboard help ('?'): the keys this viewer can use. A spectator commands no figure, so the
// keys that choose, move and turn one are not listed for it (it has no options: it sees the
// Follow panel); the GM's own keys (begin, engine plays, undo) only for the GM.
import type { Role } from '../../../src/server/protocol.ts';
import { INITIATIVE_KEYS } from './Actions.tsx';

/** The shortcuts `role` can use, as [keys, what they do]. */
export function shortcutRows(role: Role): [string, string][] {
  const acts: [string, string][] = [
    ['1 – 9', 'take the numbered option'],
    [`${INITIATIVE_KEYS.first} / ${INITIATIVE_KEYS.last}`, 'the initiative won: move first / wait and move last'],
    ['Enter', 'move to the chosen hex'],
    ['q / e', 'turn the facing left / right'],
    ['n / Shift+N', 'next / previous of your figures'],
  ];
  const commands = role !== 'spectator';
  return [
    ...(commands ? acts : []),
    ['Tab', 'to the next button, field or the map'],
    ['arrows (on the map)', 'move the map cursor'],
    ['Enter (on the map)', commands ? 'pick the hex or figure under the cursor; again to move there' : 'pick the figure under the cursor'],
    ['Esc', commands ? 'dismiss the refusals shown, else clear the pick' : 'dismiss the messages shown, close this help'],
    ['m', 'megahex overlay'],
    ['a / s / l', 'actions / status / log'],
    ['← → Home End (on the tabs)', 'the next, previous, first or last panel'],
    ...(role === 'gm'
      ? ([
          ['b, Space', 'run the system step (begin)'],
          ['p', 'let the engine play the pending decision (script or AI)'],
          ['u, Ctrl+Z', 'rewind one step'],
        ] as [string, string][])
      : []),
  ];
}

export function Shortcuts({ role, onClose }: { role: Role; onClose(): void }) {
  return (
    <div className="dice-prompt shortcuts" role="dialog" aria-label="Keyboard shortcuts">
      <h3>Keyboard</h3>
      <table>
        <tbody>
          {shortcutRows(role).map(([k, v]) => (
            <tr key={k}>
              <td>
                <kbd>{k}</kbd>
              </td>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
