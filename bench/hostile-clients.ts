/**
 * The hostile clients of bench/hostile.ts, in a process of their own: HOSTILE_UPLOADS vendor stock imports of an
 * .xlsx that declares 1 KiB and inflates to 2 GiB, and HOSTILE_BODIES unauthenticated bodies of 1 GiB to
 * /oauth/token, each restarted as soon as it is answered. Tells its parent when they are under way, and on
 * 'stop' ends them and sends back the statuses they were answered with.
 */
import { request as httpRequest } from 'node:http';
import { inflatingXlsx } from '../tests/support/files';
import { urlOf } from './http';

const ONE_GIB = 1024 ** 3;
const VENDOR_ID = Number(process.env.HOSTILE_VENDOR_ID);
const TOKEN = process.env.HOSTILE_VENDOR_TOKEN ?? '';
const UPLOADS = Number(process.env.HOSTILE_UPLOADS ?? 10);
const BODIES = Number(process.env.HOSTILE_BODIES ?? 10);

/** A stock import of a file that inflates far past its limit; resolves with the status it was refused with. */
async function hostileUpload(vendorId: number, token: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'stok.xlsx');
  const response = await fetch(urlOf(`/api/vendor/${vendorId}/product-stock/import`), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

/** 1 GiB streamed to the token endpoint without credentials, until the server answers or drops it. */
function oversizedBody() {
  return new Promise<number>((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let answered = false;
    const request = httpRequest(urlOf('/oauth/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(ONE_GIB) },
    });
    const finish = (status: number) => {
      if (answered) return;
      answered = true;
      request.destroy();
      resolve(status);
    };
    request.on('response', (response) => {
      response.resume();
      finish(response.statusCode ?? 0);
    });
    request.on('error', () => finish(0));
    const pump = () => {
      while (!answered && sent < ONE_GIB) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** Keeps `count` copies of `attack` in flight until `stop()`; counts the statuses it was answered with. */
function keepInFlight(count: number, attack: () => Promise<number>) {
  let running = true;
  const statuses = new Map<number, number>();
  const loops = Array.from({ length: count }, async () => {
    while (running) {
      const status = await attack().catch(() => 0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const file = await inflatingXlsx(2 * ONE_GIB);
const uploads = keepInFlight(UPLOADS, () => hostileUpload(VENDOR_ID, TOKEN, file));
const bodies = keepInFlight(BODIES, oversizedBody);
process.send?.({ started: true });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await Promise.all([uploads.stop(), bodies.stop()]);
  process.send?.(
    { statuses: { uploads: [...uploads.statuses.entries()], bodies: [...bodies.statuses.entries()] } },
    () => process.exit(0),
  );
});
