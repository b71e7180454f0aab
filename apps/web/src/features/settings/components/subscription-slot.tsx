/** The Subscription section's content; the billing work replaces this file. */
export function SubscriptionSlot() {
  return (
    <p className="text-sm text-gray-600">
      Your current plan and billing are coming in this release.
    </p>
  );
}
