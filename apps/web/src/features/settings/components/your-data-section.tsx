/** The Your Data section's content; the data export and deletion work replaces this file. */
export function YourDataSection() {
  return (
    <p className="text-sm text-gray-600">Export and account deletion are coming in this release.</p>
  );
}
