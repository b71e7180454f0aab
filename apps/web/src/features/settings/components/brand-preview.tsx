import type { Brand } from '@cadence/shared';
import { BrandLogo } from '../../../components/brand/brand-logo';

const NAV = ['Entities', 'Posts', 'Scheduling'];

/**
 * What the brand being edited looks like where it will be worn: the team's top bar and a
 * client's review page. A picture only (hidden from assistive technology, nothing focusable):
 * the form's fields say everything it shows.
 */
export function BrandPreview({ brand }: { brand: Brand }) {
  return (
    <figure className="space-y-3">
      <figcaption className="text-sm font-medium text-gray-800">
        Preview: your team&apos;s top bar and a client&apos;s review page
      </figcaption>
      <div aria-hidden="true" className="space-y-3" data-testid="brand-preview">
        <div className="overflow-hidden rounded-lg border border-gray-200 bg-white">
          <div className="flex h-14 items-center gap-6 border-b border-gray-200 px-4">
            <BrandLogo brand={brand} className="min-w-0" />
            <span className="hidden gap-1 text-sm font-medium text-gray-600 sm:flex">
              {NAV.map((item, index) => (
                <span
                  key={item}
                  className={
                    index === 0
                      ? 'rounded-lg bg-brand-50 px-3 py-1.5 text-brand-700'
                      : 'px-3 py-1.5'
                  }
                >
                  {item}
                </span>
              ))}
            </span>
          </div>
          <div className="h-6 bg-gray-50" />
        </div>
        <div className="overflow-hidden rounded-lg border border-gray-200 bg-gray-50">
          <div
            className="flex items-center gap-3 border-b-4 bg-white px-4 py-3"
            style={{ borderBottomColor: brand.accent_color }}
          >
            {brand.logo_url !== null && (
              <img src={brand.logo_url} alt="" className="size-8 rounded object-contain" />
            )}
            <span
              className="truncate text-base font-semibold"
              style={{ color: brand.accent_color }}
            >
              {brand.name}
            </span>
          </div>
          <div className="space-y-3 p-4">
            <div className="h-2.5 w-3/4 rounded bg-gray-200" />
            <div className="h-2.5 w-1/2 rounded bg-gray-200" />
            <div className="flex gap-2">
              <span
                className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-semibold text-white"
                style={{ backgroundColor: brand.accent_color }}
              >
                Approve
              </span>
              <span className="inline-flex h-8 items-center rounded-lg bg-white px-3 text-sm font-semibold text-gray-700 ring-1 ring-gray-300">
                Request changes
              </span>
            </div>
          </div>
        </div>
      </div>
    </figure>
  );
}
