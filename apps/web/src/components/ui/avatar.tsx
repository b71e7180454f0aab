import { useState } from 'react';
import { getInitials } from '../../app/layout/nav-items';
import { cn } from '../../lib/cn';

interface AvatarProps {
  name: string;
  /** The avatar's URL; null or a file that fails to load shows the initials placeholder. */
  src: string | null | undefined;
  className?: string;
}

/** A round avatar: the picture, else the person's initials (never a broken image). */
export function Avatar({ name, src, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src != null && src !== '' && failedSrc !== src;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid shrink-0 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-brand-500 to-violet-500 font-semibold text-white',
        className ?? 'size-9 text-sm',
      )}
    >
      {showImage ? (
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          data-testid="avatar-image"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        getInitials(name)
      )}
    </span>
  );
}
