import { NO_SLOT, type PublishContext } from '../../src/integrations/networks/types.js';

/**
 * Publish contexts for the adapters' kept containers (decision 134): `keeping` records what
 * the adapter keeps in `kept`; `dying` also stops the attempt right before its publishing
 * call, as a worker killed while the media were processed.
 */
export function keepingContexts() {
  const kept: string[] = [];
  const keeping: PublishContext = {
    ...NO_SLOT,
    keep: (value) => {
      kept.push(value);
      return Promise.resolve();
    },
  };
  const dying: PublishContext = {
    ...keeping,
    beforePublishCall: () => Promise.reject(new Error('killed')),
  };
  return { kept, keeping, dying };
}
