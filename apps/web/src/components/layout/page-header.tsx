import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** A screen's heading and the line under it. */
export interface ScreenHeader {
  title: string;
  description: string;
}

interface PageHeaderProps {
  title: string;
  description?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="flex flex-col gap-4 border-b border-gray-200 pb-6 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
        {description !== undefined && (
          <p className="mt-1.5 max-w-2xl text-sm text-gray-600">{description}</p>
        )}
      </div>
      {actions !== undefined && <div className="flex shrink-0 gap-3">{actions}</div>}
    </header>
  );
}
