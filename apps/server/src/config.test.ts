import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config.js';

describe('configuration', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('has working defaults for a fresh machine', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      role: 'all',
      smtpUrl: undefined,
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('derives the public URL from the port and strips a trailing slash', () => {
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://social.example.com/' }).publicUrl).toBe(
      'https://social.example.com',
    );
  });

  it("offers 'In 1 minute' on the demo unless told otherwise, and points post links at real sites", () => {
    expect(parseConfig({}).scheduleInAMinute).toBe(false);
    expect(parseConfig({ SIMULATED_NETWORKS: 'true' }).scheduleInAMinute).toBe(true);
    expect(
      parseConfig({ SIMULATED_NETWORKS: 'true', SCHEDULE_IN_A_MINUTE: 'false' }).scheduleInAMinute,
    ).toBe(false);
    expect(parseConfig({ SCHEDULE_IN_A_MINUTE: 'true' }).scheduleInAMinute).toBe(true);
    expect(parseConfig({}).networks.webUrls.twitter).toBe('https://x.com');
    expect(parseConfig({ X_WEB_URL: 'http://127.0.0.1:9/' }).networks.webUrls.twitter).toBe(
      'http://127.0.0.1:9',
    );
    expect(parseConfig({}).networks.webUrls).toMatchObject({
      instagram: 'https://www.instagram.com',
      threads: 'https://www.threads.net',
    });
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('lists every problem in one readable error', () => {
    try {
      parseConfig({ PORT: 'eighty', ROLE: 'both', DATABASE_URL: 'mysql://x', APP_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a whole number between 1 and 65535');
      expect(message).toContain('ROLE: must be web, worker or all');
      expect(message).toContain('DATABASE_URL: must be a postgres:// connection string');
      expect(message).toContain('APP_SECRET: must be at least 32 characters');
    }
  });

  it('generates APP_SECRET once into DATA_DIR/secret with owner-only access', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cadence-config-'));
    dirs.push(dir);
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dir, 'secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first.appSecret);
    expect(readFileSync(path.join(dir, 'secret'), 'utf8').trim()).toBe(first.appSecret);
  });

  it('prefers APP_SECRET from the environment and writes nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cadence-config-'));
    dirs.push(dir);
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, APP_SECRET: secret }).appSecret).toBe(secret);
    expect(() => statSync(path.join(dir, 'secret'))).toThrow();
  });

  describe('TRUST_PROXY', () => {
    const trustOf = (value: string) => parseConfig({ TRUST_PROXY: value }).trustProxy;

    it('is off unless set, and off for false or 0', () => {
      expect(parseConfig({}).trustProxy).toBe(false);
      expect(trustOf('')).toBe(false);
      expect(trustOf('false')).toBe(false);
      expect(trustOf('0')).toBe(false);
    });

    it('reads true as one proxy and a whole number as that many', () => {
      expect(trustOf('true')).toEqual({ hops: 1 });
      expect(trustOf('TRUE')).toEqual({ hops: 1 });
      expect(trustOf('1')).toEqual({ hops: 1 });
      expect(trustOf(' 2 ')).toEqual({ hops: 2 });
    });

    it('reads a list of the proxies’ addresses and ranges, IPv4 and IPv6', () => {
      expect(trustOf('127.0.0.1')).toEqual({ addresses: ['127.0.0.1'] });
      expect(trustOf('10.0.0.0/8, ::1, fd00::/8,loopback')).toEqual({
        addresses: ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback'],
      });
    });

    it('names every entry that is not an address or range', () => {
      for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', '::1/129', '1.2.3.4,,5.6.7.8']) {
        expect(() => trustOf(value), value).toThrow(ConfigError);
      }
      try {
        trustOf('127.0.0.1, proxy.local, 10.0.0.0/40');
        expect.unreachable();
      } catch (error) {
        const message = (error as Error).message;
        expect(message).toContain('TRUST_PROXY: must be false, true (one proxy), a number');
        expect(message).toContain('not an address or range: "proxy.local", "10.0.0.0/40"');
      }
      expect(() => trustOf('8080')).toThrow(/8080 is more than 20 proxies/);
    });
  });

  describe('S3_*', () => {
    it('keeps uploads in the local folder unless S3_BUCKET is set', () => {
      expect(parseConfig({}).s3).toBeNull();
      expect(parseConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toBeNull();
    });

    it('reads the bucket, its endpoint, region, keys, path style, public address and delivery', () => {
      expect(parseConfig({ S3_BUCKET: 'media' }).s3).toEqual({
        bucket: 'media',
        endpoint: undefined,
        region: 'us-east-1',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
        publicUrl: undefined,
        delivery: 'redirect',
      });
      expect(
        parseConfig({
          S3_BUCKET: 'media',
          S3_ENDPOINT: 'http://127.0.0.1:9000/',
          S3_REGION: 'eu-west-3',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_FORCE_PATH_STYLE: 'true',
          S3_PUBLIC_URL: 'https://media.example.com/',
          S3_DELIVERY: 'proxy',
        }).s3,
      ).toEqual({
        bucket: 'media',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-3',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        publicUrl: 'https://media.example.com',
        delivery: 'proxy',
      });
    });

    it('refuses one key without the other, and values it cannot use', () => {
      expect(() => parseConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
        /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither/,
      );
      try {
        parseConfig({
          S3_BUCKET: 'media',
          S3_ENDPOINT: 'minio:9000',
          S3_FORCE_PATH_STYLE: 'yes',
          S3_DELIVERY: 'stream',
        });
        expect.unreachable();
      } catch (error) {
        const message = (error as Error).message;
        expect(message).toContain('S3_ENDPOINT: must be an http:// or https:// URL');
        expect(message).toContain('S3_FORCE_PATH_STYLE: must be true or false');
        expect(message).toContain('S3_DELIVERY: must be redirect or proxy');
      }
    });
  });
});
