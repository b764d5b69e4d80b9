import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../web/src/lib/api.ts';

const respond = (status: number, body?: unknown) =>
  vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status })),
  );

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('sends credentials and a JSON body, and returns the parsed answer', async () => {
    const fetch = respond(200, { ok: 1 });
    vi.stubGlobal('fetch', fetch);
    await expect(api<{ ok: number }>('/api/rooms/ABC/prebook', { body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/rooms/ABC/prebook');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('defaults to GET without a body', async () => {
    const fetch = respond(200, []);
    vi.stubGlobal('fetch', fetch);
    await api('/api/rooms');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('turns the server error shape into an ApiError', async () => {
    vi.stubGlobal('fetch', respond(409, { error: { code: 'BID_LIMIT', message: 'You’ve reached your deal limit.' } }));
    const error = await api('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BID_LIMIT', message: 'You’ve reached your deal limit.', status: 409 });
  });

  it('says "Server error" when the error has no usable body', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'HTTP_502', message: 'Server error' });
  });

  it('says "Server error" when the network fails', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'NETWORK', message: 'Server error', status: 0 });
  });

  it('returns undefined for an empty success', async () => {
    vi.stubGlobal('fetch', respond(204));
    await expect(api('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});
