// One thread of the render pool (render-pool.ts): draws the certificates it is sent, one
// at a time, and sends each PNG back as a transferred buffer.
import { parentPort } from 'node:worker_threads';
import { renderCertificatePngHere, type CertificateData } from './render.ts';

export interface RenderRequest {
  id: number;
  data: CertificateData;
}
export type RenderReply = { id: number; png: ArrayBuffer } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread of the render pool');

port.on('message', (request: RenderRequest) => {
  renderCertificatePngHere(request.data).then(
    (png) => {
      // A copy of exactly the PNG's bytes, handed over without a second copy.
      const bytes = png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer;
      port.postMessage({ id: request.id, png: bytes } satisfies RenderReply, [bytes]);
    },
    (err: unknown) => port.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) } satisfies RenderReply),
  );
});
