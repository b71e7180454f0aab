import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/queries/me';
import { useToken } from '../../../lib/session';

export { getMe, meQueryOptions } from '../../../lib/queries/me';

/** The signed-in customer; idle while there is no token. */
export function useMe() {
  const token = useToken();
  return useQuery({ ...meQueryOptions(), enabled: token !== null });
}
