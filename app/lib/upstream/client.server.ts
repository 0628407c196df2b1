import type { AppLoadContext } from '@remix-run/node';
import { z, type ZodTypeAny } from 'zod';
import { apiBaseUrl } from '../env.server';
import { transportFor } from './transport-for.server';
import type { Transport, UpstreamRequest } from './transport.server';

const errorBodySchema = z.object({
  message: z.string().optional(),
  errors: z.record(z.array(z.string())).optional(),
});

/** Every non-2xx answer of the upstream, with its Laravel body. */
export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | string[] | number[] | undefined | null>;

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: Record<string, unknown> | FormData;
  /** The form's key (app/lib/form-key.server.ts): the upstream answers a resent form as it answered the first. */
  idempotencyKey?: string;
};

/** The upstream as the web app's calls see it; every function of `app/lib/upstream/` takes one first. */
export type Upstream = {
  /** A JSON call, its answer parsed with `schema`. */
  call<S extends ZodTypeAny>(path: string, schema: S, options?: CallOptions): Promise<z.infer<S>>;
  /** A GET whose answer (a file) is handed back as it arrives. */
  download(path: string, options?: { query?: Query }): Promise<Response>;
};

/** What a client does with a refusal: throws it as it is, or what the page should answer instead. */
export type RefusalHandler = (error: UpstreamError) => Promise<never>;

function buildUrl(path: string, query: Query = {}) {
  const url = new URL(path, apiBaseUrl);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => url.searchParams.append(`${key}[]`, String(item)));
    else url.searchParams.set(key, String(value));
  }
  return url;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function refusal(status: number, statusText: string, text: string, retryAfter: string | null) {
  const parsed = errorBodySchema.safeParse(parseJson(text));
  return new UpstreamError(
    status,
    parsed.data?.message ?? statusText,
    parsed.data?.errors ?? {},
    Number(retryAfter) || null,
  );
}

async function throwAsIs(error: UpstreamError): Promise<never> {
  throw error;
}

function isOk(status: number) {
  return status >= 200 && status <= 299;
}

/**
 * A client on `transport`, with a bearer token or none (the grants and password reset carry credentials of
 * their own). Refusals go through `onRefusal`.
 */
export function upstreamClient({
  transport,
  token,
  onRefusal = throwAsIs,
}: {
  transport: Transport;
  token?: string;
  onRefusal?: RefusalHandler;
}): Upstream {
  function prepare(path: string, options: CallOptions, accept: string): UpstreamRequest {
    const headers: Record<string, string> = { Accept: accept };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    let body: string | FormData | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const method = options.method ?? (body ? 'POST' : 'GET');
    return { url: buildUrl(path, options.query), method, headers, body };
  }

  return {
    async call(path, schema, options = {}) {
      const reply = await transport.exchange(prepare(path, options, 'application/json'));
      if (!isOk(reply.status)) {
        return onRefusal(refusal(reply.status, reply.statusText, reply.text, reply.retryAfter));
      }
      return schema.parse(parseJson(reply.text));
    },
    async download(path, { query } = {}) {
      const response = await transport.open(prepare(path, { query }, '*/*'));
      if (isOk(response.status)) return response;
      const text = await response.text();
      return onRefusal(
        refusal(response.status, response.statusText, text, response.headers.get('retry-after')),
      );
    },
  };
}

/** The upstream without a session, for the calls that carry credentials of their own (grants, password reset). */
export function guestUpstream(context: AppLoadContext | undefined): Upstream {
  return upstreamClient({ transport: transportFor(context) });
}

export const pageMetaSchema = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
});

const pagedSchemas = new WeakMap<ZodTypeAny, ZodTypeAny>();

/** A Laravel page of `row`; built once per row schema, since building a zod schema costs more than a parse. */
export function paged<T extends ZodTypeAny>(row: T) {
  let schema = pagedSchemas.get(row) as ReturnType<typeof pageOf<T>> | undefined;
  if (!schema) pagedSchemas.set(row, (schema = pageOf(row)));
  return schema;
}

function pageOf<T extends ZodTypeAny>(row: T) {
  return z.object({ data: z.array(row), meta: pageMetaSchema });
}
