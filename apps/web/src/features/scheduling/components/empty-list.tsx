import type { LucideIcon } from 'lucide-react';

/** The quiet text a list shows when it has nothing, e.g. 'No posts in queue'. */
export function EmptyList({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <span className="grid size-11 place-items-center rounded-xl bg-gray-100 text-gray-400">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <p className="text-sm font-medium text-gray-600">{text}</p>
    </div>
  );
}
