import { afterEach, beforeEach, expect, vi } from 'vitest';

// A console.error during a test is a failure nobody asserted on: fail the test instead.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  // A test that asserts nothing proves nothing (a loop over nothing, a branch that returns
  // early): it fails here instead of passing.
  expect.hasAssertions();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const printed = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`Unexpected console.error during the test:\n${printed}`);
  }
});
