import { API_PATHS } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatInZone } from '../../../lib/zoned-time';
import { deploymentQuery } from '../api/admin-api';

/** A quiet note for signed-in people in the last 24 hours before a planned deployment. */
export function DeploymentBanner() {
  const deployment = useQuery({ ...deploymentQuery(API_PATHS.publicDeployment), retry: false });
  const { timeZone } = useTimeZone();
  const at = deployment.data?.next_deployment;
  if (!at) return null;
  return (
    // A landmark of its own (like the demo banner), so nothing on the page sits outside one.
    <aside
      aria-label="Planned maintenance"
      className="border-b border-sky-200 bg-sky-50 px-4 py-2 text-center text-sm text-sky-900"
    >
      Planned maintenance on {formatInZone(at, timeZone)}: Cadence may be briefly unavailable.
    </aside>
  );
}
