import { Hono } from 'hono';
import type { ApiEnv } from '../../http/context';

/** Widget routes under /api/brand/{brand}/widget/… */
export const brandWidgetRoutes = new Hono<ApiEnv>();

/** Widget routes under /api/vendor/{vendor}/widget/… */
export const vendorWidgetRoutes = new Hono<ApiEnv>();
