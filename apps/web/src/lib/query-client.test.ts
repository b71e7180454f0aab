import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-error';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('does not ask again after a 4xx answer', () => {
    expect(shouldRetry(0, new ApiRequestError(401, 'Your session has expired.'))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(404, null))).toBe(false);
  });

  it('asks twice more after a dropped connection or a 5xx answer', () => {
    expect(shouldRetry(0, new ApiRequestError(0, null))).toBe(true);
    expect(shouldRetry(1, new ApiRequestError(503, null))).toBe(true);
    expect(shouldRetry(2, new ApiRequestError(503, null))).toBe(false);
  });
});
