import type { ZodTypeAny } from 'zod';

export type Operation = {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  tag: string;
  body?: ZodTypeAny;
  query?: ZodTypeAny;
  auth?: boolean;
};
