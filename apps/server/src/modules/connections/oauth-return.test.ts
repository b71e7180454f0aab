import { describe, expect, it } from 'vitest';
import { isAcceptedBase, returnBase } from './oauth-return.js';

describe('where one-click connect returns to', () => {
  const production = { publicUrl: 'https://cadence.example.com' };
  const demo = { publicUrl: 'http://localhost:3000', loopbackPort: 3000 };

  it("is PUBLIC_URL's origin when the browser used it", () => {
    expect(returnBase('https://cadence.example.com', production)).toBe(
      'https://cadence.example.com',
    );
    expect(returnBase('http://localhost:3000', demo)).toBe('http://localhost:3000');
    // PUBLIC_URL's path is kept.
    expect(returnBase('https://host.example', { publicUrl: 'https://host.example/app' })).toBe(
      'https://host.example/app',
    );
  });

  it('is a loopback address the browser used, in the demo, on its port', () => {
    expect(returnBase('http://127.0.0.1:3000', demo)).toBe('http://127.0.0.1:3000');
    expect(returnBase('http://[::1]:3000', demo)).toBe('http://[::1]:3000');
    const onIp = { publicUrl: 'http://127.0.0.1:4100', loopbackPort: 4100 };
    expect(returnBase('http://localhost:4100', onIp)).toBe('http://localhost:4100');
  });

  it('falls back to PUBLIC_URL for any other address (no open redirect)', () => {
    for (const foreign of [
      'https://evil.example',
      'http://127.0.0.1.evil.example:3000',
      'http://127.0.0.1:3001',
      'https://127.0.0.1:3000',
      'http://user:pass@127.0.0.1:3000',
      'http://10.0.0.5:3000',
      'http://localhost',
      'null',
      'not a url',
      '',
      undefined,
    ]) {
      expect(returnBase(foreign, demo), String(foreign)).toBe('http://localhost:3000');
    }
    // Outside the demo, loopback addresses are foreign too.
    expect(returnBase('http://127.0.0.1:3000', { publicUrl: 'https://cadence.example.com' })).toBe(
      'https://cadence.example.com',
    );
    expect(returnBase('http://localhost:3000', { publicUrl: 'https://cadence.example.com' })).toBe(
      'https://cadence.example.com',
    );
  });

  it('accepts a stored base only while the server would still choose it', () => {
    expect(isAcceptedBase('http://127.0.0.1:3000', demo)).toBe(true);
    expect(isAcceptedBase('http://localhost:3000', demo)).toBe(true);
    expect(isAcceptedBase('http://127.0.0.1:3000', production)).toBe(false);
    expect(isAcceptedBase('https://evil.example', demo)).toBe(false);
  });
});
