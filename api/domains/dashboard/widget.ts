import type { z, ZodTypeAny } from 'zod';
import type { Executor } from '../../db/client';
import type { Side } from '../../../contract/access';
import type { Scope } from './scope';

export type RunInput<S extends ZodTypeAny> = { db: Executor; scope: Scope; query: z.infer<S>; now: Date };

/** One widget call: its path under `…/widget/`, the sides that serve it, its query, and what it answers. */
export type Widget = {
  path: string;
  summary: string;
  sides: Side[];
  query: ZodTypeAny;
  run(input: RunInput<ZodTypeAny>): Promise<unknown>;
};
