import { WORKSPACE_HEADER } from '@cadence/shared';
import { useSyncExternalStore } from 'react';

/**
 * The workspace the app acts in: stored per browser; absent means the person's own. Every
 * API call sends it as `X-Workspace-Id` (lib/api-client.ts).
 */
const WORKSPACE_KEY = 'cadence:workspace';
/** An invitation a visitor opened before signing in, to come back to after. */
const PENDING_INVITE_KEY = 'cadence:pending-invite';
const CHANGED = 'cadence:workspace-changed';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage switched off: the own workspace it is.
  }
}

export function getWorkspaceId(): string | null {
  return read(WORKSPACE_KEY);
}

/** Chooses the workspace (null: one's own) for every call from now on. */
export function setWorkspaceId(id: string | null): void {
  write(WORKSPACE_KEY, id);
  window.dispatchEvent(new Event(CHANGED));
}

export const workspaceHeader = WORKSPACE_HEADER;

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The chosen workspace's id (null: one's own), re-rendering on a switch in any tab. */
export function useWorkspaceId(): string | null {
  return useSyncExternalStore(subscribe, getWorkspaceId, () => null);
}

export function getPendingInvite(): string | null {
  return read(PENDING_INVITE_KEY);
}

export function setPendingInvite(token: string | null): void {
  write(PENDING_INVITE_KEY, token);
}
