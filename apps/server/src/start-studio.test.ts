import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openFrontDoor, type FrontDoor } from './http/front-door';
import { webAppEarlyAnswers } from './http/web-app-early';
import { readOutbox } from './mail/outbox';
import { startStudio, type RunningStudio } from './start-studio';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let dataDir: string;
let frontDoor: FrontDoor;
let base: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cinegraph-start-'));
  const webDist = path.join(dataDir, 'web');
  await fs.mkdir(path.join(webDist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Cinegraph</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'index-1a2b.js'), 'console.log("studio")');
  frontDoor = await openFrontDoor({ port: 0, host: '127.0.0.1', answerEarly: webAppEarlyAnswers(webDist) });
  base = `http://127.0.0.1:${(frontDoor.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Sends a request on a connection of its own; resolves with the whole answer. */
function ask(address: string, options: http.RequestOptions = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${address}`, { agent: false, ...options }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Resolves once `count` requests wait for the studio at the front door. */
async function waitingAtTheDoor(count: number): Promise<void> {
  while (frontDoor.waiting < count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('a studio start (the front door, then the studio behind it)', () => {
  let studio: RunningStudio | undefined;

  // A first start on a fresh folder: every migration runs, slow on a loaded machine.
  it(
    'answers the landing page before the studio exists, and every other request once it has started',
    { timeout: 180_000 },
    async () => {
      const landing = await ask('/');
      expect(landing.status).toBe(200);
      expect(landing.body).toContain('<title>Cinegraph</title>');
      expect((await ask('/assets/index-1a2b.js')).body).toBe('console.log("studio")');

      // Sent before the database is even opened: each waits, unread, and gets the studio's own answer.
      const session = ask('/api/v1/session', { headers: { cookie: 'cinegraph_session=nobody' } });
      const email = 'early@example.com';
      const magicLink = ask(
        '/api/v1/magic-link',
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        JSON.stringify({ email }),
      );
      const browserRoute = ask('/movies');
      const editorSocket = ask('/comfy-editor/no-such-pass/ws', {
        headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' },
      });
      await waitingAtTheDoor(4);

      const config = loadConfig({
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'web'),
        DEV_WORKER: 'false',
        LOG_LEVEL: 'silent',
      });
      studio = await startStudio(config, frontDoor);

      expect(await session).toMatchObject({ status: 401 });
      // The body arrived whole: the link was mailed to the address it named.
      expect(await magicLink).toMatchObject({ status: 200 });
      const mailed = await readOutbox(path.join(dataDir, 'outbox'));
      expect(mailed.map((message) => message.to)).toContain(email);
      // The app answers browser routes with the web app, as before any start.
      expect((await browserRoute).body).toContain('<title>Cinegraph</title>');
      // The editor's WebSocket proxy answered the upgrade: an unknown pass is a 404.
      expect((await editorSocket).status).toBe(404);
    },
  );

  it('closes the database when stopped: the folder opens again', async () => {
    await studio!.stop('test');
    await expect(ask('/')).rejects.toThrow();
    await expect(fs.access(path.join(dataDir, 'db.lock'))).rejects.toThrow();
  });
});
