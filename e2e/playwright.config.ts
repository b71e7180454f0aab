import { defineConfig } from '@playwright/test';
import { browserArgs } from './support/browser.js';

// global-setup.ts starts the built server and an SMTP sink, and puts their addresses and the
// Chromium it found in the environment; worker processes load this file again after that.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // Every test makes its own uniquely named data (support/unique.ts), so a retry starts clean;
  // the list reporter still names a test that needed one as flaky.
  retries: 1,
  // Room for a busy 2-core machine running the server, two browsers and other work at once.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './.artifacts/test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM_PATH,
      args: browserArgs(process.env.E2E_CHROMIUM_KIND),
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
