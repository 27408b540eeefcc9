import fs from 'node:fs';
import send from '@fastify/send';
import helmet from 'helmet';
import type { EarlyAnswer } from './front-door';
import { SECURITY_HEADERS } from './security-headers';
import {
  PRECOMPRESSED_EXTENSIONS,
  precompressedEncoding,
  setWebFileHeaders,
  webAppPage,
  webBuildFiles,
} from './web-app';

/**
 * What the front door answers before the app is built, exactly as the app answers it: the landing page
 * (`GET /`, the page `webAppPage` picks, as the app's not-found handler sends it) and the web build's files (with
 * the app's file sender and settings, @fastify/static's), each with the app's security headers. Every
 * other request waits for the app: API calls, other browser routes, and any file request the sender
 * does not answer with the file (a failed precondition, an unsatisfiable range, a file gone since) and
 * files of a kind it does not know.
 */
export function webAppEarlyAnswers(webDist: string): EarlyAnswer {
  const files = webBuildFiles(webDist);
  if (!files.has('/index.html')) return async () => false; // Not built: the app says so.
  const securityHeaders = helmet(SECURITY_HEADERS);
  const root = `${webDist}/`;
  return async (request, response) => {
    const address = request.url?.split('?')[0] ?? '';
    if (request.method === 'GET' && address === '/') {
      securityHeaders(request, response, () => {});
      response.setHeader('content-type', 'text/html');
      fs.createReadStream(webAppPage(webDist, request.url ?? '/', request.headers.cookie))
        .on('error', () => response.destroy())
        .pipe(response);
      return true;
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !files.has(address)) return false;
    // The type of a file of an unknown kind depends on @fastify/static, which is not loaded yet.
    const type = send.mime.getType(address);
    if (!type) return false;
    const encoding = precompressedEncoding(
      (encoding) => files.has(`${address}${PRECOMPRESSED_EXTENSIONS[encoding]}`),
      request.headers['accept-encoding'],
    );
    const sent = encoding ? `${address}${PRECOMPRESSED_EXTENSIONS[encoding]}` : address;
    const file = await send(request, encodeURI(sent), SEND_OPTIONS(root));
    if (file.type !== 'file') return false;
    securityHeaders(request, response, () => {});
    response.statusCode = file.statusCode;
    setWebFileHeaders(response, address);
    for (const [name, value] of Object.entries(file.headers)) response.setHeader(name, value as string);
    if (encoding) {
      response.setHeader('content-type', send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type);
      response.setHeader('content-encoding', encoding);
    }
    file.stream.on('error', () => response.destroy()).pipe(response);
    return true;
  };
}

/** As the app's @fastify/static sends (app.ts): its cache headers are setWebFileHeaders'. */
const SEND_OPTIONS = (root: string) => ({
  root,
  dotfiles: 'allow' as const,
  index: false,
  cacheControl: false,
});
