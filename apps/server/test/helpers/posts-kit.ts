import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Company, Post, PostList } from '@cadence/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from './databases.js';
import { apiCall, apiForm, type FormPart } from './api.js';
import {
  createTestApp,
  createTestClock,
  createVerifiedAccount,
  type TestApp,
  setTierByCommand,
} from './test-app.js';

/**
 * The posts test files' app and the few calls they make, moved here when posts.int.test.ts was
 * split by behaviour; its requests go through the suite's one authenticated request helper.
 */
export function usePostsApp(engine: Engine) {
  const kit = {
    t: undefined as unknown as TestApp,
    uploadsDir: '',
    call,
    send,
    customer,
    addCompany,
    addPost,
    list,
    storedFiles,
    partialFiles,
  };
  beforeAll(async () => {
    // Late in a month, so the monthly limit test can step into the next one without the
    // week-long sessions running out.
    kit.t = await createTestApp(engine, {
      clock: createTestClock(new Date('2026-11-29T12:00:00Z')),
    });
    kit.uploadsDir = path.join(kit.t.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    await kit.t?.close();
  });

  function call<T = Post>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    body?: object | string,
  ) {
    return apiCall<T>(kit.t.app, method, url, token, body);
  }

  function send<T = Post>(method: 'POST' | 'PATCH', url: string, token: string, parts: FormPart[]) {
    return apiForm<T>(kit.t.app, method, url, token, parts);
  }

  /** A signed-in customer on the given tier. */
  async function customer(email: string, tier = 'business') {
    const token = await createVerifiedAccount(kit.t, { email });
    if (tier !== 'free') await setTierByCommand(kit.t, email, tier);
    return token;
  }

  async function addCompany(token: string, name: string) {
    const response = await call<Company>('POST', '/customer/company', token, {
      name,
      website: 'example.com',
    });
    expect(response.status).toBe(201);
    return response.json.data.id;
  }

  async function addPost(token: string, fields: Record<string, unknown>) {
    kit.t.clock.advance(1);
    const response = await call('POST', '/customer/post', token, fields);
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    return response.json.data;
  }

  function list(token: string, query = '') {
    return call<PostList>('GET', `/customer/post${query ? `?${query}` : ''}`, token);
  }

  async function storedFiles() {
    const folder = path.join(kit.uploadsDir, 'posts');
    return existsSync(folder) ? readdir(folder) : [];
  }

  async function partialFiles() {
    const folder = path.join(kit.uploadsDir, '.partial');
    return existsSync(folder) ? readdir(folder) : [];
  }

  return kit;
}
