import type { CredentialField, NetworkId } from '@cadence/shared';
import { CREDENTIAL_FIELDS } from '@cadence/shared';

/** The credential form's values, keyed by the CREDENTIAL_FIELDS `name`s. */
export type CredentialValues = Readonly<Record<string, string>>;

/**
 * The body of authenticate and save: the network, the company, and each credential field
 * under its request `param` (twitter's access token travels as client_id, for instance).
 */
export interface ConnectionBody {
  social_account_type: NetworkId;
  company_id: string;
  [param: string]: string;
}

export interface DisconnectBody {
  company_id: string;
  social_account_type: NetworkId;
}

export type ConnectionBodyResult =
  { isValid: true; body: ConnectionBody } | { isValid: false; missing: string[] };

/** Facebook's Page is chosen after 'Get Page List', which needs every other Facebook field. */
const FACEBOOK_PAGE_FIELD = 'pageId';

export function getCredentialFields(network: NetworkId): readonly CredentialField[] {
  return CREDENTIAL_FIELDS[network];
}

/** The fields 'Get Page List' sends: Facebook's app id, app secret and user access token. */
export function getPageListFields(): readonly CredentialField[] {
  return CREDENTIAL_FIELDS.facebook.filter((field) => field.name !== FACEBOOK_PAGE_FIELD);
}

/** The id of a credential field's control (the form's labels and the missing-field focus). */
export function credentialFieldId(network: NetworkId, field: string): string {
  return `${network}-${field}`;
}

export function emptyCredentialValues(network: NetworkId): Record<string, string> {
  return Object.fromEntries(CREDENTIAL_FIELDS[network].map((field) => [field.name, '']));
}

/** Pasted keys often carry spaces or a line break; a handle may be typed with its '@'. */
function normalizeValue(field: CredentialField, value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  return field.param === 'username' ? trimmed.replace(/^@+/, '') : trimmed;
}

function buildBody(
  network: NetworkId,
  companyId: string,
  fields: readonly CredentialField[],
  values: CredentialValues,
): ConnectionBodyResult {
  const body: ConnectionBody = { social_account_type: network, company_id: companyId };
  const missing: string[] = [];
  for (const field of fields) {
    const value = normalizeValue(field, values[field.name]);
    if (value === '') missing.push(field.name);
    else body[field.param] = value;
  }
  return missing.length > 0 ? { isValid: false, missing } : { isValid: true, body };
}

/**
 * Save, and the connection test, send every credential field of the network (for Facebook
 * that includes the chosen page_id). Any blank field makes the request invalid: spec §5,
 * 'Missing required credentials', with no call made.
 */
export function buildConnectionBody(
  network: NetworkId,
  companyId: string,
  values: CredentialValues,
): ConnectionBodyResult {
  return buildBody(network, companyId, CREDENTIAL_FIELDS[network], values);
}

/** Facebook 'Get Page List': authenticate with the app's client credentials grant. */
export function buildPageListBody(
  companyId: string,
  values: CredentialValues,
): ConnectionBodyResult {
  const result = buildBody('facebook', companyId, getPageListFields(), values);
  if (!result.isValid) return result;
  return { isValid: true, body: { ...result.body, grant_type: 'client_credentials' } };
}

export function buildDisconnectBody(network: NetworkId, companyId: string): DisconnectBody {
  return { company_id: companyId, social_account_type: network };
}

/** Keeps the chosen page while it is still listed; a single page is chosen for the person. */
export function choosePage(pages: readonly { id: string }[], current: string): string {
  if (pages.some((page) => page.id === current)) return current;
  const [only] = pages;
  return pages.length === 1 && only !== undefined ? only.id : '';
}
