import { CONNECTION_MESSAGES, type ConnectionRequest, type NetworkId } from '@cadence/shared';
import { AppError } from '../../errors.js';
import type { NetworkCredentials } from '../../integrations/networks/types.js';

function requireAll<K extends string>(values: Record<K, string | undefined>): Record<K, string> {
  if (Object.values<string | undefined>(values).some((value) => !value)) {
    throw AppError.badRequest(CONNECTION_MESSAGES.missingCredentials, 'MISSING_CREDENTIALS');
  }
  return values as Record<K, string>;
}

type DirectNetwork = Exclude<NetworkId, 'facebook'>;

/**
 * Turns the request's fields (spec 000 section 7: twitter's access token travels as
 * client_id, and so on) into the network's credential object; any missing field is a 400.
 * Facebook's page token is not in the request: the service looks it up from the page list.
 */
export function credentialsFromRequest(
  network: DirectNetwork,
  body: ConnectionRequest,
): NetworkCredentials[DirectNetwork] {
  switch (network) {
    case 'twitter':
      return requireAll({
        apiKey: body.api_key,
        apiSecret: body.api_secret,
        accessToken: body.client_id,
        accessTokenSecret: body.client_secret,
      });
    case 'linkedIn':
      return requireAll({
        clientId: body.client_id,
        clientSecret: body.client_secret,
        accessToken: body.access_token,
      });
    case 'instagram':
      return requireAll({ accessToken: body.access_token });
    case 'bluesky': {
      const fields = requireAll({ username: body.username, appPassword: body.client_secret });
      return { ...fields, username: fields.username.replace(/^@/, '') };
    }
    case 'threads':
      return requireAll({ accessToken: body.access_token, clientSecret: body.client_secret });
  }
}

/** Facebook's request fields: app id and secret, the user token, and (except for the page list) the page. */
export function facebookFieldsFromRequest(
  body: ConnectionRequest,
  options: { needsPage: boolean },
) {
  const fields = requireAll({
    appId: body.client_id,
    appSecret: body.client_secret,
    accessToken: body.access_token,
  });
  const pageId = options.needsPage
    ? requireAll({ pageId: body.page_id }).pageId
    : (body.page_id ?? '');
  return { ...fields, pageId };
}
