import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export type UpstreamReply = {
  status: number;
  statusText: string;
  retryAfter: string | undefined;
  text: string;
};

type Exchange = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
};

/**
 * A page makes several upstream calls: node:http on keep-alive sockets costs the server a fraction of the CPU
 * fetch spends per call (no WHATWG Request, Response and stream objects around a small JSON body).
 */
const httpAgent = new HttpAgent({ keepAlive: true });
const httpsAgent = new HttpsAgent({ keepAlive: true });

/** An upstream that stops answering fails the page instead of holding it open. */
const TIMEOUT_MS = 30_000;

function once({ url, method, headers, body }: Exchange) {
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<{ reply: UpstreamReply } | { error: Error; reusedSocket: boolean }>((resolve) => {
    const req = send(
      url,
      { method, headers, agent: secure ? httpsAgent : httpAgent },
      (res: IncomingMessage) => {
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            reply: {
              status: res.statusCode ?? 0,
              statusText: res.statusMessage ?? '',
              retryAfter: res.headers['retry-after'],
              text,
            },
          }),
        );
        res.on('error', (error) => resolve({ error, reusedSocket: req.reusedSocket }));
      },
    );
    req.on('error', (error) => resolve({ error, reusedSocket: req.reusedSocket }));
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`${method} ${url.pathname} timed out`)));
    req.end(body);
  });
}

/** One request and its whole text body; a GET that lost a race with the server closing an idle socket is sent again. */
export async function exchange(request: Exchange): Promise<UpstreamReply> {
  const first = await once(request);
  if ('reply' in first) return first.reply;
  if (!(first.reusedSocket && request.method === 'GET')) throw first.error;
  const second = await once(request);
  if ('reply' in second) return second.reply;
  throw second.error;
}
