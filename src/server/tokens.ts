// Secrets and identifiers. Tokens are 32 random bytes (node:crypto), shown once, stored only
// as a sha256 hash: a leaked database does not leak a way in, and a revoked token stays dead.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { DiceSource } from '../core/dice/source.ts';

/** A new secret token: "fray_" + 43 base64url characters (256 bits). */
export function newToken(): string {
  return `fray_${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A short random id (encounters, token ids): 12 base64url characters, 72 bits. */
export function newId(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * The server's dice: each face from the operating system's CSPRNG, so neither clients nor the
 * GM can predict a roll (a seeded generator's seed would be a secret to guard). Every face is
 * recorded in the log, so replays never need this source again.
 */
export class ServerDice implements DiceSource {
  face(sides: number): number {
    return randomInt(1, sides + 1);
  }
}
