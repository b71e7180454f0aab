import type { CompanyList, NetworkId } from '@cadence/shared';

type Credential = CompanyList['rows'][number]['social_credentials'][number];

/**
 * The company list with a new connection in place of any older one for that network, so the
 * Entities screen shows it before the refetch arrives.
 */
export function withConnection(
  list: CompanyList | undefined,
  companyId: string,
  credential: Credential,
): CompanyList | undefined {
  if (list === undefined) return list;
  const network = credential.social_account.key;
  return {
    ...list,
    rows: list.rows.map((row) =>
      row.id === companyId
        ? {
            ...row,
            social_credentials: [
              ...row.social_credentials.filter((item) => item.social_account.key !== network),
              credential,
            ],
          }
        : row,
    ),
  };
}

/** The company list without the company's connection to `network`. */
export function withoutConnection(
  list: CompanyList | undefined,
  companyId: string,
  network: NetworkId,
): CompanyList | undefined {
  if (list === undefined) return list;
  return {
    ...list,
    rows: list.rows.map((row) =>
      row.id === companyId
        ? {
            ...row,
            social_credentials: row.social_credentials.filter(
              (item) => item.social_account.key !== network,
            ),
          }
        : row,
    ),
  };
}
