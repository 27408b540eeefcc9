import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string };
  };
}

/**
 * A local server that speaks the OpenAI chat-completions API: each request gets the next of `answers`
 * as the assistant's message content (or an HTTP status, when the answer is a number).
 */
export async function startFakeChatServer(answers: (string | number)[]) {
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) });
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)]!;
      if (typeof answer === 'number') {
        res.writeHead(answer, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
        return;
      }
      const completion = {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
