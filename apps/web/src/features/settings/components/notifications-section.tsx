/** The Notifications section's content; the notifications work replaces this file. */
export function NotificationsSection() {
  return <p className="text-sm text-gray-600">Notification settings are coming in this release.</p>;
}
