import type { OtpSent } from '@cadence/shared';
import { DEMO_SIGN_IN, ROUTES } from '@cadence/shared';
import { useIsDemo } from '../api/get-health';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../../components/brand/logo';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AuthShowcase } from './auth-showcase';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import type { CodeSent, OtpSession } from './verify-otp-dialog';
import { lazyComponent, whenIdle } from '../../../lib/lazy-component';

// The dialogs (and the dialog library under them) load after the form is on screen.
const ResetPasswordDialog = lazyComponent(() =>
  import('./reset-password-dialog').then((m) => m.ResetPasswordDialog),
);
const VerifyOtpDialog = lazyComponent(() =>
  import('./verify-otp-dialog').then((m) => m.VerifyOtpDialog),
);

type AuthMode = 'signin' | 'signup';

const SIGN_UP_URL = `${ROUTES.login}?mode=signup`;

const COPY: Record<AuthMode, { title: string; subtitle: string }> = {
  signin: {
    title: 'Sign in to your account',
    subtitle:
      'Welcome back. Plan, write and schedule posts for every entity you run: each brand, shop or client.',
  },
  signup: {
    title: 'Create your account',
    subtitle: 'Set up your workspace in a minute. We will email you a code to confirm it is you.',
  },
};

/** /login: one card that toggles between signing in and signing up (`?mode=signup`). */
export function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: AuthMode = searchParams.get('mode') === 'signup' ? 'signup' : 'signin';
  const [otpSession, setOtpSession] = useState<OtpSession | null>(null);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const [resetEmail, setResetEmail] = useState('');
  // After a sign-up is verified the form holds the address and the password just typed, so
  // one click signs in. The password lives only in this state: never storage, never the URL.
  const [signInPrefill, setSignInPrefill] = useState({ key: 0, email: '', password: '' });
  const nextSessionId = useRef(0);

  function openOtp(sent: CodeSent, password?: string, name?: string) {
    nextSessionId.current += 1;
    setOtpSession({ id: nextSessionId.current, ...sent, password, name });
  }

  /** A "code sent" answer of sign-up or reset, as the dialog opens with it. */
  const codeSent = (sent: OtpSent): CodeSent => ({
    purpose: sent.purpose,
    email: sent.email,
    resendIn: sent.resend_in,
  });

  function handleVerified(session: OtpSession) {
    setOtpSession(null);
    setSignInPrefill((current) => ({
      key: current.key + 1,
      email: session.email,
      password: session.purpose === 'registration' ? (session.password ?? '') : '',
    }));
    if (mode !== 'signin') setSearchParams({}, { replace: true });
  }

  useEffect(
    () =>
      whenIdle(() => {
        void ResetPasswordDialog.preload();
        void VerifyOtpDialog.preload();
      }),
    [],
  );

  const copy = COPY[mode];
  // A demo instance says so before sign-in, with the account to try it with.
  const isDemo = useIsDemo();
  useDocumentTitle(mode === 'signin' ? 'Sign in' : 'Sign up');

  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <AuthShowcase />

      <main className="flex flex-col items-center justify-center bg-gray-50 px-4 py-10 sm:px-8 lg:bg-white">
        <div className="w-full max-w-md">
          <Link
            to={ROUTES.login}
            className="mb-8 inline-flex rounded-lg lg:hidden"
            aria-label="Cadence"
          >
            <Logo />
          </Link>

          {isDemo && (
            <aside
              aria-label="Demo notice"
              className="mb-6 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
            >
              <p className="font-semibold">Demo: simulated networks.</p>
              <p className="mt-1">
                Posts go to local stand-ins; nothing leaves this machine. Sign in as{' '}
                <strong className="font-semibold">{DEMO_SIGN_IN.email}</strong> with the password{' '}
                <strong className="font-semibold">{DEMO_SIGN_IN.password}</strong>, or sign up (the
                code is printed in the server's terminal).
              </p>
            </aside>
          )}

          <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">
            {copy.title}
          </h1>
          <p className="mt-2 text-sm leading-6 text-gray-600">{copy.subtitle}</p>

          <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8 lg:p-0 lg:shadow-none lg:ring-0">
            {mode === 'signin' ? (
              <SignInForm
                key={signInPrefill.key}
                defaultEmail={signInPrefill.email}
                defaultPassword={signInPrefill.password}
                onForgotPassword={(email) => {
                  setResetEmail(email);
                  setIsResetOpen(true);
                }}
                onCodeSent={openOtp}
              />
            ) : (
              <SignUpForm
                onCodeSent={(sent, password, name) => openOtp(codeSent(sent), password, name)}
              />
            )}
          </div>

          <p className="mt-6 text-center text-sm text-gray-600">
            {mode === 'signin' ? (
              <>
                Don&apos;t have an account?{' '}
                <Link
                  to={SIGN_UP_URL}
                  replace
                  className="inline-flex min-h-6 items-center rounded px-1 font-semibold text-brand-600 hover:text-brand-700"
                >
                  Sign up
                </Link>
              </>
            ) : (
              <>
                Already have an account?{' '}
                <Link
                  to={ROUTES.login}
                  replace
                  className="inline-flex min-h-6 items-center rounded px-1 font-semibold text-brand-600 hover:text-brand-700"
                >
                  Sign in
                </Link>
              </>
            )}
          </p>
        </div>
      </main>

      <Suspense fallback={null}>
        <ResetPasswordDialog
          open={isResetOpen}
          onOpenChange={setIsResetOpen}
          defaultEmail={resetEmail}
          onCodeSent={(sent) => {
            setIsResetOpen(false);
            openOtp(codeSent(sent));
          }}
        />
        <VerifyOtpDialog
          session={otpSession}
          onClose={() => setOtpSession(null)}
          onVerified={handleVerified}
        />
      </Suspense>
    </div>
  );
}
