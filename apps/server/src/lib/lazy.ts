/**
 * Loads something once, on first use: for heavy modules (the Stripe and OpenAI SDKs, sharp)
 * that only some requests need, so they do not slow every start. A failed load is retried
 * on the next call.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
