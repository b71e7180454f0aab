import { describe, expect, it } from 'vitest';
import {
  buildConnectionBody,
  buildDisconnectBody,
  buildPageListBody,
  choosePage,
  emptyCredentialValues,
  getPageListFields,
} from './connection-request';

const COMPANY_ID = '0b6f3c1e-1d1a-4f7e-9d53-1c2f1b6a0001';

describe('emptyCredentialValues', () => {
  it('has one blank value per credential field of the network', () => {
    expect(emptyCredentialValues('twitter')).toEqual({
      apiKey: '',
      apiSecret: '',
      accessToken: '',
      accessTokenSecret: '',
    });
    expect(emptyCredentialValues('instagram')).toEqual({ accessToken: '' });
  });
});

describe('buildConnectionBody', () => {
  it("sends twitter's access token and secret as client_id and client_secret", () => {
    const result = buildConnectionBody('twitter', COMPANY_ID, {
      apiKey: 'key',
      apiSecret: 'secret',
      accessToken: 'token',
      accessTokenSecret: 'token-secret',
    });
    expect(result).toEqual({
      isValid: true,
      body: {
        social_account_type: 'twitter',
        company_id: COMPANY_ID,
        api_key: 'key',
        api_secret: 'secret',
        client_id: 'token',
        client_secret: 'token-secret',
      },
    });
  });

  it('sends the chosen page for facebook, without a grant type', () => {
    const result = buildConnectionBody('facebook', COMPANY_ID, {
      appId: '1234',
      appSecret: 'app-secret',
      accessToken: 'EAAB',
      pageId: '99',
    });
    expect(result).toEqual({
      isValid: true,
      body: {
        social_account_type: 'facebook',
        company_id: COMPANY_ID,
        client_id: '1234',
        client_secret: 'app-secret',
        access_token: 'EAAB',
        page_id: '99',
      },
    });
  });

  it.each([
    [
      'linkedIn',
      { clientId: 'id', clientSecret: 's', accessToken: 't' },
      ['client_id', 'client_secret', 'access_token'],
    ],
    ['instagram', { accessToken: 't' }, ['access_token']],
    [
      'bluesky',
      { username: 'acme.bsky.social', client_secret: 'abcd-efgh' },
      ['username', 'client_secret'],
    ],
    ['threads', { accessToken: 't', clientSecret: 's' }, ['access_token', 'client_secret']],
  ] as const)('maps %s fields to their request params', (network, values, params) => {
    const result = buildConnectionBody(network, COMPANY_ID, values);
    expect(result.isValid).toBe(true);
    if (!result.isValid) return;
    expect(Object.keys(result.body)).toEqual(['social_account_type', 'company_id', ...params]);
  });

  it('trims pasted values and drops the @ of a handle', () => {
    const result = buildConnectionBody('bluesky', COMPANY_ID, {
      username: '  @acme.bsky.social ',
      client_secret: 'abcd-efgh-ijkl-mnop\n',
    });
    expect(result).toMatchObject({
      isValid: true,
      body: { username: 'acme.bsky.social', client_secret: 'abcd-efgh-ijkl-mnop' },
    });
  });

  it('lists the blank or missing fields instead of a body', () => {
    expect(buildConnectionBody('twitter', COMPANY_ID, { apiKey: 'key', apiSecret: '   ' })).toEqual(
      {
        isValid: false,
        missing: ['apiSecret', 'accessToken', 'accessTokenSecret'],
      },
    );
  });

  it('needs a chosen page to connect facebook', () => {
    const result = buildConnectionBody('facebook', COMPANY_ID, {
      appId: '1234',
      appSecret: 'app-secret',
      accessToken: 'EAAB',
      pageId: '',
    });
    expect(result).toEqual({ isValid: false, missing: ['pageId'] });
  });
});

describe('buildPageListBody', () => {
  it('asks with the client credentials grant and no page', () => {
    const result = buildPageListBody(COMPANY_ID, {
      appId: '1234',
      appSecret: 'app-secret',
      accessToken: 'EAAB',
      pageId: '',
    });
    expect(result).toEqual({
      isValid: true,
      body: {
        social_account_type: 'facebook',
        company_id: COMPANY_ID,
        client_id: '1234',
        client_secret: 'app-secret',
        access_token: 'EAAB',
        grant_type: 'client_credentials',
      },
    });
  });

  it('needs the app id, app secret and access token', () => {
    expect(getPageListFields().map((field) => field.name)).toEqual([
      'appId',
      'appSecret',
      'accessToken',
    ]);
    expect(buildPageListBody(COMPANY_ID, { appId: '1234' })).toEqual({
      isValid: false,
      missing: ['appSecret', 'accessToken'],
    });
  });
});

describe('buildDisconnectBody', () => {
  it('names the company and the network', () => {
    expect(buildDisconnectBody('linkedIn', COMPANY_ID)).toEqual({
      company_id: COMPANY_ID,
      social_account_type: 'linkedIn',
    });
  });
});

describe('choosePage', () => {
  const pages = [
    { id: '1', name: 'Honeycomb & Hive' },
    { id: '2', name: 'Hive Workshops' },
  ];

  it('keeps a choice that is still listed', () => {
    expect(choosePage(pages, '2')).toBe('2');
  });

  it('clears a choice that is no longer listed', () => {
    expect(choosePage(pages, '9')).toBe('');
  });

  it('chooses the only page', () => {
    expect(choosePage([{ id: '7' }], '')).toBe('7');
    expect(choosePage([], '7')).toBe('');
  });
});
