import { AUTH_ERROR_PAGE, ROUTES } from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { removeToken } from '../../../lib/session';

/** Full page shown when the session check fails for a reason other than a rejected token. */
export function AuthErrorPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(AUTH_ERROR_PAGE.title);
  useEffect(() => {
    toast.error(AUTH_ERROR_PAGE.toast, { id: 'auth-check-failed' });
  }, []);

  function goToLogin() {
    removeToken();
    queryClient.clear();
    void navigate(ROUTES.login, { replace: true });
  }

  return (
    <main className="grid min-h-dvh place-items-center bg-gray-50 px-4 py-10">
      <section
        role="alert"
        className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-gray-200"
      >
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-100">
          <ShieldAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-xl font-semibold tracking-tight text-gray-900">
          {AUTH_ERROR_PAGE.title}
        </h1>
        <p className="mt-2 text-sm leading-6 text-gray-600">{AUTH_ERROR_PAGE.body}</p>
        <Button className="mt-6 w-full sm:w-auto" onClick={goToLogin}>
          {AUTH_ERROR_PAGE.action}
        </Button>
      </section>
    </main>
  );
}
