import { TOKEN_STORAGE_KEY } from '@cadence/shared';
import { useSyncExternalStore } from 'react';

/** Fired on this tab's own changes; the browser's 'storage' event covers the other tabs. */
const SESSION_CHANGED = 'cadence:session-changed';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be switched off (private modes, strict policies): then nobody is signed in.
    return null;
  }
}

function notifySessionChanged(): void {
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  notifySessionChanged();
}

/** Logout: forget the session token only. */
export function removeToken(): void {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  notifySessionChanged();
}

/** A rejected session: the spec clears the whole of local storage, not just the token. */
export function clearLocalStorage(): void {
  window.localStorage.clear();
  notifySessionChanged();
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SESSION_CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The stored token, re-rendering the caller whenever it is stored or removed (in any tab). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
