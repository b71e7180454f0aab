import { CONNECTION_MESSAGES, formatReconnectDate, socialsDialogPath } from '@cadence/shared';
import type { ReactNode } from 'react';
import { USER_SETTINGS_QUERY_KEY } from '../../lib/queries/user-settings';
import { render } from '../../test/render';
import { occurrenceFixture, publicationFixture } from '../../test/schedule-fixtures';

// For the tests of the pages that show a publication's row (PublicationRow): one waiting
// copy whose connection must be reconnected before it goes out, and what its row must say.

export const ZONE = 'Europe/Berlin';
export const POST_ID = '5d0c2f4e-8a7b-4c1d-9e2f-3a4b5c6d7e8f';
const COMPANY_ID = '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f';
const RECONNECT_BY = '2099-03-01T09:30:00.000Z';

const waiting = publicationFixture({
  id: 'pub-linkedin',
  network: 'linkedIn',
  social_account: { name: 'Harbor Coffee Roasters' },
  reconnect_before: RECONNECT_BY,
});

export const waitingInstance = occurrenceFixture({
  id: 'instance-1',
  scheduled_for: '2099-04-01T08:00:00.000Z',
  post: {
    id: POST_ID,
    content: 'Fresh beans on Friday',
    url: null,
    attachments: [],
    company: { id: COMPANY_ID, name: 'Harbor Coffee Roasters', logo_url: null },
  },
  schedule_data: [waiting],
});

/** What the row must say and offer, whichever page shows it. */
export const expectedWaitingRow = {
  status: 'Pending',
  notice: `${CONNECTION_MESSAGES.reconnectBefore(formatReconnectDate(RECONNECT_BY, ZONE))}Reconnect`,
  reconnect: socialsDialogPath(COMPANY_ID),
  actions: ['Publish now'],
};

/** What a rendered row says and offers: its status, its notice and link, its buttons. */
export function describeRow(row: Element) {
  return {
    status: row.querySelector('.rounded-full')?.textContent,
    notice: [...row.querySelectorAll('span')]
      .map((span) => span.textContent)
      .find((text) => text?.startsWith('Reconnect before')),
    reconnect: row.querySelector('a')?.getAttribute('href'),
    actions: [...row.querySelectorAll('[role="group"] button')].map((button) => button.textContent),
  };
}

/**
 * Renders `element` (jsdom, through the shared test render) with the query cache the page
 * would have (the zone setting and `seed`); returns the publication row (`li` of a `ul`
 * inside a list item or section) and a way to unmount.
 */
export function renderRow(element: ReactNode, seed: Array<[readonly unknown[], unknown]> = []) {
  const { container, unmount } = render(element, {
    queries: [[USER_SETTINGS_QUERY_KEY, { timezone: ZONE }], ...seed],
  });
  const row = container.querySelector('li li, section li');
  if (!row) {
    unmount();
    throw new Error('no publication row');
  }
  return { row, unmount };
}
