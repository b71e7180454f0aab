import { NetworkError } from '../../src/integrations/networks/types.js';

/** The NetworkError a call rejects with; anything else (or success) fails the test. */
export async function failureOf(promise: Promise<unknown>): Promise<NetworkError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof NetworkError) return error;
    throw error;
  }
  throw new Error('Expected a NetworkError, but the call succeeded');
}
