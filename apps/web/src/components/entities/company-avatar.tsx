import { useState } from 'react';
import { cn } from '../../lib/cn';
import { getCompanyInitial } from '../../lib/company-initial';

const PALETTES = [
  'bg-brand-50 text-brand-700 ring-brand-100',
  'bg-sky-50 text-sky-700 ring-sky-100',
  'bg-emerald-50 text-emerald-700 ring-emerald-100',
  'bg-amber-50 text-amber-700 ring-amber-100',
  'bg-rose-50 text-rose-700 ring-rose-100',
  'bg-teal-50 text-teal-700 ring-teal-100',
] as const;

/** The same name always gets the same colour, so a placeholder is recognisable across visits. */
function pickPalette(name: string): string {
  let sum = 0;
  for (const char of name) sum += char.codePointAt(0) ?? 0;
  return PALETTES[sum % PALETTES.length] ?? PALETTES[0];
}

interface CompanyAvatarProps {
  name: string;
  logoUrl: string | null;
  className?: string;
}

/** The company's logo, or its initial when there is none (or the image does not load). */
export function CompanyAvatar({ name, logoUrl, className }: CompanyAvatarProps) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const box = cn('size-10 shrink-0 rounded-lg ring-1', className);

  if (logoUrl !== null && logoUrl !== '' && logoUrl !== brokenUrl) {
    return (
      <img
        src={logoUrl}
        // Decorative: the name is always written next to it.
        alt=""
        loading="lazy"
        className={cn(box, 'bg-white object-contain p-1 ring-gray-200')}
        onError={() => setBrokenUrl(logoUrl)}
      />
    );
  }

  return (
    <span
      aria-hidden="true"
      className={cn(box, 'grid place-items-center text-base font-semibold', pickPalette(name))}
    >
      {getCompanyInitial(name)}
    </span>
  );
}
