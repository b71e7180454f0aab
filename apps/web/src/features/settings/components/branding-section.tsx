import { Suspense } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';

// Its own chunk, loaded when the section is first opened: the Settings page does not carry it.
const BrandingPanel = lazyComponent(() => import('./branding-panel').then((m) => m.BrandingPanel));

/** Settings > Branding (the owner's white label). */
export function BrandingSection() {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-gray-600">
          Loading the branding…
        </p>
      }
    >
      <BrandingPanel />
    </Suspense>
  );
}
