import { createHash } from 'node:crypto';

/**
 * A media container made by an attempt that did not get to publish it (its worker died while
 * Meta processed the media), kept with the publication so that the next attempt publishes
 * it instead of making and waiting for another (decision 134).
 *
 * What is kept is `<key>:<container id>`: the key names the account and the container's
 * parameters, so a container made for other content (the post was edited since) or for
 * another account is never published in its place.
 */
export function keptContainerValue(key: string, containerId: string) {
  return `${key}:${containerId}`;
}

/** The key of a container's account and parameters (undefined values left out). */
export function containerKey(account: string, params: Record<string, string | undefined>) {
  const named = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([account, named]))
    .digest('base64url')
    .slice(0, 22);
}

/** The container id kept for this key, or null (nothing kept, or kept for other content). */
export function keptContainerId(kept: string | null | undefined, key: string): string | null {
  if (!kept) return null;
  const separator = kept.indexOf(':');
  if (separator < 0 || kept.slice(0, separator) !== key) return null;
  const id = kept.slice(separator + 1);
  return id === '' ? null : id;
}

/**
 * What a status read of a kept container says about taking it over: 'ready' (FINISHED),
 * 'processing' (IN_PROGRESS: wait for it as for a new one), or null for anything else
 * (published already, expired, failed, unknown): a new container is made, as without one.
 */
export function takeOverOf(status: string | undefined): 'ready' | 'processing' | null {
  if (status === 'FINISHED') return 'ready';
  if (status === 'IN_PROGRESS') return 'processing';
  return null;
}

/** How long an upload is used again after it was made (decision 138). */
export const KEPT_UPLOAD_MS = 30 * 60_000;

/**
 * An upload (X media, a LinkedIn image) kept for the next attempt should this one fail after
 * it (decision 138): `<key>:<usable until, ms>:<id>`. Networks do not keep unused uploads for
 * ever (X's media ids expire after a day), so one is used again only within KEPT_UPLOAD_MS.
 */
export function keptUploadValue(key: string, id: string, madeAt = Date.now()) {
  return keptContainerValue(key, `${madeAt + KEPT_UPLOAD_MS}:${id}`);
}

/** The upload kept for this key, or null (none, for other content, or too old to trust). */
export function keptUploadId(
  kept: string | null | undefined,
  key: string,
  now = Date.now(),
): string | null {
  const value = keptContainerId(kept, key);
  if (!value) return null;
  const separator = value.indexOf(':');
  const usableUntil = Number(value.slice(0, separator));
  if (separator < 1 || !Number.isSafeInteger(usableUntil) || now >= usableUntil) return null;
  const id = value.slice(separator + 1);
  return id === '' ? null : id;
}
