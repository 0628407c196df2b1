import { Hono } from 'hono';
import type { ApiEnv } from '../../http/context';

/** Order, invoice, customer, offer and export routes under /api/brand/{brand}/… */
export const brandOrderRoutes = new Hono<ApiEnv>();

/** Order, offer and export routes under /api/vendor/{vendor}/… */
export const vendorOrderRoutes = new Hono<ApiEnv>();
