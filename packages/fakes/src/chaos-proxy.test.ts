import { describe, expect, it } from 'vitest';
import { routeOf } from './chaos-proxy.js';

describe('routeOf', () => {
  it('names a route by its path, ids and query left out, versions kept', () => {
    expect(routeOf('/2/users/1880000000000000001/tweets?start_time=x')).toBe('/2/users/:id/tweets');
    expect(routeOf('/v25.0/17841400000000000/media_publish')).toBe('/v25.0/:id/media_publish');
    expect(routeOf('/v1.0/me/threads')).toBe('/v1.0/me/threads');
    expect(routeOf('/rest/posts/urn%3Ali%3Ashare%3A7')).toBe('/rest/posts/:id');
    expect(routeOf('/xrpc/com.atproto.repo.uploadBlob')).toBe('/xrpc/com.atproto.repo.uploadBlob');
  });
});
