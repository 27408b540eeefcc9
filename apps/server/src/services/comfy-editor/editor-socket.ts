import WebSocket from 'ws';

type SocketClass = new (url: string) => WebSocket;

/**
 * Joins the editor page's WebSocket to one opened to the worker (through the worker's transport, whose
 * address checks apply at connection): frames pass both ways as they came (text or binary previews),
 * frames the page sends before the worker's socket opens wait for it, and either side closing closes
 * the other.
 */
export function relaySocket(page: WebSocket, target: URL, Socket: SocketClass = WebSocket): void {
  const worker = new Socket(target.toString());
  const early: { data: WebSocket.RawData; binary: boolean }[] = [];
  const closeBoth = () => {
    for (const socket of [page, worker]) {
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else if (socket.readyState === WebSocket.OPEN) socket.close();
    }
  };
  worker.on('open', () => {
    for (const { data, binary } of early.splice(0)) worker.send(data, { binary });
  });
  worker.on('message', (data, binary) => {
    if (page.readyState === WebSocket.OPEN) page.send(data, { binary });
  });
  page.on('message', (data, binary) => {
    if (worker.readyState === WebSocket.OPEN) worker.send(data, { binary });
    else early.push({ data, binary });
  });
  worker.on('close', closeBoth);
  worker.on('error', closeBoth);
  page.on('close', closeBoth);
  page.on('error', closeBoth);
}
