import {
  isConnectionNotice,
  postPagePath,
  SETTINGS_ANCHORS,
  settingsSectionPath,
  socialsDialogPath,
  type NotificationEvent,
} from '@cadence/shared';
import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { cn } from '../../../lib/cn';
import { formatInZone } from '../../../lib/zoned-time';
import {
  useMarkNotificationsRead,
  useNotificationEvents,
} from '../../../lib/queries/notifications';

const PAGE_SIZE = 8;

function linksOf(event: NotificationEvent) {
  const links: Array<{ label: string; to: string }> = [];
  if (isConnectionNotice(event.kind) && event.company_id) {
    links.push({ label: 'Reconnect', to: socialsDialogPath(event.company_id) });
  }
  if (event.post_id) links.push({ label: 'Open post', to: postPagePath(event.post_id) });
  if (event.kind === 'webhook_disabled') {
    links.push({
      label: 'Developer Info',
      to: settingsSectionPath(SETTINGS_ANCHORS.developerInfo),
    });
  } else if (!isConnectionNotice(event.kind)) {
    links.push({ label: 'Post logs', to: settingsSectionPath(SETTINGS_ANCHORS.postLogs) });
  }
  return links;
}

/**
 * The bell in the top navigation: publishing problems, unread first, with an unread count;
 * their times in the customer's zone.
 */
export function NotificationBell() {
  const { timeZone } = useTimeZone();
  const [isOpen, setIsOpen] = useState(false);
  const [page, setPage] = useState(1);
  const events = useNotificationEvents(page, PAGE_SIZE);
  const markRead = useMarkNotificationsRead();
  const unread = events.data?.unread ?? 0;
  const total = events.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <Popover.Root
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (open) setPage(1);
      }}
    >
      <Popover.Trigger
        aria-label={label}
        className="relative inline-flex size-10 items-center justify-center rounded-lg text-gray-600 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 grid min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl bg-white shadow-xl ring-1 ring-gray-900/10 focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3 border-b border-gray-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-gray-900">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
              className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-gray-500 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Mark all as read
            </button>
          </div>
          {events.isError ? (
            <p role="alert" className="px-4 py-6 text-sm text-red-700">
              Failed to load notifications
            </p>
          ) : events.isPending ? (
            <p className="px-4 py-6 text-sm text-gray-600">Loading...</p>
          ) : events.data.rows.length === 0 ? (
            <p className="px-4 py-6 text-sm text-gray-600">
              Nothing yet. When a post cannot be published or a connection needs reconnecting, it
              shows up here.
            </p>
          ) : (
            <ul className="max-h-[60vh] divide-y divide-gray-100 overflow-y-auto">
              {events.data.rows.map((event) => (
                <li key={event.id} className={cn('px-4 py-3', !event.is_read && 'bg-brand-50/60')}>
                  <div className="flex items-start justify-between gap-2">
                    <p className="text-sm font-semibold text-gray-900">
                      {!event.is_read && <span className="sr-only">Unread: </span>}
                      {event.title}
                    </p>
                    {!event.is_read && (
                      <button
                        type="button"
                        onClick={() => markRead.mutate({ ids: [event.id] })}
                        className="shrink-0 rounded-md px-1.5 py-0.5 text-xs font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                        aria-label={`Mark read: ${event.title}`}
                      >
                        Mark read
                      </button>
                    )}
                  </div>
                  <p className="mt-1 text-sm break-words text-gray-700">{event.message}</p>
                  <p className="mt-1 text-xs text-gray-600">
                    <time dateTime={event.created_at}>
                      {formatInZone(event.created_at, timeZone)}
                    </time>
                  </p>
                  <div className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
                    {linksOf(event).map((link) => (
                      <Link
                        key={link.to}
                        to={link.to}
                        onClick={() => {
                          if (!event.is_read) markRead.mutate({ ids: [event.id] });
                          setIsOpen(false);
                        }}
                        className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                      >
                        {link.label}
                      </Link>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <div className="flex items-center justify-between border-t border-gray-200 px-4 py-2 text-sm">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setPage((current) => current - 1)}
                className="rounded-md px-2 py-1 font-medium text-gray-700 hover:bg-gray-100 disabled:text-gray-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                Newer
              </button>
              <span className="text-gray-600">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                disabled={page >= pages}
                onClick={() => setPage((current) => current + 1)}
                className="rounded-md px-2 py-1 font-medium text-gray-700 hover:bg-gray-100 disabled:text-gray-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                Older
              </button>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
