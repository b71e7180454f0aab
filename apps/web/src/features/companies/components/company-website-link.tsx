import { getWebsiteDisplay, getWebsiteHref } from '../utils/company-display';

/** The website as a link opening in a new tab (plain text if it is no http(s) address). */
export function CompanyWebsiteLink({ website }: { website: string }) {
  const href = getWebsiteHref(website);
  const display = getWebsiteDisplay(website);
  if (href === null) return <span className="break-all text-gray-600">{display}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={href}
      className="rounded break-words text-brand-700 hover:text-brand-800 hover:underline"
    >
      {display}
    </a>
  );
}
