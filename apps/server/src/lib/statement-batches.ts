/**
 * Sends the calls of one statement that come together as one statement (decision 142).
 *
 * The calls made in one turn of the event loop go out together at its end, unless
 * `maxInFlight` statements of their kind are already on their way: then they wait for one
 * of those to come back and go out with every call made meanwhile. Alone, a call waits for
 * nothing; the busier the process, the larger its batches and the fewer its round trips.
 *
 * A batch that fails is not failed for its callers: each of its calls is made again alone,
 * and answers or fails by itself. So the batched statement must change nothing when it
 * fails (one statement: it does not), and each call must be one that may be made again after
 * a failed attempt. Two calls with the same key never share a batch (one row updated twice by
 * one statement is updated once): the second is made alone, beside it.
 */
export interface StatementBatches<I, O> {
  (item: I): Promise<O>;
  /** Statements and calls sent (tests). */
  stats(): { batches: number; calls: number };
}

export function createStatementBatches<I, O>(options: {
  /** One answer per item, in the items' order. */
  many: (items: I[]) => Promise<O[]>;
  /** The same statement for one item (a single call, and a failed batch's calls again). */
  one: (item: I) => Promise<O>;
  /** Calls with the same key are never in one batch. */
  keyOf: (item: I) => string;
  /** At most this many calls in one statement. */
  maxBatch: number;
  /** At most this many statements on their way at once (default 1). */
  maxInFlight?: number;
}): StatementBatches<I, O> {
  const maxInFlight = options.maxInFlight ?? 1;
  interface Waiting {
    item: I;
    key: string;
    resolve: (value: O) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  const queuedKeys = new Set<string>();
  let onItsWay = 0;
  let isScheduled = false;
  const counts = { batches: 0, calls: 0 };

  const schedule = () => {
    if (isScheduled || onItsWay >= maxInFlight || queue.length === 0) return;
    isScheduled = true;
    setImmediate(() => void send());
  };

  async function send() {
    isScheduled = false;
    if (queue.length === 0) return;
    const batch = queue.slice(0, options.maxBatch);
    queue = queue.slice(batch.length);
    for (const each of batch) queuedKeys.delete(each.key);
    onItsWay += 1;
    counts.batches += 1;
    counts.calls += batch.length;
    try {
      if (batch.length === 1) {
        const [only] = batch as [Waiting];
        await options.one(only.item).then(only.resolve, only.reject);
        return;
      }
      let answers: O[] | undefined;
      try {
        answers = await options.many(batch.map((each) => each.item));
      } catch {
        // Made again alone below: each call answers or fails by itself.
      }
      if (answers && answers.length === batch.length) {
        batch.forEach((each, index) => each.resolve(answers[index]!));
        return;
      }
      await Promise.all(
        batch.map((each) => options.one(each.item).then(each.resolve, each.reject)),
      );
    } finally {
      onItsWay -= 1;
      schedule();
    }
  }

  const call = (item: I) =>
    new Promise<O>((resolve, reject) => {
      const key = options.keyOf(item);
      if (queuedKeys.has(key)) {
        // Its twin waits in the batch to come: this one goes alone.
        counts.calls += 1;
        options.one(item).then(resolve, reject);
        return;
      }
      queuedKeys.add(key);
      queue.push({ item, key, resolve, reject });
      schedule();
    });
  return Object.assign(call, { stats: () => ({ ...counts }) });
}
