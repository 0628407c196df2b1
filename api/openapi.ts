import { zodToJsonSchema } from 'zod-to-json-schema';
import { ENDPOINT_GROUPS } from './endpoint-groups';
import type { Operation } from './http/openapi-types';

function parametersOf(operation: Operation) {
  const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const querySchema = operation.query
    ? (zodToJsonSchema(operation.query, { target: 'openApi3' }) as { properties?: Record<string, unknown> })
    : undefined;
  const queryParameters = Object.entries(querySchema?.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    schema,
  }));
  return [...pathParameters, ...queryParameters];
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of ENDPOINT_GROUPS.flatMap((group) => group.operations)) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method] = {
      summary: operation.summary,
      tags: [operation.tag],
      security: operation.auth === false ? [] : [{ bearer: [] }],
      parameters: parametersOf(operation),
      ...(operation.body
        ? {
            requestBody: {
              content: {
                'application/json': { schema: zodToJsonSchema(operation.body, { target: 'openApi3' }) },
              },
            },
          }
        : {}),
      responses: {
        200: { description: 'OK' },
        401: { description: 'Unauthenticated.' },
        403: { description: 'This action is unauthorized.' },
        404: { description: 'Not found (also for records of another tenant)' },
        422: { description: 'Validation failed: { message, errors }' },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Back office upstream API', version: '1.0.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
