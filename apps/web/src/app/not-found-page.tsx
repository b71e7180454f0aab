import { ROUTES } from '@cadence/shared';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useDocumentTitle } from '../hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="grid flex-1 place-items-center px-4 py-16">
      <section className="max-w-md text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Compass className="size-7" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold text-brand-600">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">
          Page not found
        </h1>
        <p className="mt-3 text-sm leading-6 text-gray-600">
          The page you are looking for does not exist or has moved.
        </p>
        <Link to={ROUTES.home} className={buttonClasses('primary', 'md', 'mt-8')}>
          Back to Home
        </Link>
      </section>
    </main>
  );
}
