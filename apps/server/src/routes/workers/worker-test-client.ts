import type { AddWorkerBody, OwnWorker, UpdateWorkerBody } from '@cinegraph/contracts';
import type { SignedInUser } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';

/**
 * The own-worker calls as the account page makes them. Dev workers listen on 127.0.0.1, so tests turn
 * USER_WORKERS_ALLOW_PRIVATE on unless they test the refusal.
 */
export function workerClient(t: TestApp, { allowPrivate = true } = {}) {
  // The app reads its config object per request; this is the one `createTestApp` built it with.
  t.config.userWorkersAllowPrivate = allowPrivate;
  const headers = (user: SignedInUser | null) => (user ? { cookie: user.cookie } : {});
  return {
    list: (user: SignedInUser | null) =>
      t.app.inject({ method: 'GET', url: '/api/v1/worker/mine', headers: headers(user) }),
    add: (user: SignedInUser | null, payload: Partial<AddWorkerBody> | Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/worker/mine', headers: headers(user), payload }),
    update: (user: SignedInUser | null, id: string, payload: UpdateWorkerBody | Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/worker/mine/${id}`, headers: headers(user), payload }),
    remove: (user: SignedInUser | null, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/worker/mine/${id}`, headers: headers(user) }),
    /** Adds a worker and returns it, failing the test with the server's answer otherwise. */
    async added(user: SignedInUser, payload: Partial<AddWorkerBody>): Promise<OwnWorker> {
      const response = await this.add(user, payload);
      if (response.statusCode !== 200) throw new Error(`add worker: ${response.statusCode} ${response.body}`);
      return response.json<OwnWorker>();
    },
  };
}
