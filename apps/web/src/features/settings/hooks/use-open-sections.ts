import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Which sections are open. A link to /settings#id opens that section and scrolls to it,
 * on arrival and whenever the hash changes while the page is open.
 */
export function useOpenSections(ids: readonly string[], initiallyOpen: readonly string[]) {
  const { hash } = useLocation();
  const target = decodeURIComponent(hash.replace(/^#/, ''));
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));
  const [openedFor, setOpenedFor] = useState('');

  // Open the linked section during render, so it is expanded in the first paint.
  if (target !== openedFor && ids.includes(target)) {
    setOpenedFor(target);
    if (!open.has(target)) setOpen(new Set([...open, target]));
  }

  useEffect(() => {
    if (!ids.includes(target)) return;
    document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [target, ids]);

  const toggle = useCallback((id: string) => {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  return { isOpen: (id: string) => open.has(id), toggle };
}
