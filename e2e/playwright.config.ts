import { defineConfig } from '@playwright/test';
import { browserArgs } from './support/browser.js';

// global-setup.ts starts the built server and an SMTP sink, and puts their addresses and the
// Chromium it found in the environment; worker processes load this file again after that.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
