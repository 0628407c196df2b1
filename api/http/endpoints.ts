import { Hono, type Context } from 'hono';
import type { z, ZodTypeAny } from 'zod';
import { authenticated } from './auth';
import type { ApiEnv } from './context';
import type { Operation } from './openapi-types';
import { readBody, readQuery, validate } from './validation';

type Parsed<S> = S extends ZodTypeAny ? z.infer<S> : undefined;

/**
 * One route of a domain: its OpenAPI operation and its handler, which gets the query and the body already
 * validated against the operation's schemas (422 with Laravel's messages otherwise).
 */
export type Endpoint<
  Q extends ZodTypeAny | undefined = ZodTypeAny | undefined,
  B = ZodTypeAny | undefined,
> = Omit<Operation, 'query' | 'body'> & {
  query?: Q;
  body?: B;
  /**
   * Checks the caller may use the route at all (throws 403) before the query and body are validated, so a
   * caller without the permission learns nothing from the validation messages.
   */
  authorize?(c: Context<ApiEnv>): unknown;
  handle(c: Context<ApiEnv>, input: { query: Parsed<Q>; body: Parsed<B> }): Promise<Response> | Response;
};

/** Keeps each row's own query and body types for its handler. */
export function endpoint<
  Q extends ZodTypeAny | undefined = undefined,
  B extends ZodTypeAny | undefined = undefined,
>(row: Endpoint<Q, B>): Endpoint {
  return row as unknown as Endpoint;
}

/** `/api/send-payment/{id}` → `/api/send-payment/:id`: the literal OpenAPI path is the route. */
function routePath(path: string) {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** A domain's endpoints as one router mounted at the root, and as the operations of the OpenAPI document. */
export function endpointGroup(rows: Endpoint[]) {
  const router = new Hono<ApiEnv>();
  for (const row of rows) {
    const handler = async (c: Context<ApiEnv>) => {
      await row.authorize?.(c);
      const query = row.query ? validate(row.query, readQuery(c)) : undefined;
      const body = row.body ? validate(row.body as ZodTypeAny, await readBody(c)) : undefined;
      return row.handle(c, { query, body });
    };
    const method = row.method.toUpperCase();
    if (row.auth === false) router.on(method, routePath(row.path), handler);
    else router.on(method, routePath(row.path), authenticated, handler);
  }
  const operations: Operation[] = rows.map(({ handle: _handle, ...operation }) => operation as Operation);
  return { router, operations };
}

export type EndpointGroup = ReturnType<typeof endpointGroup>;
