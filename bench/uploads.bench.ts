import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { PresignUploadResponse } from '@cinegraph/contracts';
import { STUDIO_REQUEST_HEADERS } from '@cinegraph/contracts';
import { printComparisons } from './harness';
import type { UploadServerReady } from './upload-servers';

const MiB = 1024 * 1024;
const FILE_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 500) * MiB;
const ROUNDS = 5;

/**
 * A 500 MB multipart upload as the web client sends it (one part after the other, each part's link
 * from the API asked for during the previous PUT, then complete_multipart_upload), against a bare
 * Node http server taking PUTs of the same parts into files. Each server runs in its own process;
 * its peak RSS during the rounds is printed beside its throughput.
 */
export async function benchUploads(): Promise<void> {
  const studio = await startServer('studio');
  const bare = await startServer('bare');
  try {
    const partSize = (await startUpload(studio.ready)).part_size!;
    // One part's bytes stand for every part: the servers cannot tell, and the client stays small.
    const bytes = randomBytes(partSize);
    const partCount = Math.ceil(FILE_BYTES / partSize);
    const partBytes = (n: number) => bytes.subarray(0, Math.min(partSize, FILE_BYTES - (n - 1) * partSize));

    // complete_multipart_upload alone, each round: it must not grow with the file.
    const completeMs: number[] = [];
    const uploadToStudio = async () => {
      const upload = await startUpload(studio.ready);
      const parts: { PartNumber: number; ETag: string }[] = [];
      let nextUrl = partUrl(studio.ready, upload, 1);
      for (let n = 1; n <= partCount; n++) {
        const url = await nextUrl;
        // As the web client does: the next part's link is asked for while this part uploads.
        if (n < partCount) nextUrl = partUrl(studio.ready, upload, n + 1);
        parts.push({ PartNumber: n, ETag: await put(url, partBytes(n)) });
      }
      completeMs.push(await timed(() => complete(studio.ready, upload, parts)));
    };
    const uploadToBare = async () => {
      for (let n = 1; n <= partCount; n++) await put(`${bare.ready.baseUrl}/part-${n}`, partBytes(n));
    };

    await uploadToStudio(); // warm-up, not measured
    await uploadToBare();
    await studio.peakRss();
    await bare.peakRss();
    const studioMs: number[] = [];
    const bareMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      studioMs.push(await timed(uploadToStudio));
      bareMs.push(await timed(uploadToBare));
    }
    const mbPerSecond = (ms: number[]) => FILE_BYTES / 1e6 / (median(ms) / 1000);
    const [studioPeak, barePeak] = [await studio.peakRss(), await bare.peakRss()];
    printComparisons(`Multipart upload of ${FILE_BYTES / MiB} MiB in ${partCount} parts vs a bare Node PUT`, [
      {
        name: 'parts, then complete_multipart_upload',
        figure: mbPerSecond(studioMs),
        baseline: mbPerSecond(bareMs),
        unit: 'MB/s',
        higherIsBetter: true,
        target: '>= 0.8',
      },
      {
        name: 'server RSS growth while uploading',
        figure: (studioPeak - studio.ready.restingRss) / MiB,
        baseline: (barePeak - bare.ready.restingRss) / MiB,
        unit: 'MiB',
        higherIsBetter: false,
        target: 'flat in file size',
      },
    ]);
    const mib = (n: number) => `${Math.round(n / MiB)} MiB`;
    console.log(
      `(complete_multipart_upload: ${Math.round(median(completeMs))} ms; ` +
        `peak RSS: studio ${mib(studioPeak)} from ${mib(studio.ready.restingRss)} at rest; ` +
        `bare ${mib(barePeak)} from ${mib(bare.ready.restingRss)})`,
    );
  } finally {
    await Promise.all([studio.stop(), bare.stop()]);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function startServer(kind: 'studio' | 'bare') {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'upload-servers.ts'), [kind], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const nextMessage = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const ready = await nextMessage<UploadServerReady>();
  return {
    ready,
    async peakRss(): Promise<number> {
      const answer = nextMessage<{ peakRss: number }>();
      child.send('peak');
      return (await answer).peakRss;
    },
    async stop(): Promise<void> {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

async function api<T>(server: UploadServerReady, method: string, url: string, body?: object): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/v1${url}`, {
    method,
    headers: {
      cookie: server.cookie ?? '',
      ...STUDIO_REQUEST_HEADERS,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const startUpload = (server: UploadServerReady) =>
  api<PresignUploadResponse>(
    server,
    'GET',
    `/utils/presigned_upload_url/user/${server.userId}/file_type/lora/filename/bench.safetensors` +
      `?file_size=${FILE_BYTES}&content_type=application%2Foctet-stream`,
  );

async function partUrl(server: UploadServerReady, upload: PresignUploadResponse, partNumber: number) {
  const query = new URLSearchParams({
    bucket: upload.bucket,
    s3_key: upload.s3_key,
    upload_id: upload.upload_id!,
    part_number: String(partNumber),
  });
  return (await api<{ presigned_url: string }>(server, 'GET', `/utils/presigned_multipart_part_url?${query}`))
    .presigned_url;
}

async function put(url: string, body: Buffer): Promise<string> {
  const response = await fetch(url, { method: 'PUT', body });
  if (!response.ok) throw new Error(`PUT ${url}: ${response.status} ${await response.text()}`);
  return response.headers.get('etag') ?? '';
}

async function complete(
  server: UploadServerReady,
  upload: PresignUploadResponse,
  parts: { PartNumber: number; ETag: string }[],
) {
  await api(server, 'POST', '/utils/complete_multipart_upload', {
    bucket: upload.bucket,
    s3_key: upload.s3_key,
    upload_id: upload.upload_id,
    parts,
    user_id: server.userId,
    file_type: 'lora',
    filename: 'bench.safetensors',
    file_size: FILE_BYTES,
    content_type: 'application/octet-stream',
    metadata: {},
  });
}
