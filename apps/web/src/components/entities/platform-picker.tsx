import type { NetworkId } from '@cadence/shared';
import { NETWORK_NAMES } from '@cadence/shared';
import { cn } from '../../lib/cn';
import { NetworkMark } from './network-mark';

interface PlatformPickerProps {
  networks: readonly NetworkId[];
  value: readonly NetworkId[];
  onChange: (value: NetworkId[]) => void;
  error: string | undefined;
  /** Instagram publishes images and videos only: without media it cannot be chosen. */
  hasMedia: boolean;
}

/** Why a connected network cannot take this post, or null when it can. */
export function unavailableReason(network: NetworkId, hasMedia: boolean): string | null {
  return network === 'instagram' && !hasMedia ? 'Needs an image or video' : null;
}

/** The Platforms checkboxes: only the networks connected for the post's entity. */
export function PlatformPicker({
  networks,
  value,
  onChange,
  error,
  hasMedia,
}: PlatformPickerProps) {
  const toggle = (network: NetworkId) =>
    onChange(
      value.includes(network)
        ? value.filter((item) => item !== network)
        : networks.filter((item) => item === network || value.includes(item)),
    );
  return (
    <fieldset aria-describedby={error === undefined ? undefined : 'schedule-platforms-error'}>
      <legend className="text-sm font-medium text-gray-800">Platforms</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {networks.map((network) => {
          const isChecked = value.includes(network);
          const reason = unavailableReason(network, hasMedia);
          return (
            <label
              key={network}
              className={cn(
                'flex items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors',
                reason !== null
                  ? 'cursor-not-allowed border-gray-200 bg-gray-50 text-gray-400'
                  : isChecked
                    ? 'cursor-pointer border-brand-300 bg-brand-50 text-brand-900'
                    : 'cursor-pointer border-gray-200 text-gray-700 hover:bg-gray-50',
              )}
            >
              <input
                type="checkbox"
                checked={isChecked}
                disabled={reason !== null}
                onChange={() => toggle(network)}
                className="size-4 rounded border-gray-300 accent-brand-600"
              />
              <NetworkMark network={network} size="sm" isDecorative />
              <span className="min-w-0">
                {NETWORK_NAMES[network]}
                {reason !== null && <span className="block text-xs">{reason}</span>}
              </span>
            </label>
          );
        })}
      </div>
      {error !== undefined && (
        <p id="schedule-platforms-error" role="alert" className="mt-1.5 text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
