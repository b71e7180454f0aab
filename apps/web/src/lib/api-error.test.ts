import { describe, expect, it } from 'vitest';
import {
  ApiRequestError,
  extractErrorMessage,
  failureToastOf,
  getErrorMessage,
  isUnauthorizedError,
} from './api-error';

describe('extractErrorMessage', () => {
  it('prefers the message of an API failure body', () => {
    const body = { statusCode: 409, error: 'Conflict', message: 'An account already exists.' };
    expect(extractErrorMessage(body)).toBe('An account already exists.');
  });

  it('falls back to the error field when there is no message', () => {
    expect(extractErrorMessage({ error: 'Too Many Requests' })).toBe('Too Many Requests');
  });

  it('skips a blank message and uses the error field', () => {
    expect(extractErrorMessage({ message: '   ', error: 'Bad Request' })).toBe('Bad Request');
  });

  it('ignores fields that are not text', () => {
    expect(extractErrorMessage({ message: { nested: true }, error: 42 })).toBeNull();
  });

  it('gives null for bodies that are not objects', () => {
    expect(extractErrorMessage(null)).toBeNull();
    expect(extractErrorMessage('Internal Server Error')).toBeNull();
    expect(extractErrorMessage(undefined)).toBeNull();
  });
});

describe('getErrorMessage', () => {
  it("uses the server's words when it sent any", () => {
    const error = new ApiRequestError(429, 'Please wait 42 seconds before requesting a new code.');
    expect(getErrorMessage(error, 'Resend failed')).toBe(
      'Please wait 42 seconds before requesting a new code.',
    );
  });

  it('uses the fallback when the server sent no text', () => {
    expect(getErrorMessage(new ApiRequestError(502, null), 'Request failed')).toBe(
      'Request failed',
    );
  });

  it('uses the fallback for errors that did not come from the API', () => {
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'Failed to send OTP')).toBe(
      'Failed to send OTP',
    );
    expect(getErrorMessage('boom', 'OTP verification failed')).toBe('OTP verification failed');
  });
});

describe('ApiRequestError', () => {
  it('keeps the status and reads as the server message', () => {
    const error = new ApiRequestError(401, 'Email or password is incorrect');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Email or password is incorrect');
    expect(error).toBeInstanceOf(Error);
  });

  it('describes a call that never reached the server', () => {
    expect(new ApiRequestError(0, null).message).toBe('The server could not be reached');
  });

  it('is recognised as unauthorized only for 401', () => {
    expect(isUnauthorizedError(new ApiRequestError(401, null))).toBe(true);
    expect(isUnauthorizedError(new ApiRequestError(403, null))).toBe(false);
    expect(isUnauthorizedError(new Error('401'))).toBe(false);
  });
});

describe('failureToastOf', () => {
  it('says nothing about a failure that ended the session: its own toast has been shown', () => {
    const error = new ApiRequestError(401, 'Your session has expired.', { endedSession: true });
    expect(failureToastOf(error, 'Failed to create post')).toEqual({ kind: 'none' });
  });

  it("shows a sign-in form's 401 (a wrong password), which ended no session", () => {
    const error = new ApiRequestError(401, 'Invalid email or password');
    expect(failureToastOf(error, 'Request failed')).toEqual({
      kind: 'plain',
      message: 'Invalid email or password',
    });
  });

  it('links a plan limit to the plans, by its code', () => {
    const error = new ApiRequestError(403, 'Your plan allows 1 entity.', { code: 'COMPANY_LIMIT' });
    expect(failureToastOf(error, 'Failed to add')).toEqual({
      kind: 'limit',
      message: 'Your plan allows 1 entity.',
    });
  });

  it('does not offer an upgrade for a 403 that is no plan limit', () => {
    const error = new ApiRequestError(403, 'Admins only', { code: 'ADMIN_ONLY' });
    expect(failureToastOf(error, 'Failed')).toEqual({ kind: 'plain', message: 'Admins only' });
  });

  it('falls back to the caller text when the server gave none', () => {
    expect(failureToastOf(new ApiRequestError(0, null), 'Failed to delete')).toEqual({
      kind: 'plain',
      message: 'Failed to delete',
    });
    expect(failureToastOf(new Error('boom'), 'Failed to delete').kind).toBe('plain');
  });
});
