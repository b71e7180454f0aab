import type { LucideIcon } from 'lucide-react';
import { PageHeader } from './page-header';

interface PagePlaceholderProps {
  title: string;
  description: string;
  icon: LucideIcon;
  /** One neutral line about what the page holds. */
  note: string;
}

/** A page whose content is not built yet: its header and a quiet, empty panel. */
export function PagePlaceholder({ title, description, icon: Icon, note }: PagePlaceholderProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <section className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
        <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 max-w-sm text-sm text-gray-600">{note}</p>
      </section>
    </>
  );
}
