import { z, type ZodTypeAny } from 'zod';
import { apiBaseUrl } from '../env.server';
import { exchange } from './transport.server';

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
type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token?: string;
  query?: Query;
  body?: Record<string, unknown> | FormData;
  clientIp?: string;
};

function buildUrl(path: string, query: Query = {}) {
  const url = new URL(path, apiBaseUrl);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => url.searchParams.append(`${key}[]`, String(item)));
    else url.searchParams.set(key, String(value));
  }
  return url;
}

/** Multipart bodies (uploads) are encoded the way fetch would, boundary and all. */
async function encodeForm(form: FormData) {
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

export async function call<S extends ZodTypeAny>(
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  // Bodies are read as they come, never decompressed: the upstream sits next to this server anyway.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Encoding': 'identity' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.clientIp) headers['X-Forwarded-For'] = options.clientIp;
  let body: string | Buffer | undefined;
  if (options.body instanceof FormData) {
    const form = await encodeForm(options.body);
    headers['Content-Type'] = form.contentType;
    body = form.body;
  } else if (options.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const reply = await exchange({
    url: buildUrl(path, options.query),
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const payload = parseJson(reply.text);
  if (reply.status < 200 || reply.status > 299) {
    const parsed = errorBodySchema.safeParse(payload);
    throw new UpstreamError(
      reply.status,
      parsed.data?.message ?? reply.statusText,
      parsed.data?.errors ?? {},
      Number(reply.retryAfter) || null,
    );
  }
  return schema.parse(payload);
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
