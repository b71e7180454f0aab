import { DEFAULT_BRAND, type Brand } from '@cadence/shared';
import { cn } from '../../lib/cn';
import { Logo } from './logo';

/** Whether a brand is a workspace's own (white label) rather than Cadence's. */
export function isOwnBrand(brand: Brand): boolean {
  return brand.name !== DEFAULT_BRAND.name || brand.logo_url !== null;
}

/**
 * A workspace's brand where Cadence's logo would be: its logo and its name in its accent
 * colour (readable on white: the server refuses one under 4.5:1), else Cadence's own logo.
 */
export function BrandLogo({ brand, className }: { brand: Brand; className?: string }) {
  if (!isOwnBrand(brand)) return <Logo className={className} />;
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2.5', className)}>
      {brand.logo_url !== null && (
        <img
          src={brand.logo_url}
          alt=""
          className="size-8 shrink-0 rounded object-contain"
          width={32}
          height={32}
        />
      )}
      <span
        className="truncate text-lg font-semibold tracking-tight"
        style={{ color: brand.accent_color }}
      >
        {brand.name}
      </span>
    </span>
  );
}
