import { freePort } from '../../test/free-port';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The real app listening on a real port, with PUBLIC_URL set to that address, so presigned storage
 * URLs can be used with `fetch` as a browser would.
 */
export async function startListeningTestApp(): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ env: { PUBLIC_URL: baseUrl } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl };
}
