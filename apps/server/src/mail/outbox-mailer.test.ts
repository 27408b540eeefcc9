import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer';
import { magicLinkMessage } from './magic-link-message';
import { readLatestMessage, readOutbox } from './outbox';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

describe('OutboxMailer', () => {
  let dataDir: string;
  let logged: string[];
  let printed: string[];
  let mailer: OutboxMailer;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cinegraph-mail-'));
    logged = [];
    printed = [];
    mailer = new OutboxMailer({
      dataDir,
      from: 'studio@cinegraph.test',
      logger: { info: (msg) => logged.push(msg), print: (text) => printed.push(text) },
    });
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it('writes the message to the outbox, logs it, and prints its link alone on a line', async () => {
    const link = 'http://localhost:3000/auth/verify?token=t0k3n&email=ada%40example.com';
    await mailer.send(magicLinkMessage('ada@example.com', link));
    const [message] = await readOutbox(path.join(dataDir, 'outbox'));
    expect(message).toMatchObject({
      to: 'ada@example.com',
      from: 'studio@cinegraph.test',
      subject: 'Your Cinegraph sign-in link',
    });
    expect(message?.text).toContain(link);
    expect(message?.html).toContain('&#38;email=');
    expect(Date.parse(message?.sent_at ?? '')).not.toBeNaN();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('ada@example.com');
    expect(logged[0]).not.toContain('\n');
    // A JSON log line escapes the link and buries it mid-line: the terminal gets it as plain text.
    expect(printed.join('').split('\n')).toEqual(
      expect.arrayContaining(['  Your Cinegraph sign-in link for ada@example.com:', `  ${link}`]),
    );
  });

  it('finds the latest message to an address, even among messages sent in the same millisecond', async () => {
    const outbox = path.join(dataDir, 'outbox');
    for (const [to, text] of [
      ['ada@example.com', 'first'],
      ['bob@example.com', 'for bob'],
      ['Ada@Example.com', 'second'],
    ] as const) {
      await mailer.send({ to, subject: 'Hi', text });
    }
    expect((await readLatestMessage(outbox, 'ada@example.com'))?.text).toBe('second');
    expect((await readLatestMessage(outbox, 'bob@example.com'))?.text).toBe('for bob');
    expect((await readLatestMessage(outbox))?.text).toBe('second');
    expect(await readLatestMessage(outbox, 'nobody@example.com')).toBeNull();
    const names = await readdir(outbox);
    expect(
      names.every((name) => /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.json$/.test(name)),
    ).toBe(true);
  });

  it('reads a missing outbox as empty', async () => {
    expect(await readOutbox(path.join(dataDir, 'never-written'))).toEqual([]);
  });
});

describe('createMailer', () => {
  const logger = { info: () => undefined };

  it('uses the outbox unless an SMTP URL is configured', () => {
    expect(createMailer({ from: 'a@b.c', dataDir: '/tmp', logger })).toBeInstanceOf(OutboxMailer);
    const smtp = createMailer({
      smtpUrl: 'smtp://mail.example.com:587',
      from: 'a@b.c',
      dataDir: '/tmp',
      logger,
    });
    expect(smtp).toBeInstanceOf(SmtpMailer);
  });
});
