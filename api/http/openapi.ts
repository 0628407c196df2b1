import { zodToJsonSchema } from 'zod-to-json-schema';
import {
  changeBrandSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  updateProfileSchema,
} from '../domains/account/schema';
import { grantSchema } from '../domains/oauth/schema';
import { ENDPOINT_GROUPS } from './domains';
import { pageQuerySchema } from './pagination';
import type { Operation } from './openapi-types';
import { orderOperations } from '../domains/order/openapi';
import { dashboardOperations } from '../domains/dashboard/openapi';

const operations: Operation[] = [
  {
    method: 'post',
    path: '/oauth/token',
    summary: 'Password or refresh_token grant',
    tag: 'auth',
    body: grantSchema,
    auth: false,
  },
  { method: 'get', path: '/api/account', summary: 'The signed-in user', tag: 'account' },
  {
    method: 'post',
    path: '/api/account',
    summary: 'Update the profile',
    tag: 'account',
    body: updateProfileSchema,
  },
  { method: 'post', path: '/api/account/logout', summary: 'Revoke the current tokens', tag: 'account' },
  {
    method: 'post',
    path: '/api/account/change-password',
    summary: 'Change password',
    tag: 'account',
    body: changePasswordSchema,
  },
  {
    method: 'post',
    path: '/api/account/change-brand',
    summary: 'Switch the current brand',
    tag: 'account',
    body: changeBrandSchema,
  },
  {
    method: 'post',
    path: '/api/forgot-password',
    summary: 'Mail a reset link',
    tag: 'account',
    body: forgotPasswordSchema,
    auth: false,
  },
  {
    method: 'post',
    path: '/api/reset-password',
    summary: 'Reset the password with a mailed token',
    tag: 'account',
    body: resetPasswordSchema,
    auth: false,
  },
  {
    method: 'get',
    path: '/api/account/notification',
    summary: 'Notifications, newest first',
    tag: 'notification',
    query: pageQuerySchema,
  },
  {
    method: 'get',
    path: '/api/account/notification/read-one/{id}',
    summary: 'Mark one notification read',
    tag: 'notification',
  },
  {
    method: 'post',
    path: '/api/broadcasting/auth',
    summary: 'Sign a private channel subscription',
    tag: 'realtime',
  },
  {
    method: 'get',
    path: '/api/select/brand',
    summary: 'Brand options of the user',
    tag: 'brand',
    query: pageQuerySchema,
  },
  { method: 'get', path: '/api/media', summary: 'Uploads', tag: 'media', query: pageQuerySchema },
  { method: 'get', path: '/api/media/{id}', summary: 'One upload', tag: 'media' },
  {
    method: 'post',
    path: '/api/media',
    summary: 'Upload an image (multipart: file, disk, path)',
    tag: 'media',
  },
];

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
  const grouped = ENDPOINT_GROUPS.flatMap((group) => group.operations);
  for (const operation of [...operations, ...orderOperations, ...dashboardOperations, ...grouped]) {
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
