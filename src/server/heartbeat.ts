// Liveness of the WebSocket clients. A connection can stay open on the server long after its
// client is gone (a laptop that slept, a NAT that forgot it: only TCP's timeouts, hours later,
// would end it), and it keeps its place among its room's sessions meanwhile. So the server pings
// each socket and cuts one that has sent nothing, not even the pong, since the last ping; a
// browser answers pings by itself (the WebSocket protocol). A socket must also say `hello` soon.
import type { WebSocket } from 'ws';

/** Runs `fn` once after `ms` milliseconds; returns what cancels it. */
export type Timer = (ms: number, fn: () => void) => () => void;

export interface HeartbeatOptions {
  /** A ping every this many ms; a socket silent since the last one is cut (default 30 s). */
  pingEveryMs?: number;
  /** A socket that has not joined with `hello` this many ms after it opened is closed (default 10 s). */
  helloWithinMs?: number;
  /** Where the waits come from (default: setTimeout, not keeping the process alive); tests pass one they run by hand. */
  timer?: Timer;
}

export const PING_EVERY_MS = 30_000;
export const HELLO_WITHIN_MS = 10_000;

export const realTimer: Timer = (ms, fn) => {
  const t = setTimeout(fn, ms);
  t.unref();
  return () => clearTimeout(t);
};

/**
 * Pings `socket` every `everyMs`; `onSilent` runs at a ping time when nothing came from it since
 * the last ping (`heard` says something did: a pong, or any frame). `stop` ends the pings.
 */
export function pingUntilSilent(socket: WebSocket, everyMs: number, timer: Timer, onSilent: () => void): { heard(): void; stop(): void } {
  let heard = true;
  let cancel = timer(everyMs, beat);
  function beat(): void {
    if (!heard) {
      onSilent();
      return;
    }
    heard = false;
    socket.ping();
    cancel = timer(everyMs, beat);
  }
  socket.on('pong', () => {
    heard = true;
  });
  return {
    heard: () => {
      heard = true;
    },
    stop: () => cancel(),
  };
}
