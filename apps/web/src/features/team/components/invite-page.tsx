import { ROUTES, TEAM_MESSAGES, TEAM_ROLE_LABELS } from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BrandLogo, isOwnBrand } from '../../../components/brand/brand-logo';
import { Logo } from '../../../components/brand/logo';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiRequestError } from '../../../lib/api-error';
import {
  useAcceptInvitation,
  useInvitationPreview,
  WORKSPACES_QUERY_KEY,
} from '../../../lib/queries/team';
import { useToken } from '../../../lib/session';
import { setPendingInvite, setWorkspaceId } from '../../../lib/workspace';

/**
 * /invite/:token, the mailed link: who invites you where, as what. A visitor signs in or
 * signs up first (the page remembers the link and comes back); signed in, 'Join' makes
 * them a member and lands them in the workspace.
 */
export function InvitePage() {
  useDocumentTitle('Invitation');
  const { token = '' } = useParams();
  const signedIn = useToken() !== null;
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const client = useQueryClient();

  useEffect(() => {
    // A visitor comes back here after signing in or signing up.
    if (!signedIn && preview.isSuccess) setPendingInvite(token);
  }, [signedIn, preview.isSuccess, token]);

  const join = () =>
    accept.mutate(token, {
      onSuccess: (workspace) => {
        setPendingInvite(null);
        setWorkspaceId(workspace.id);
        client.clear();
        void client.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY });
        void navigate(ROUTES.companies, { replace: true });
      },
    });

  // The workspace's brand (white label) in place of Cadence's: its logo, name and accent.
  const brand = preview.data?.brand;
  const accent = brand && isOwnBrand(brand) ? { backgroundColor: brand.accent_color } : undefined;

  const failure =
    accept.error instanceof ApiRequestError
      ? accept.error.serverMessage
      : accept.error
        ? 'That did not work. Try again.'
        : null;

  return (
    <main className="grid min-h-dvh place-items-center bg-gray-50 p-4 sm:p-6">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        {preview.isPending ? (
          // As tall as a logo, so the card does not move when the brand arrives.
          <div className="h-8" aria-hidden="true" />
        ) : brand ? (
          <BrandLogo brand={brand} />
        ) : (
          <Logo />
        )}
        {preview.isPending ? (
          <p role="status" className="mt-6 text-sm text-gray-600">
            Loading the invitation…
          </p>
        ) : preview.isError ? (
          <>
            <h1 className="mt-6 text-xl font-semibold text-gray-900">Invitation not found</h1>
            <p className="mt-2 text-sm text-gray-700">{TEAM_MESSAGES.invitationNotFound}</p>
          </>
        ) : (
          <>
            <h1 className="mt-6 text-xl font-semibold text-gray-900">
              Join {preview.data.workspace_name}&apos;s workspace
            </h1>
            <p className="mt-2 text-sm text-gray-700">
              {preview.data.inviter} invited <strong>{preview.data.email}</strong> as{' '}
              {TEAM_ROLE_LABELS[preview.data.role]}.
            </p>
            {failure && (
              <p role="alert" className="mt-4 text-sm text-red-700">
                {failure}
              </p>
            )}
            {signedIn ? (
              <Button
                className="mt-6 w-full"
                style={accent}
                onClick={join}
                isLoading={accept.isPending}
                loadingText="Joining…"
              >
                Join the workspace
              </Button>
            ) : (
              <div className="mt-6 flex flex-col gap-3">
                <Link
                  to={`${ROUTES.login}?mode=signup`}
                  className={buttonClasses('primary', 'md', 'w-full')}
                  style={accent}
                >
                  Sign up to join
                </Link>
                <Link
                  to={ROUTES.login}
                  // Cadence's tint beside a brand's own colour would clash: plain instead.
                  className={buttonClasses(accent ? 'secondary' : 'soft', 'md', 'w-full')}
                >
                  I have an account: sign in
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}
