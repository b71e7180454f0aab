import type { Company } from '@cadence/shared';
import { getIndustryLabel } from '../utils/company-display';
import type { CompanyActionHandlers } from './company-actions';
import { CompanyActions } from './company-actions';
import { CompanyAvatar } from '../../../components/entities/company-avatar';
import { CompanyWebsiteLink } from './company-website-link';
import { ConnectedNetworks } from './connected-networks';

interface CompanyCardsProps extends CompanyActionHandlers {
  companies: Company[];
}

/** The narrow-screen list: one card per company, with the same actions as a table row. */
export function CompanyCards({ companies, ...handlers }: CompanyCardsProps) {
  return (
    <ul aria-label="Entities" className="space-y-3">
      {companies.map((company) => {
        const industry = getIndustryLabel(company);
        return (
          <li
            key={company.id}
            aria-label={company.name}
            className="rounded-2xl border border-gray-200 bg-white p-4 shadow-xs"
          >
            <div className="flex items-start gap-3">
              <CompanyAvatar name={company.name} logoUrl={company.logo_url} className="size-11" />
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold break-words text-gray-900">{company.name}</h2>
                <p className="mt-0.5 text-sm">
                  <CompanyWebsiteLink website={company.website} />
                </p>
                <ConnectedNetworks company={company} />
              </div>
            </div>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex gap-2">
                <dt className="sr-only">Industry</dt>
                <dd>
                  {industry === null ? (
                    <span className="text-gray-400">No industry</span>
                  ) : (
                    <span className="inline-flex rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-700">
                      {industry}
                    </span>
                  )}
                </dd>
              </div>
              {company.description !== null && company.description !== '' && (
                <div>
                  <dt className="sr-only">Description</dt>
                  <dd
                    className="line-clamp-2 break-words text-gray-600"
                    title={company.description}
                  >
                    {company.description}
                  </dd>
                </div>
              )}
            </dl>
            <div className="mt-4 border-t border-gray-100 pt-3">
              <CompanyActions company={company} layout="card" {...handlers} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
