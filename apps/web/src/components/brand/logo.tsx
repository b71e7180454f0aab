import { useId } from 'react';
import { cn } from '../../lib/cn';

interface LogoMarkProps {
  className?: string;
}

/** The Cadence mark: a rhythm line on an indigo-to-violet tile (same as the favicon). */
export function LogoMark({ className }: LogoMarkProps) {
  // Unique per use: a gradient id shared with a hidden copy of the mark would paint nothing.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden="true">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M8 19.5c2.2 0 2.2-7 4.4-7s2.2 7 4.4 7 2.2-7 4.4-7 2.2 7 2.8 7"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface LogoProps {
  className?: string;
  /** Light text for dark backgrounds. */
  isInverted?: boolean;
}

export function Logo({ className, isInverted = false }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={isInverted ? 'ring-1 ring-white/25 rounded-lg' : undefined} />
      <span
        className={cn(
          'text-lg font-semibold tracking-tight',
          isInverted ? 'text-white' : 'text-gray-900',
        )}
      >
        Cadence
      </span>
    </span>
  );
}
