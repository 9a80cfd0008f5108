// A refusal as the page shows it: the server's message, and the field issues it does not say
// (api/client.ts errorView). The table's toasts and the GM's adjust form show it alike.
import { errorView } from '../api/client.ts';

export function RefusalText({ text, issues }: { text: string; issues: readonly { path: string; message: string }[] }) {
  const shown = errorView(text, issues);
  return (
    <>
      {shown.text}
      {shown.issues.length > 0 && (
        <ul>
          {shown.issues.map((i) => (
            <li key={`${i.path}:${i.message}`}>
              <code>{i.path}</code> {i.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
