import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cadence/shared';
import { lazy } from '../../lib/lazy.js';

/** The native hasher, loaded on first use: a worker process never checks a password. */
const argon2 = lazy(() => import('@node-rs/argon2'));

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. The package declares its
// Algorithm enum as an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A real hash of a throwaway password: verifying against it costs what a real check costs. */
let decoyHash: Promise<string> | undefined;

export function isAcceptablePassword(password: string) {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
}

export async function hashPassword(password: string) {
  const { hash } = await argon2();
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string) {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the time of a password check when there is no account, so timing reveals nothing. */
export async function spendPasswordCheck(password: string) {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoyHash, password);
}
