import type { NetworkId } from '@cadence/shared';
import { NETWORK_NAMES } from '@cadence/shared';
import type { LucideIcon } from 'lucide-react';
import { AtSign, Camera, Cloud } from 'lucide-react';
import { cn } from '../../lib/cn';

interface MarkStyle {
  /** A letter or an icon standing in for the network's logo (lucide has no brand icons). */
  glyph: string | LucideIcon;
  className: string;
}

const MARKS: Record<NetworkId, MarkStyle> = {
  twitter: { glyph: 'X', className: 'bg-gray-950 text-white' },
  facebook: { glyph: 'f', className: 'bg-[#1877f2] text-white' },
  linkedIn: { glyph: 'in', className: 'bg-[#0a66c2] text-white' },
  instagram: {
    glyph: Camera,
    className: 'bg-linear-to-tr from-[#f9a825] via-[#e1306c] to-[#833ab4] text-white',
  },
  bluesky: { glyph: Cloud, className: 'bg-[#1185fe] text-white' },
  threads: { glyph: AtSign, className: 'bg-gray-900 text-white' },
};

const SIZES = {
  sm: { box: 'size-5 rounded-md text-[10px]', icon: 'size-3' },
  md: { box: 'size-9 rounded-lg text-sm', icon: 'size-4.5' },
} as const;

interface NetworkMarkProps {
  network: NetworkId;
  size?: keyof typeof SIZES;
  /** Dimmed, for a network the plan does not include. */
  isMuted?: boolean;
  /** Decorative next to a visible name; otherwise the mark is an image named after the network. */
  isDecorative?: boolean;
}

export function NetworkMark({
  network,
  size = 'md',
  isMuted = false,
  isDecorative = false,
}: NetworkMarkProps) {
  const { glyph: Glyph, className } = MARKS[network];
  const sizes = SIZES[size];
  const label = NETWORK_NAMES[network];
  return (
    <span
      {...(isDecorative
        ? { 'aria-hidden': true }
        : { role: 'img', 'aria-label': label, title: label })}
      className={cn(
        'inline-grid shrink-0 place-items-center leading-none font-bold select-none',
        sizes.box,
        isMuted ? 'bg-gray-200 text-gray-500' : className,
      )}
    >
      {typeof Glyph === 'string' ? Glyph : <Glyph className={sizes.icon} aria-hidden="true" />}
    </span>
  );
}
