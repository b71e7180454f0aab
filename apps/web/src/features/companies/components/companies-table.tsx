import type { Company } from '@cadence/shared';
import { getIndustryLabel } from '../utils/company-display';
import type { CompanyActionHandlers } from './company-actions';
import { CompanyActions } from './company-actions';
import { CompanyAvatar } from '../../../components/entities/company-avatar';
import { CompanyWebsiteLink } from './company-website-link';
import { ConnectedNetworks } from './connected-networks';

interface CompaniesTableProps extends CompanyActionHandlers {
  companies: Company[];
}

const HEADER_CELL =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase';

/** The wide-screen list: one row per company. */
export function CompaniesTable({ companies, ...handlers }: CompaniesTableProps) {
  return (
    <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xs">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] divide-y divide-gray-200 text-sm">
          <caption className="sr-only">Entities</caption>
          <thead className="bg-gray-50/80">
            <tr>
              <th scope="col" className={`${HEADER_CELL} pl-5`}>
                Entity
              </th>
              {/* Below xl the website moves under the name, leaving room for the description. */}
              <th scope="col" className={`${HEADER_CELL} hidden xl:table-cell`}>
                Website
              </th>
              <th scope="col" className={HEADER_CELL}>
                Industry
              </th>
              {/* w-full: the description takes whatever room the other columns leave. */}
              <th scope="col" className={`${HEADER_CELL} w-full`}>
                Description
              </th>
              <th scope="col" className={`${HEADER_CELL} pr-5 text-right`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {companies.map((company) => (
              <CompanyRow key={company.id} company={company} {...handlers} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function CompanyRow({ company, ...handlers }: CompanyActionHandlers & { company: Company }) {
  const industry = getIndustryLabel(company);
  return (
    <tr className="align-middle transition-colors hover:bg-gray-50/70">
      <td className="py-3.5 pr-4 pl-5">
        <div className="flex w-44 items-center gap-3 lg:w-52 xl:w-56">
          <CompanyAvatar name={company.name} logoUrl={company.logo_url} />
          <div className="min-w-0">
            <p className="font-semibold break-words text-gray-900">{company.name}</p>
            <p className="truncate text-xs xl:hidden">
              <CompanyWebsiteLink website={company.website} />
            </p>
            <ConnectedNetworks company={company} />
          </div>
        </div>
      </td>
      <td className="hidden px-4 py-3.5 xl:table-cell">
        <div className="max-w-44 truncate">
          <CompanyWebsiteLink website={company.website} />
        </div>
      </td>
      <td className="px-4 py-3.5 text-gray-700">
        <div className="w-max max-w-28 break-words lg:max-w-32 xl:max-w-40">
          {industry ?? <span className="text-gray-400">—</span>}
        </div>
      </td>
      <td className="px-4 py-3.5 text-gray-600">
        {company.description === null || company.description === '' ? (
          <span className="text-gray-400">—</span>
        ) : (
          <p className="line-clamp-2 min-w-40 break-words" title={company.description}>
            {company.description}
          </p>
        )}
      </td>
      <td className="py-3.5 pr-5 pl-2 whitespace-nowrap">
        <CompanyActions company={company} layout="row" {...handlers} />
      </td>
    </tr>
  );
}
