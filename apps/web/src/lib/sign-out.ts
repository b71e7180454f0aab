import { API_PATHS } from '@cadence/shared';
import { apiRequest } from './api-client';

/** A server that does not answer must not keep anyone from signing out. */
const SIGN_OUT_WAIT_MS = 5_000;

/**
 * Ends this session on the server, or with `everywhere` every session of the account;
 * rejects when the server did not confirm it. A 401 while signing out of this session only
 * is what signing out wants anyway, so it does not go through the session-expired path.
 */
export async function endSessionOnServer(everywhere: boolean): Promise<void> {
  await apiRequest(API_PATHS.signOut, {
    method: 'POST',
    body: { everywhere },
    endsSessionOn401: everywhere,
    signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS),
  });
}
