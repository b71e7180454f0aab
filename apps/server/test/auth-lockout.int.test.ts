import { AUTH_MESSAGES } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from './helpers/databases.js';
import {
  createTestApp,
  createVerifiedAccount,
  getJson,
  type ApiBody,
  type TestApp,
} from './helpers/test-app.js';

/**
 * What strangers' failures can no longer do to an account (docs/decisions/104): lock its
 * owner out of sign-in, burn or replace the owner's one-time code, rename a pending sign-up,
 * put their text into mail, or learn which addresses have accounts.
 */
describe.each(engines)('strangers and the owner on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // null: the real limits (30 per client, 10 per address from one client, 100 in all).
    t = await createTestApp(engine, { authLimits: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function post(path: string, body: object, ip: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/customer/auth/${path}`,
      payload: body,
      remoteAddress: ip,
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      json: response.json<ApiBody>(),
    };
  }
  const signInFrom = (ip: string, email: string, password: string, otpCode?: string) =>
    post('sign-in', { email, password, ...(otpCode ? { otp_code: otpCode } : {}) }, ip);

  /** A mail's text as a reader sees it (quoted-printable soft breaks and escapes undone). */
  function readable(raw: string) {
    return raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  describe('sign-in', () => {
    it("answers the owner's correct password after 10 wrong ones from each of 10 clients with a code, and signs in with it", async () => {
      t.clock.advance(601);
      const email = 'besieged@example.com';
      await createVerifiedAccount(t, { email, password: 'owner password' });
      for (let client = 1; client <= 10; client++) {
        for (let i = 0; i < 10; i++) {
          const wrong = await signInFrom(`203.0.113.${client}`, email, `guess ${client}-${i}`);
          expect(wrong.status).toBe(401);
        }
      }
      const mailsBefore = t.smtp.mailsTo(email).length;

      const owner = await signInFrom('198.51.100.11', email, 'owner password');
      expect(owner.status).toBe(403);
      expect(owner.json.code).toBe('SIGN_IN_CODE_REQUIRED');
      expect(owner.json.message).toBe(AUTH_MESSAGES.signInCodeRequired(email));
      expect(owner.headers['retry-after']).toBe('120');
      const code = await t.smtp.waitForCode(email, mailsBefore);
      expect(t.smtp.mailsTo(email)[mailsBefore]!.subject).toBe(
        `${code} is your Cadence sign-in code`,
      );

      const signedIn = await signInFrom('198.51.100.11', email, 'owner password', code);
      expect(signedIn.status).toBe(200);
      const token = signedIn.json.data?.access_token as string;
      expect((await getJson(t.app, '/customer/me', token)).status).toBe(200);

      // A wrong password past the limit is refused as before, code or not.
      const guess = await signInFrom('198.51.100.12', email, 'one more guess');
      expect(guess.status).toBe(429);
      expect(guess.json.code).toBe('RATE_LIMITED');
      expect((await signInFrom('198.51.100.12', email, 'one more guess', code)).status).toBe(429);
    });

    it('never lets 30 junk sign-ins from a shared address lock out the people behind it', async () => {
      t.clock.advance(601);
      const email = 'behind-the-proxy@example.com';
      await createVerifiedAccount(t, { email, password: 'office password' });
      const proxy = '192.0.2.200';
      for (let i = 0; i < 30; i++) {
        expect((await signInFrom(proxy, `junk${i}@example.com`, 'whatever')).status).toBe(401);
      }
      expect((await signInFrom(proxy, 'junk30@example.com', 'whatever')).status).toBe(429);

      const mailsBefore = t.smtp.mailsTo(email).length;
      const colleague = await signInFrom(proxy, email, 'office password');
      expect(colleague.status).toBe(403);
      expect(colleague.json.code).toBe('SIGN_IN_CODE_REQUIRED');
      const code = await t.smtp.waitForCode(email, mailsBefore);

      // Asking again while the code is fresh mails nothing more and says when to resend:
      // never the full lock, which means a code was just mailed.
      const atOnce = await signInFrom(proxy, email, 'office password');
      expect(atOnce.headers['retry-after']).toBe('119');
      t.clock.advance(30);
      const again = await signInFrom(proxy, email, 'office password');
      expect(again.status).toBe(403);
      expect(again.headers['retry-after']).toBe('90');
      expect(t.smtp.mailsTo(email)).toHaveLength(mailsBefore + 1);

      const wrongCode = await signInFrom(
        proxy,
        email,
        'office password',
        code === '000000' ? '111111' : '000000',
      );
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.json.code).toBe('OTP_INVALID');
      expect((await signInFrom(proxy, email, 'office password', code)).status).toBe(200);
      expect((await signInFrom(proxy, email, 'a wrong password')).status).toBe(429);
    });

    it('limits guesses at the sign-in code like guesses at any code', async () => {
      t.clock.advance(601);
      const email = 'password-known@example.com';
      await createVerifiedAccount(t, { email, password: 'leaked password' });
      const guesser = '203.0.113.40';
      for (let i = 0; i < 10; i++) {
        await signInFrom(guesser, email, `wrong ${i}`);
      }
      const mailed: string[] = [];
      const askForCode = async () => {
        const mails = t.smtp.mailsTo(email).length;
        expect((await signInFrom(guesser, email, 'leaked password')).status).toBe(403);
        mailed.push(await t.smtp.waitForCode(email, mails));
      };
      await askForCode();
      // Five wrong codes burn it for this client and a new one comes at once, but the
      // guesses from this client are counted all the same: ten per address and window.
      const statuses: number[] = [];
      let guess = 100000;
      for (let i = 0; i < 11; i++) {
        if (i === 5) await askForCode();
        do guess += 1;
        while (mailed.includes(String(guess)));
        statuses.push((await signInFrom(guesser, email, 'leaked password', String(guess))).status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('counts only failures: signing in again and again spends nothing', async () => {
      t.clock.advance(601);
      const email = 'frequent@example.com';
      await createVerifiedAccount(t, { email, password: 'frequent password' });
      for (let i = 0; i < 35; i++) {
        expect((await signInFrom('198.51.100.77', email, 'frequent password')).status).toBe(200);
      }
    });
  });

  describe('one-time codes', () => {
    it("leaves the owner's reset code working after 5 wrong codes from another client", async () => {
      t.clock.advance(601);
      const email = 'resetting@example.com';
      await createVerifiedAccount(t, { email, password: 'forgotten password' });
      const owner = '198.51.100.20';
      const stranger = '203.0.113.20';
      const mailsBefore = t.smtp.mailsTo(email).length;
      expect((await post('resend-otp', { purpose: 'reset_password', email }, owner)).status).toBe(
        200,
      );
      const code = await t.smtp.waitForCode(email, mailsBefore);
      const wrong = code === '000000' ? '111111' : '000000';
      const submit = (otp: string, ip: string) =>
        post(
          'submit-otp',
          { purpose: 'reset_password', email, otp_code: otp, new_password: 'a new password' },
          ip,
        );
      for (let i = 0; i < 4; i++)
        expect((await submit(wrong, stranger)).json.code).toBe('OTP_INVALID');
      expect((await submit(wrong, stranger)).json.code).toBe('OTP_BURNED');
      // Burned for the stranger only: even the right code no longer works from there.
      expect((await submit(code, stranger)).json.code).toBe('OTP_BURNED');

      const reset = await submit(code, owner);
      expect(reset.status).toBe(200);
      expect(reset.json.message).toBe(AUTH_MESSAGES.passwordReset);
    });

    it("keeps the owner's code when another client asks for one, and locks resending per client", async () => {
      t.clock.advance(601);
      const email = 'raced@example.com';
      await createVerifiedAccount(t, { email, password: 'raced password' });
      const owner = '198.51.100.21';
      const stranger = '203.0.113.21';
      const mailsBefore = t.smtp.mailsTo(email).length;
      expect(
        (await post('resend-otp', { purpose: 'reset_password', email }, stranger)).status,
      ).toBe(200);
      // The stranger took the first code; the owner is not made to wait for it.
      const owners = await post('resend-otp', { purpose: 'reset_password', email }, owner);
      expect(owners.status).toBe(200);
      const ownersCode = await t.smtp.waitForCode(email, mailsBefore + 1);
      // And the stranger's next request neither waits the owner out nor replaces the code.
      const strangerAgain = await post(
        'resend-otp',
        { purpose: 'reset_password', email },
        stranger,
      );
      expect(strangerAgain.status).toBe(429);
      t.clock.advance(60);
      const ownerAgain = await post('resend-otp', { purpose: 'reset_password', email }, owner);
      expect(ownerAgain.status).toBe(429);
      expect(ownerAgain.headers['retry-after']).toBe('60');

      const reset = await post(
        'submit-otp',
        { purpose: 'reset_password', email, otp_code: ownersCode, new_password: 'raced new one' },
        owner,
      );
      expect(reset.status).toBe(200);
    });

    it('lets the owner ask for a new code at once after a burn', async () => {
      t.clock.advance(601);
      const email = 'burned@example.com';
      await createVerifiedAccount(t, { email, password: 'burned password' });
      const owner = '198.51.100.22';
      const mailsBefore = t.smtp.mailsTo(email).length;
      await post('resend-otp', { purpose: 'reset_password', email }, owner);
      const first = await t.smtp.waitForCode(email, mailsBefore);
      const wrong = first === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        await post(
          'submit-otp',
          { purpose: 'reset_password', email, otp_code: wrong, new_password: 'new password 1' },
          owner,
        );
      }
      const fresh = await post('resend-otp', { purpose: 'reset_password', email }, owner);
      expect(fresh.status).toBe(200);
      const second = await t.smtp.waitForCode(email, mailsBefore + 1);
      const reset = await post(
        'submit-otp',
        { purpose: 'reset_password', email, otp_code: second, new_password: 'new password 1' },
        owner,
      );
      expect(reset.status).toBe(200);
    });

    it('burns a code for everyone after 20 wrong tries from any clients', async () => {
      t.clock.advance(601);
      const email = 'swarmed@example.com';
      await createVerifiedAccount(t, { email, password: 'swarmed password' });
      const owner = '198.51.100.23';
      const mailsBefore = t.smtp.mailsTo(email).length;
      await post('resend-otp', { purpose: 'reset_password', email }, owner);
      const code = await t.smtp.waitForCode(email, mailsBefore);
      const wrong = code === '000000' ? '111111' : '000000';
      const body = { purpose: 'reset_password', email, new_password: 'swarm new pass' };
      for (let client = 1; client <= 4; client++) {
        for (let i = 0; i < 5; i++) {
          await post('submit-otp', { ...body, otp_code: wrong }, `203.0.113.${100 + client}`);
        }
      }
      const late = await post('submit-otp', { ...body, otp_code: code }, owner);
      expect(late.json.code).toBe('OTP_BURNED');
      // The owner asks again at once and the new code works.
      expect((await post('resend-otp', { purpose: 'reset_password', email }, owner)).status).toBe(
        200,
      );
      const fresh = await t.smtp.waitForCode(email, mailsBefore + 1);
      expect((await post('submit-otp', { ...body, otp_code: fresh }, owner)).status).toBe(200);
    });
  });

  describe('sign-up', () => {
    it('shows the name in mail as short plain text, never as a link', async () => {
      const email = 'spammed@example.com';
      const name =
        'Claim your prize at evil.example/win <a href="https://evil.example">here</a> now please hurry';
      const response = await post(
        'sign-up',
        { name, email, password: 'spam password' },
        '203.0.113.30',
      );
      expect(response.status).toBe(201);
      const mail = readable(t.smtp.mailsTo(email)[0]!.raw);
      expect(mail).not.toContain('evil.example');
      expect(mail).not.toContain('<a href="https://evil');
      expect(mail).not.toContain('&lt;a');
      const greeting = /Hi ([^,\r\n]*),/.exec(mail)?.[1] ?? '';
      expect(greeting.length).toBeGreaterThan(0);
      expect(greeting.length).toBeLessThanOrEqual(60);
      expect(greeting).toMatch(/^Claim your prize at evil/);
    });

    it("keeps a pending account's name until its code is entered", async () => {
      const email = 'pending-name@example.com';
      await post(
        'sign-up',
        { name: 'Olive Owner', email, password: 'olive password' },
        '198.51.100.31',
      );
      const code = await t.smtp.waitForCode(email, 0);
      const stranger = await post(
        'sign-up',
        { name: 'Someone Else Entirely', email, password: 'stranger password' },
        '203.0.113.31',
      );
      expect(stranger.status).toBe(201);
      const verified = await post(
        'submit-otp',
        { purpose: 'registration', email, otp_code: code, password: 'olive password' },
        '198.51.100.31',
      );
      expect(verified.status).toBe(200);
      const signedIn = await signInFrom('198.51.100.31', email, 'olive password');
      const me = await getJson(t.app, '/customer/me', signedIn.json.data?.access_token as string);
      expect(me.json.data).toMatchObject({ name: 'Olive Owner' });
    });

    it('answers a sign-up and a resend the same way whether or not the address has an account', async () => {
      const known = 'already-here@example.com';
      await createVerifiedAccount(t, { email: known, password: 'known password' });
      const fresh = 'brand-new@example.com';
      const ip = '203.0.113.32';
      const mailsBefore = t.smtp.mailsTo(known).length;

      const forKnown = await post(
        'sign-up',
        { name: 'Kim', email: known, password: 'another pass' },
        ip,
      );
      const forFresh = await post(
        'sign-up',
        { name: 'Kim', email: fresh, password: 'another pass' },
        ip,
      );
      expect(forKnown.status).toBe(forFresh.status);
      expect(forKnown.json).toEqual({
        ...forFresh.json,
        data: { ...forFresh.json.data, email: known },
      });

      // The owner of the known address is told, with a way to sign in.
      await t.smtp.waitForCode(fresh, 0);
      await vi.waitFor(() => expect(t.smtp.mailsTo(known)).toHaveLength(mailsBefore + 1));
      const notice = t.smtp.mailsTo(known).at(-1)!;
      expect(notice.subject).toBe('You already have a Cadence account');
      expect(readable(notice.raw)).toContain(`${t.config.publicUrl}/login`);

      // Resend for registration: a pending, a verified and an unknown address alike.
      t.clock.advance(121);
      const resend = (email: string) => post('resend-otp', { purpose: 'registration', email }, ip);
      const pending = await resend(fresh);
      for (const email of [known, 'never-signed-up@example.com']) {
        const other = await resend(email);
        expect(other.status).toBe(pending.status);
        expect(other.json).toEqual({ ...pending.json, data: { ...pending.json.data, email } });
      }
      expect(pending.status).toBe(200);
    });
  });
});
