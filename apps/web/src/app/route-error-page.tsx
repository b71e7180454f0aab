import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';

/** Last resort for a screen that crashed while rendering: say so and offer a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);

  return (
    <main className="grid min-h-dvh place-items-center bg-gray-50 px-4 py-16">
      <section
        role="alert"
        className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-gray-200"
      >
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-100">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-xl font-semibold tracking-tight text-gray-900">
          Something went wrong
        </h1>
        <p className="mt-2 text-sm leading-6 text-gray-600">
          This screen could not be shown. Reloading the page usually helps.
        </p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </section>
    </main>
  );
}
