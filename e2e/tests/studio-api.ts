import { expect, type Page } from '@playwright/test';

/** Calls the studio's API as the page's signed-in user; the answer must be a 200 with JSON. */
export async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const response = method === 'GET' ? await page.request.get(url) : await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Gives a workflow node an API workflow (the same call the upload on the node makes). */
export async function uploadWorkflow(
  page: Page,
  movieId: string,
  nodeId: string,
  workflow: object,
): Promise<void> {
  const response = await page.request.post(
    `/api/v1/editor/set_inputs_from_workflow/node/${nodeId}/movie/${movieId}`,
    {
      headers: { 'X-Requested-With': 'cinegraph' },
      multipart: {
        file: {
          name: 'workflow.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify(workflow)),
        },
      },
    },
  );
  expect(response.status(), await response.text()).toBe(200);
}
