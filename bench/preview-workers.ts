import { startDevWorker } from '@cinegraph/dev-worker';

// A child process of the dispatcher benchmark: N preview workers, so their CPU is not the server's.
// Prints their URLs as one JSON line, then runs until its parent closes stdin.
const count = Number(process.argv[2] ?? 50);
const stepMs = Number(process.argv[3] ?? 50);
const workers = await Promise.all(
  Array.from({ length: count }, () => startDevWorker({ port: 0, host: '127.0.0.1', stepMs })),
);
console.log(JSON.stringify(workers.map((w) => w.url)));
process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.all(workers.map((w) => w.close())).then(() => process.exit(0));
});
