import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z, ZodTypeAny } from 'zod';
import { isPublic, type Policy } from '../access/policy';
import { authenticated } from './auth';
import type { ApiEnv } from './context';
import { enforcePolicy, enforceNamedTenants } from './enforce-policy';
import { ApiError } from '../api-error';
import type { Operation } from './openapi-types';
import { createKeyedTurns } from './turns';
import { readBody, readQuery, validate } from './validation';

type Parsed<S> = S extends ZodTypeAny ? z.infer<S> : undefined;

/**
 * One route of a domain: its OpenAPI operation, the policy it is performed under, and its handler, which gets the
 * query and the body already validated against the operation's schemas (422 with Laravel's messages otherwise).
 */
export type Endpoint<
  Q extends ZodTypeAny | undefined = ZodTypeAny | undefined,
  B = ZodTypeAny | undefined,
> = Omit<Operation, 'query' | 'body' | 'auth'> & {
  query?: Q;
  body?: B;
  /**
   * Who may call it and in which tenant (docs/decisions/022), enforced before the query and the body are read,
   * so a caller refused learns nothing from the validation messages.
   */
  policy: Policy;
  /** Paths the same handler also answers, written as the spec writes them (kept out of the OpenAPI document). */
  aliases?: string[];
  /** The most bytes the body may hold, counted as it arrives (413 beyond). */
  bodyLimit?: number;
  /**
   * `'account'`: one request of this kind per account at a time, the others waiting their turn before their body
   * is read (imports: a client sending ten files at once has them read one after another, and a body not yet
   * read costs nothing while it waits).
   */
  oneAtATime?: 'account';
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

function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, 'The uploaded file is too large.');
    },
  });
}

/** A row without a policy is never mounted: the start fails instead. */
function requirePolicy(row: Endpoint) {
  const policy = (row as Partial<Endpoint>).policy;
  if (!policy || (!isPublic(policy) && !policy.operation)) {
    throw new Error(`${row.method.toUpperCase()} ${row.path} declares no policy`);
  }
}

/** A domain's endpoints as one router mounted at the root, and as the operations of the OpenAPI document. */
export function endpointGroup(rows: Endpoint[]) {
  const router = new Hono<ApiEnv>();
  const accountTurns = createKeyedTurns(1);
  for (const row of rows) {
    requirePolicy(row);
    const perform = async (c: Context<ApiEnv>) => {
      const query = row.query ? validate(row.query, readQuery(c)) : undefined;
      const body = row.body ? validate(row.body as ZodTypeAny, await readBody(c)) : undefined;
      await enforceNamedTenants(c, row.policy, { query, body });
      return row.handle(c, { query, body });
    };
    const handler = async (c: Context<ApiEnv>) => {
      await enforcePolicy(c, row.policy);
      if (row.oneAtATime !== 'account') return perform(c);
      return accountTurns(String(c.get('user').id), () => Promise.resolve(perform(c)));
    };
    const method = row.method.toUpperCase();
    const before: MiddlewareHandler<ApiEnv>[] = [];
    if (!isPublic(row.policy)) before.push(authenticated);
    if (row.bodyLimit) before.push(limitBody(row.bodyLimit));
    const handlers = [...before, handler] as unknown as [MiddlewareHandler<ApiEnv>];
    for (const path of [row.path, ...(row.aliases ?? [])]) router.on(method, routePath(path), ...handlers);
  }
  const operations: Operation[] = rows.map(
    ({ handle: _handle, aliases: _aliases, bodyLimit: _bodyLimit, oneAtATime: _oneAtATime, ...row }) =>
      ({ ...row, auth: !isPublic(row.policy) }) as Operation & { policy: Policy },
  );
  return { router, operations, rows };
}

export type EndpointGroup = ReturnType<typeof endpointGroup>;
