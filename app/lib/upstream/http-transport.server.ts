import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { Transport, UpstreamRequest } from './transport.server';

type Prepared = { url: URL; method: string; headers: Record<string, string>; body?: string | Buffer };

/**
 * A page makes several upstream calls: node:http on keep-alive sockets costs the server a fraction of the CPU
 * fetch spends per call (no WHATWG Request, Response and stream objects around a small JSON body).
 */
const httpAgent = new HttpAgent({ keepAlive: true });
const httpsAgent = new HttpsAgent({ keepAlive: true });

/** An upstream that stops answering fails the page instead of holding it open. */
const TIMEOUT_MS = 30_000;

/** Multipart bodies (uploads) are encoded the way fetch would, boundary and all. */
async function encodeForm(form: FormData) {
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

/**
 * The call as it goes on the wire: the browser's address as the first X-Forwarded-For hop (the API believes it
 * from its trusted proxies), and bodies read as they come, never decompressed.
 */
async function prepare(request: UpstreamRequest, clientIp: string): Promise<Prepared> {
  const headers: Record<string, string> = { ...request.headers, 'Accept-Encoding': 'identity' };
  if (clientIp) headers['X-Forwarded-For'] = clientIp;
  if (!(request.body instanceof FormData)) return { ...request, headers, body: request.body };
  const form = await encodeForm(request.body);
  return { ...request, headers: { ...headers, 'Content-Type': form.contentType }, body: form.body };
}

type Sent = { response: IncomingMessage } | { error: Error; reusedSocket: boolean };

function sendOnce({ url, method, headers, body }: Prepared) {
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<Sent>((resolve) => {
    const req = send(url, { method, headers, agent: secure ? httpsAgent : httpAgent }, (response) =>
      resolve({ response }),
    );
    req.on('error', (error) => resolve({ error, reusedSocket: req.reusedSocket }));
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`${method} ${url.pathname} timed out`)));
    req.end(body);
  });
}

/** A GET that lost a race with the server closing an idle socket is sent again. */
async function send(request: Prepared): Promise<IncomingMessage> {
  const first = await sendOnce(request);
  if ('response' in first) return first.response;
  if (!(first.reusedSocket && request.method === 'GET')) throw first.error;
  const second = await sendOnce(request);
  if ('response' in second) return second.response;
  throw second.error;
}

function readText(response: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    response.setEncoding('utf8');
    let text = '';
    response.on('data', (chunk: string) => {
      text += chunk;
    });
    response.on('end', () => resolve(text));
    response.on('error', reject);
  });
}

function headersOf(response: IncomingMessage) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const item of Array.isArray(value) ? value : [value ?? '']) headers.append(name, item);
  }
  return headers;
}

/** The upstream over HTTP (`API_URL`): node:http on keep-alive sockets. */
export function httpTransport(clientIp: string): Transport {
  return {
    async exchange(request) {
      const response = await send(await prepare(request, clientIp));
      return {
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        retryAfter: response.headers['retry-after'] ?? null,
        text: await readText(response),
      };
    },
    async open(request) {
      const response = await send(await prepare(request, clientIp));
      return new Response(Readable.toWeb(response) as ReadableStream<Uint8Array>, {
        status: response.statusCode,
        statusText: response.statusMessage,
        headers: headersOf(response),
      });
    },
  };
}
