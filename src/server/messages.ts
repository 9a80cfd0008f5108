// Parsing of WebSocket frames from clients. Never throws: anything that is not one valid
// ClientMessage becomes an error answer naming the field and the reason, and the caller keeps
// the connection open.
import { clip, describeValue, zodIssues } from '../core/issues.ts';
import { FORBIDDEN_WHY, forbiddenFieldIn } from '../core/forbidden.ts';
import { MAX_ERROR_MESSAGE, boundIssues } from './errors.ts';
import { type ClientMessage, ClientMessage as ClientMessageSchema, type ErrorCode, type Issue, MAX_MESSAGE_BYTES } from './protocol.ts';

/** The `type`s a client may send. */
const KNOWN_TYPES: readonly string[] = ClientMessageSchema.options.map((o) => o.shape.type.value);

export type Parsed = { ok: true; msg: ClientMessage } | { ok: false; code: ErrorCode; message: string; issues: Issue[] };

export function parseClientMessage(data: Buffer | ArrayBuffer | Buffer[] | string, isBinary = false): Parsed {
  let text: string;
  if (typeof data === 'string') text = data;
  else if (Array.isArray(data)) text = Buffer.concat(data).toString('utf8');
  else text = Buffer.from(data as ArrayBuffer).toString('utf8');
  const bytes = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_MESSAGE_BYTES) {
    return { ok: false, code: 'too-large', message: `message of ${bytes} bytes exceeds ${MAX_MESSAGE_BYTES}`, issues: [{ path: '', message: 'too large' }] };
  }
  if (isBinary) return { ok: false, code: 'invalid', message: 'binary frames are not accepted; send JSON text', issues: [{ path: '', message: 'binary frame' }] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, code: 'invalid', message: clip(`not JSON: ${(e as Error).message}`, MAX_ERROR_MESSAGE), issues: [{ path: '', message: 'not JSON' }] };
  }
  // Refused as in an HTTP body (body.ts), by the same check: not taken for plain data here.
  const at = forbiddenFieldIn(json, '');
  if (at !== null) return { ok: false, code: 'invalid', message: clip(`invalid message: ${at}: ${FORBIDDEN_WHY}`, MAX_ERROR_MESSAGE), issues: [{ path: at, message: FORBIDDEN_WHY }] };
  const r = ClientMessageSchema.safeParse(json);
  if (!r.success) {
    const type = (json as { type?: unknown } | null)?.type;
    const issues =
      json && typeof json === 'object' && !Array.isArray(json) && !KNOWN_TYPES.includes(type as string)
        ? [{ path: 'type', message: `${type === undefined ? 'required' : `unknown message type ${describeValue(type)}`}: one of ${KNOWN_TYPES.join(', ')}` }]
        : zodIssues(r.error, json, '');
    const bounded = boundIssues(issues);
    return { ok: false, code: 'invalid', message: clip(`invalid message: ${bounded.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`, MAX_ERROR_MESSAGE), issues: bounded };
  }
  return { ok: true, msg: r.data };
}
