import { AUTH_MESSAGES, PASSWORD_RULE } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from './helpers/databases.js';
import {
  createTestApp,
  createVerifiedAccount,
  getJson,
  postJson,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

describe.each(engines)('accounts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signUp = (body: object) => postJson(t.app, '/customer/auth/sign-up', body);
  const submitOtp = (body: object) => postJson(t.app, '/customer/auth/submit-otp', body);
  const resendOtp = (body: object) => postJson(t.app, '/customer/auth/resend-otp', body);

  describe('sign-up and verification', () => {
    it('creates an account, mails a code over SMTP, verifies it and signs in', async () => {
      const response = await signUp({
        name: 'Ada Admin',
        email: 'Ada@Example.com',
        password: 'first-password',
      });
      expect(response.status).toBe(201);
      expect(response.json.data).toEqual({
        email: 'ada@example.com',
        purpose: 'registration',
        expires_in: 120,
        resend_in: 120,
      });
      const mail = t.smtp.mailsTo('ada@example.com')[0]!;
      expect(mail.raw).toContain('expires in 2 minutes');
      const code = await t.smtp.waitForCode('ada@example.com', 0);

      const beforeVerify = await postJson(t.app, '/customer/auth/sign-in', {
        email: 'ada@example.com',
        password: 'first-password',
      });
      expect(beforeVerify.status).toBe(403);
      expect(beforeVerify.json.code).toBe('EMAIL_NOT_VERIFIED');
      expect(beforeVerify.json.message).toBe(AUTH_MESSAGES.notVerified('ada@example.com'));
      // The code just sent still holds the lock: no second mail, Resend in 120 seconds.
      expect(beforeVerify.headers['retry-after']).toBe('120');
      expect(t.smtp.mailsTo('ada@example.com')).toHaveLength(1);

      const verify = await submitOtp({
        purpose: 'registration',
        email: 'ada@example.com',
        otp_code: code,
        password: 'first-password',
      });
      expect(verify.status).toBe(200);
      expect(verify.json.message).toBe('Account verified! Please login.');

      const login = await postJson(t.app, '/customer/auth/sign-in', {
        email: 'ADA@example.com',
        password: 'first-password',
      });
      expect(login.status).toBe(200);
      expect(login.json.data).toMatchObject({ token_type: 'Bearer' });
      const token = login.json.data?.access_token as string;
      expect(token.split('.')).toHaveLength(3);

      const me = await getJson(t.app, '/customer/me', token);
      expect(me.status).toBe(200);
      expect(me.json.data).toMatchObject({
        name: 'Ada Admin',
        email: 'ada@example.com',
        is_admin: true,
        simulated_networks: false,
        // The test server has no AI key and no search keys: hidden from customers, and the
        // admin reads what to configure.
        features: { ai: 'off', news_search: false, web_search: false, schedule_in_a_minute: false },
        setup_hint: expect.stringContaining('OPENAI_API_KEY') as unknown,
      });
    });

    it('makes only the first verified account an admin', async () => {
      const token = await createVerifiedAccount(t, { email: 'second@example.com' });
      const me = await getJson(t.app, '/customer/me', token);
      expect(me.json.data).toMatchObject({ email: 'second@example.com', is_admin: false });
    });

    it('answers a sign-up for a verified email like any other, and mails its owner', async () => {
      const mailsBefore = t.smtp.mailsTo('ada@example.com').length;
      const response = await signUp({
        name: 'Again',
        email: 'ada@example.com',
        password: 'another-password',
      });
      expect(response.status).toBe(201);
      expect(response.json).toEqual({
        message: AUTH_MESSAGES.signUpCodeSent,
        data: {
          email: 'ada@example.com',
          purpose: 'registration',
          expires_in: 120,
          resend_in: 120,
        },
      });
      await vi.waitFor(() =>
        expect(t.smtp.mailsTo('ada@example.com')).toHaveLength(mailsBefore + 1),
      );
      expect(t.smtp.mailsTo('ada@example.com').at(-1)!.subject).toBe(
        'You already have a Cadence account',
      );
      // Nothing about the account changed.
      await signIn(t, 'ada@example.com', 'first-password');
    });

    it('lets a second sign-up during the resend lock continue with the code already sent', async () => {
      await signUp({ name: 'Pending One', email: 'pending@example.com', password: 'old-password' });
      const code = await t.smtp.waitForCode('pending@example.com', 0);
      t.clock.advance(30);
      const again = await signUp({
        name: 'Pending One',
        email: 'pending@example.com',
        password: 'old-password',
      });
      expect(again.status).toBe(201);
      expect(again.json.data).toMatchObject({ resend_in: 90 });
      expect(t.smtp.mailsTo('pending@example.com')).toHaveLength(1);
      const verify = await submitOtp({
        purpose: 'registration',
        email: 'pending@example.com',
        otp_code: code,
        password: 'old-password',
      });
      expect(verify.status).toBe(200);
      await signIn(t, 'pending@example.com', 'old-password');
    });

    it("never lets a later stranger's sign-up set the password the owner verifies into", async () => {
      const email = 'owner-first@example.com';
      await signUp({ name: 'Owner', email, password: 'owner-password' });
      t.clock.advance(121);
      // A stranger signs up for the same unverified address once the lock has passed; the
      // new code goes to the owner's mailbox, and the owner enters it (the newest one).
      expect(
        (await signUp({ name: 'Stranger', email, password: 'stranger-password' })).status,
      ).toBe(201);
      const newest = await t.smtp.waitForCode(email, 1);
      const wrongBody = await submitOtp({ purpose: 'registration', email, otp_code: newest });
      expect(wrongBody.status).toBe(400);
      expect(wrongBody.json.message).toBe('Password is required');
      const verify = await submitOtp({
        purpose: 'registration',
        email,
        otp_code: newest,
        password: 'owner-password',
      });
      expect(verify.status).toBe(200);

      const stranger = await postJson(t.app, '/customer/auth/sign-in', {
        email,
        password: 'stranger-password',
      });
      expect(stranger.status).toBe(401);
      await signIn(t, email, 'owner-password');
    });

    it('never lets a stranger who signed up first with the address hold the account', async () => {
      const email = 'owner-late@example.com';
      await signUp({ name: 'Stranger', email, password: 'stranger-password' });
      const strangersCode = await t.smtp.waitForCode(email, 0);
      // The owner signs up while the stranger's code is fresh: no error, the code in the
      // owner's mailbox works with the owner's password.
      const owner = await signUp({ name: 'Owner', email, password: 'owner-password' });
      expect(owner.status).toBe(201);
      const verify = await submitOtp({
        purpose: 'registration',
        email,
        otp_code: strangersCode,
        password: 'owner-password',
      });
      expect(verify.status).toBe(200);

      const stranger = await postJson(t.app, '/customer/auth/sign-in', {
        email,
        password: 'stranger-password',
      });
      expect(stranger.status).toBe(401);
      await signIn(t, email, 'owner-password');
      // And the stranger cannot sign up over it any more: answered alike, nothing changes.
      t.clock.advance(121);
      expect((await signUp({ name: 'S', email, password: 'stranger-password' })).status).toBe(201);
      const after = await postJson(t.app, '/customer/auth/sign-in', {
        email,
        password: 'stranger-password',
      });
      expect(after.status).toBe(401);
      await signIn(t, email, 'owner-password');
    });

    it('answers sign-in of an unverified account with a fresh code once the lock allows', async () => {
      const email = 'returning@example.com';
      await signUp({ name: 'Returning', email, password: 'returning-password' });
      const wrong = await postJson(t.app, '/customer/auth/sign-in', {
        email,
        password: 'not-the-password',
      });
      expect(wrong.status).toBe(401);
      expect(t.smtp.mailsTo(email)).toHaveLength(1);

      t.clock.advance(200);
      const pending = await postJson(t.app, '/customer/auth/sign-in', {
        email,
        password: 'returning-password',
      });
      expect(pending.status).toBe(403);
      expect(pending.json.code).toBe('EMAIL_NOT_VERIFIED');
      expect(pending.json.message).toContain(email);
      expect(pending.headers['retry-after']).toBe('120');
      const fresh = await t.smtp.waitForCode(email, 1);

      t.clock.advance(50);
      const again = await postJson(t.app, '/customer/auth/sign-in', {
        email,
        password: 'returning-password',
      });
      expect(again.headers['retry-after']).toBe('70');
      expect(t.smtp.mailsTo(email)).toHaveLength(2);

      const verify = await submitOtp({
        purpose: 'registration',
        email,
        otp_code: fresh,
        password: 'returning-password',
      });
      expect(verify.status).toBe(200);
      await signIn(t, email, 'returning-password');
    });
  });

  describe('one-time codes', () => {
    it('rejects a code after its 120 seconds', async () => {
      await signUp({ name: 'Slow', email: 'slow@example.com', password: 'slow-password' });
      const code = await t.smtp.waitForCode('slow@example.com', 0);
      t.clock.advance(120);
      const response = await submitOtp({
        purpose: 'registration',
        email: 'slow@example.com',
        otp_code: code,
        password: 'slow-password',
      });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(AUTH_MESSAGES.otpExpired);
    });

    it('accepts a code just before it expires', async () => {
      await signUp({ name: 'Quick', email: 'quick@example.com', password: 'quick-password' });
      const code = await t.smtp.waitForCode('quick@example.com', 0);
      t.clock.advance(119);
      const response = await submitOtp({
        purpose: 'registration',
        email: 'quick@example.com',
        otp_code: code,
        password: 'quick-password',
      });
      expect(response.status).toBe(200);
    });

    it('burns the code on the fifth wrong try, so even the right code then fails', async () => {
      await signUp({ name: 'Guesser', email: 'guess@example.com', password: 'guess-password' });
      const code = await t.smtp.waitForCode('guess@example.com', 0);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 4; attempt++) {
        const response = await submitOtp({
          purpose: 'registration',
          email: 'guess@example.com',
          otp_code: wrong,
          password: 'guess-password',
        });
        expect(response.status).toBe(400);
        expect(response.json.message).toBe(AUTH_MESSAGES.otpInvalid);
      }
      const fifth = await submitOtp({
        purpose: 'registration',
        email: 'guess@example.com',
        otp_code: wrong,
        password: 'guess-password',
      });
      expect(fifth.json.message).toBe(AUTH_MESSAGES.otpBurned);
      const right = await submitOtp({
        purpose: 'registration',
        email: 'guess@example.com',
        otp_code: code,
        password: 'guess-password',
      });
      expect(right.status).toBe(400);
      expect(right.json.message).toBe(AUTH_MESSAGES.otpBurned);

      t.clock.advance(120);
      const resend = await resendOtp({ purpose: 'registration', email: 'guess@example.com' });
      expect(resend.status).toBe(200);
      const fresh = await t.smtp.waitForCode('guess@example.com', 1);
      const verify = await submitOtp({
        purpose: 'registration',
        email: 'guess@example.com',
        otp_code: fresh,
        password: 'guess-password',
      });
      expect(verify.status).toBe(200);
    });

    it('accepts a code only once', async () => {
      await signUp({ name: 'Once', email: 'once@example.com', password: 'once-password' });
      const code = await t.smtp.waitForCode('once@example.com', 0);
      const body = {
        purpose: 'registration',
        email: 'once@example.com',
        otp_code: code,
        password: 'once-password',
      };
      expect((await submitOtp(body)).status).toBe(200);
      const replay = await submitOtp(body);
      expect(replay.status).toBe(400);
      expect(replay.json.message).toBe(AUTH_MESSAGES.otpMissing);
    });

    it('does not accept a registration code for a password reset', async () => {
      await signUp({ name: 'Mixer', email: 'mixer@example.com', password: 'mixer-password' });
      const code = await t.smtp.waitForCode('mixer@example.com', 0);
      const response = await submitOtp({
        purpose: 'reset_password',
        email: 'mixer@example.com',
        otp_code: code,
        new_password: 'hijacked-password',
      });
      expect(response.status).toBe(400);
    });

    it('locks resending for 120 seconds, then issues a new code that replaces the old one', async () => {
      await signUp({ name: 'Resender', email: 'resend@example.com', password: 'resend-password' });
      const first = await t.smtp.waitForCode('resend@example.com', 0);
      t.clock.advance(30);
      const locked = await resendOtp({ purpose: 'registration', email: 'resend@example.com' });
      expect(locked.status).toBe(429);
      expect(locked.json.message).toBe('Please wait 90 seconds before requesting a new code.');
      expect(locked.headers['retry-after']).toBe('90');

      t.clock.advance(90);
      const resent = await resendOtp({ purpose: 'registration', email: 'resend@example.com' });
      expect(resent.status).toBe(200);
      expect(resent.json.message).toBe('OTP sent to your email!');
      const second = await t.smtp.waitForCode('resend@example.com', 1);
      if (second !== first) {
        const old = await submitOtp({
          purpose: 'registration',
          email: 'resend@example.com',
          otp_code: first,
          password: 'resend-password',
        });
        expect(old.status).toBe(400);
        expect(old.json.message).toBe(AUTH_MESSAGES.otpInvalid);
      }
      const ok = await submitOtp({
        purpose: 'registration',
        email: 'resend@example.com',
        otp_code: second,
        password: 'resend-password',
      });
      expect(ok.status).toBe(200);
    });

    it('answers a registration resend for an unknown email like a pending one, mailing nothing', async () => {
      const response = await resendOtp({ purpose: 'registration', email: 'nobody@example.com' });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({
        message: AUTH_MESSAGES.otpSent,
        data: {
          email: 'nobody@example.com',
          purpose: 'registration',
          expires_in: 120,
          resend_in: 120,
        },
      });
      expect(t.smtp.mailsTo('nobody@example.com')).toHaveLength(0);
    });
  });

  describe('password reset', () => {
    it('answers an unknown email exactly like a known one and mails nothing', async () => {
      await createVerifiedAccount(t, { email: 'known@example.com' });
      const mailsBefore = t.smtp.messages.length;
      // Every mail these requests start goes through the mailer (reset codes in the
      // background, after the answer): watched, so the test can wait for each to arrive.
      const sends = vi.spyOn(t.infra.mailer, 'send');
      const known = await resendOtp({ purpose: 'reset_password', email: 'known@example.com' });
      const unknown = await resendOtp({ purpose: 'reset_password', email: 'ghost@example.com' });
      expect(unknown.status).toBe(known.status);
      expect(unknown.json).toEqual({
        ...known.json,
        data: { ...known.json.data, email: 'ghost@example.com' },
      });

      const knownAgain = await resendOtp({ purpose: 'reset_password', email: 'known@example.com' });
      const unknownAgain = await resendOtp({
        purpose: 'reset_password',
        email: 'ghost@example.com',
      });
      expect(knownAgain.status).toBe(429);
      expect(unknownAgain.status).toBe(429);
      expect(unknownAgain.json.message).toBe(knownAgain.json.message);

      // Each mail started, delivered (or failed): one to the unknown address would be in the
      // sink by now.
      await Promise.allSettled(sends.mock.results.map((result): unknown => result.value));
      expect(sends.mock.calls.map(([mail]) => mail.to)).toEqual(['known@example.com']);
      await t.smtp.waitForCode('known@example.com', 1);
      expect(t.smtp.mailsTo('ghost@example.com')).toHaveLength(0);
      expect(t.smtp.messages.length).toBe(mailsBefore + 1);

      const guess = await submitOtp({
        purpose: 'reset_password',
        email: 'ghost@example.com',
        otp_code: '123456',
        new_password: 'whatever-password',
      });
      expect(guess.status).toBe(400);
      expect(guess.json.message).toBe(AUTH_MESSAGES.otpInvalid);
    });

    it('sets the new password and revokes tokens issued before', async () => {
      const oldToken = await createVerifiedAccount(t, {
        email: 'reset@example.com',
        password: 'before-reset',
      });
      expect((await getJson(t.app, '/customer/me', oldToken)).status).toBe(200);
      // A route that trusts the few-seconds account cache (decision 040), now warm.
      expect((await getJson(t.app, '/customer/company', oldToken)).status).toBe(200);

      await resendOtp({ purpose: 'reset_password', email: 'reset@example.com' });
      const code = await t.smtp.waitForCode('reset@example.com', 1);
      const missingPassword = await submitOtp({
        purpose: 'reset_password',
        email: 'reset@example.com',
        otp_code: code,
      });
      expect(missingPassword.status).toBe(400);
      expect(missingPassword.json.message).toBe('New password is required');
      const shortPassword = await submitOtp({
        purpose: 'reset_password',
        email: 'reset@example.com',
        otp_code: code,
        new_password: 'short',
      });
      expect(shortPassword.json.message).toBe(PASSWORD_RULE);

      const reset = await submitOtp({
        purpose: 'reset_password',
        email: 'reset@example.com',
        otp_code: code,
        new_password: 'after-reset-password',
      });
      expect(reset.status).toBe(200);
      expect(reset.json.message).toBe('Password reset successful!');

      const revoked = await getJson(t.app, '/customer/me', oldToken);
      expect(revoked.status).toBe(401);
      expect(revoked.json.message).toBe(AUTH_MESSAGES.sessionExpired);
      expect((await getJson(t.app, '/customer/company', oldToken)).status).toBe(401);
      const oldLogin = await postJson(t.app, '/customer/auth/sign-in', {
        email: 'reset@example.com',
        password: 'before-reset',
      });
      expect(oldLogin.status).toBe(401);
      const newToken = await signIn(t, 'reset@example.com', 'after-reset-password');
      expect((await getJson(t.app, '/customer/me', newToken)).status).toBe(200);
    });
  });

  describe('sign-in', () => {
    it('gives one generic message for a wrong password and an unknown email', async () => {
      await createVerifiedAccount(t, { email: 'signin@example.com', password: 'right-password' });
      const wrongPassword = await postJson(t.app, '/customer/auth/sign-in', {
        email: 'signin@example.com',
        password: 'wrong-password',
      });
      const unknownEmail = await postJson(t.app, '/customer/auth/sign-in', {
        email: 'nobody-here@example.com',
        password: 'wrong-password',
      });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.json).toEqual(unknownEmail.json);
      expect(wrongPassword.json.message).toBe(AUTH_MESSAGES.invalidCredentials);
    });

    it('refuses a missing, malformed or forged token', async () => {
      expect((await getJson(t.app, '/customer/me')).json.message).toBe(
        AUTH_MESSAGES.signInRequired,
      );
      const garbage = await getJson(t.app, '/customer/me', 'not-a-jwt');
      expect(garbage.status).toBe(401);
      const forged =
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJ0diI6MCwiZXhwIjo0MTAyNDQ0ODAwfQ.c2lnbmF0dXJl';
      expect((await getJson(t.app, '/customer/me', forged)).status).toBe(401);
    });

    it('expires tokens after seven days', async () => {
      const token = await createVerifiedAccount(t, { email: 'expiry@example.com' });
      t.clock.advance(7 * 24 * 3600 + 1);
      const response = await getJson(t.app, '/customer/me', token);
      expect(response.status).toBe(401);
      expect(response.json.message).toBe(AUTH_MESSAGES.sessionExpired);
    });
  });
});
