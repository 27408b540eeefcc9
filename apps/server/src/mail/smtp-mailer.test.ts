import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer } from './smtp-mailer';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP receiver on a free port that keeps every message it accepts. */
async function startReceiver() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true, // no TLS in the test, but the credentials must still be checked
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'cinegraph' && auth.password === 'p4ss-w0rd')
        return callback(null, { user: 'cinegraph' });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('SmtpMailer', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.stop());

  it('delivers the message to the SMTP server', async () => {
    const mailer = new SmtpMailer({
      smtpUrl: `smtp://127.0.0.1:${receiver.port}`,
      from: 'Cinegraph <studio@cinegraph.test>',
    });
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Your Cinegraph sign-in link',
      text: 'Open http://localhost:3000/verify?token=abc to sign in.',
      html: '<p>Open the <a href="http://localhost:3000/verify?token=abc">link</a>.</p>',
    });
    mailer.close();
    const message = receiver.received.at(-1);
    expect(message?.from).toBe('studio@cinegraph.test');
    expect(message?.to).toEqual(['ada@example.com']);
    expect(message?.data).toMatch(/^To: ada@example\.com$/m);
    expect(message?.data).toMatch(/^Subject: Your Cinegraph sign-in link$/m);
    expect(message?.data).toContain('Open http://localhost:3000/verify?token=abc to sign in.');
    expect(message?.data).toContain('text/html');
  });

  it('signs in with the credentials of the SMTP URL', async () => {
    const smtpUrl = `smtp://cinegraph:p4ss-w0rd@127.0.0.1:${receiver.port}`;
    const mailer = new SmtpMailer({ smtpUrl, from: 'studio@cinegraph.test' });
    await mailer.send({ to: 'grace@example.com', subject: 'Hello', text: 'Authenticated.' });
    mailer.close();
    expect(receiver.received.at(-1)?.to).toEqual(['grace@example.com']);
  });

  it('rejects wrong credentials without repeating the password', async () => {
    const mailer = new SmtpMailer({
      smtpUrl: `smtp://cinegraph:wrong-secret@127.0.0.1:${receiver.port}`,
      from: 'studio@cinegraph.test',
    });
    const failure = mailer.send({ to: 'grace@example.com', subject: 'Hello', text: 'Nope.' });
    await expect(failure).rejects.toThrow(
      /Could not send mail to grace@example\.com through smtp:\/\/127\.0\.0\.1/,
    );
    await expect(failure).rejects.not.toThrow(/wrong-secret/);
    mailer.close();
  });

  it('rejects with a clear error when the SMTP server cannot be reached', async () => {
    const port = await closedPort();
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'studio@cinegraph.test' });
    await expect(mailer.send({ to: 'ada@example.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow(
      `Could not send mail to ada@example.com through smtp://127.0.0.1:${port}: connect ECONNREFUSED`,
    );
    mailer.close();
  });
});
