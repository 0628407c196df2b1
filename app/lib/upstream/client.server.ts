import { z, type ZodTypeAny } from 'zod';
import { apiBaseUrl } from '../env.server';

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

export async function call<S extends ZodTypeAny>(
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  // The upstream sits next to this server: compressing its answers would cost both ends CPU to save no time.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Encoding': 'identity' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.clientIp) headers['X-Forwarded-For'] = options.clientIp;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const payload: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    const retryAfter = Number(response.headers.get('retry-after')) || null;
    throw new UpstreamError(
      response.status,
      parsed.data?.message ?? response.statusText,
      parsed.data?.errors ?? {},
      retryAfter,
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

export function paged<T extends ZodTypeAny>(row: T) {
  return z.object({ data: z.array(row), meta: pageMetaSchema });
}
