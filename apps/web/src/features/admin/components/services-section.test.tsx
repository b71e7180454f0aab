// @vitest-environment jsdom
import type { Services } from '@cadence/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { SERVICES_KEY } from '../api/admin-api';
import { ServicesSection } from './services-section';

const SERVICES: Services = {
  host: { cpu_percent: 10, memory_used_mb: 1000, memory_total_mb: 4000 },
  services: [
    {
      id: 'ai',
      name: 'AI',
      description: 'AI Assist and the post writing helpers',
      status: 'running',
      last_checked: '2026-11-27T15:04:05.000Z',
      uptime_seconds: null,
      cpu_percent: null,
      memory_mb: null,
      details: [
        { label: 'Model', value: 'gpt-4' },
        { label: 'Last call', at: '2026-11-27T14:58:56.281Z', value: 'answered in 1140 ms' },
      ],
      processes: [],
      actions: [],
    },
  ],
};

describe('Service Monitoring', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("shows a detail's time, and the time of the check, in the saved zone", () => {
    const { container, unmount } = render(<ServicesSection timeZone="America/New_York" />, {
      queries: [[SERVICES_KEY, SERVICES]],
    });
    const values = [...container.querySelectorAll('dd')].map((dd) => dd.textContent);
    // 14:58 UTC is 9:58 in New York (UTC-5 in November); no raw ISO time anywhere.
    expect(values).toContain('Nov 27, 9:58:56 AM: answered in 1140 ms');
    expect(values).toContain('10:04:05 AM');
    expect(container.textContent).not.toContain('2026-11-27T');
    unmount();
  });
});
