import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiCall = vi.fn();
const storeSignedInUser = vi.fn();
vi.mock('../../lib/api', () => ({ apiCall: (...args: unknown[]) => apiCall(...args) }));
vi.mock('../../lib/session', () => ({ storeSignedInUser: (user: unknown) => storeSignedInUser(user) }));

const { switchAccountWithLink, verifyMagicLinkOnce } = await import('./magicLink');

function respond(byPath: Record<string, () => Promise<unknown>>) {
  apiCall.mockImplementation((endpoint: { path: string }) => {
    const handler = byPath[endpoint.path];
    return handler ? handler() : Promise.reject(new Error(`unexpected ${endpoint.path}`));
  });
}

describe('verifyMagicLinkOnce', () => {
  beforeEach(() => {
    apiCall.mockReset();
    storeSignedInUser.mockReset();
  });

  it('spends a token only once even when asked twice (StrictMode runs effects twice)', async () => {
    respond({
      '/verify': async () => ({ user_id: 'u1' }),
      '/user/:userId': async () => ({ nickname: 'Ada', profile_image: null }),
    });
    const [first, second] = await Promise.all([verifyMagicLinkOnce('t-once'), verifyMagicLinkOnce('t-once')]);
    expect(first).toEqual({ kind: 'signed-in', userId: 'u1' });
    expect(second).toBe(first);
    expect(apiCall.mock.calls.filter(([ep]) => ep.path === '/verify')).toHaveLength(1);
  });

  it('stores the user id, then the nickname and profile image', async () => {
    respond({
      '/verify': async () => ({ user_id: 'u2' }),
      '/user/:userId': async () => ({ nickname: 'Ada', profile_image: '/storage/a.png' }),
    });
    await verifyMagicLinkOnce('t-profile');
    await vi.waitFor(() => expect(storeSignedInUser).toHaveBeenCalledTimes(2));
    expect(storeSignedInUser).toHaveBeenNthCalledWith(1, { userId: 'u2' });
    expect(storeSignedInUser).toHaveBeenNthCalledWith(2, {
      userId: 'u2',
      nickname: 'Ada',
      profileImage: '/storage/a.png',
    });
  });

  it('keeps the sign-in when the profile cannot be read', async () => {
    respond({
      '/verify': async () => ({ user_id: 'u3' }),
      '/user/:userId': async () => Promise.reject(new Error('offline')),
    });
    expect(await verifyMagicLinkOnce('t-no-profile')).toEqual({ kind: 'signed-in', userId: 'u3' });
    expect(storeSignedInUser).toHaveBeenCalledWith({ userId: 'u3' });
  });

  it('does nothing visible for a response without user_id', async () => {
    respond({ '/verify': async () => ({}) });
    expect(await verifyMagicLinkOnce('t-empty')).toEqual({ kind: 'no-user' });
    expect(storeSignedInUser).not.toHaveBeenCalled();
  });

  it('reports a failed verification', async () => {
    respond({ '/verify': async () => Promise.reject(new Error('expired')) });
    expect(await verifyMagicLinkOnce('t-bad')).toEqual({ kind: 'failed' });
    expect(storeSignedInUser).not.toHaveBeenCalled();
  });

  it('keeps another live account until the visitor confirms, then switches with the same link', async () => {
    let confirmed: unknown;
    apiCall.mockImplementation((endpoint: { path: string }, options: { query?: object }) => {
      if (endpoint.path === '/user/:userId') return Promise.resolve({ nickname: '', profile_image: null });
      if (!('switch_account' in (options.query ?? {}))) {
        return Promise.reject(Object.assign(new Error('other account'), { status: 409 }));
      }
      confirmed = options.query;
      return Promise.resolve({ user_id: 'u4' });
    });
    expect(await verifyMagicLinkOnce('t-switch')).toEqual({ kind: 'other-account' });
    expect(storeSignedInUser).not.toHaveBeenCalled();
    expect(await switchAccountWithLink('t-switch')).toEqual({ kind: 'signed-in', userId: 'u4' });
    expect(confirmed).toEqual({ token: 't-switch', switch_account: 'true' });
  });
});
