/**
 * Gathers calls made close together into one: each `add(input)` waits at most `delayMs` (or
 * until `maxSize` inputs wait) and `run` gets them all, answering one output per input in the
 * same order. A statement per call becomes one per batch, so the database parses, plans and
 * commits once for many rows. When `run` throws, every call of the batch gets the error.
 */
export function createBatcher<In, Out>(
  run: (inputs: In[]) => Promise<Out[]>,
  options: { maxSize: number; delayMs: number },
) {
  let inputs: In[] = [];
  let waiting: Array<{ resolve: (value: Out) => void; reject: (error: unknown) => void }> = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    const batch = inputs;
    const callers = waiting;
    inputs = [];
    waiting = [];
    if (timer) clearTimeout(timer);
    timer = undefined;
    run(batch).then(
      (outputs) => callers.forEach((caller, index) => caller.resolve(outputs[index] as Out)),
      (error: unknown) => callers.forEach((caller) => caller.reject(error)),
    );
  };

  return function add(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      inputs.push(input);
      waiting.push({ resolve, reject });
      if (inputs.length >= options.maxSize) flush();
      else timer ??= setTimeout(flush, options.delayMs);
    });
  };
}
