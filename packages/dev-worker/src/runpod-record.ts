import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startRunPodFake } from './runpod-fake';

/**
 * Records a RunPod endpoint whose jobs a real worker takes: RunPod's hosted API as documented, in front
 * of worker-comfyui's handler run by the runpod SDK's own worker loop (see
 * apps/server/src/engine/fixtures/runpod/README.md). Every exchange goes to OUT/exchanges.jsonl.
 *   npx tsx packages/dev-worker/src/runpod-record.ts PORT OUT [API_KEY]
 */
const [port, out, apiKey] = process.argv.slice(2);
mkdirSync(out!, { recursive: true });
const endpoint = await startRunPodFake({
  sdkWorker: true,
  port: Number(port),
  apiKey,
  endpointId: 'recorded-endpoint',
  onExchange: (exchange) =>
    appendFileSync(path.join(out!, 'exchanges.jsonl'), `${JSON.stringify(exchange)}\n`),
});
console.log(`RunPod endpoint for an SDK worker: ${endpoint.url}`);
