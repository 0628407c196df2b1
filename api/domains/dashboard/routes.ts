import { Hono, type Context } from 'hono';
import { authenticated } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { readQuery, validate } from '../../http/validation';
import { brandTenancy, scopeOf, vendorTenancy, type ScopeFilters } from './scope';
import { widgetsOf, type Side, type Widget } from './widgets';

/** Tenancy first, so a foreign brand or vendor answers 404 whatever its query; then the query, then the figures. */
function handlerOf(widget: Widget, side: Side) {
  return async (c: Context<ApiEnv>) => {
    const { db, clock } = c.var.deps;
    const tenancy =
      side === 'brand'
        ? await brandTenancy(db, c.var.user, c.req.param('brand'))
        : await vendorTenancy(db, c.var.user, c.req.param('vendor'));
    const query = validate(widget.query, readQuery(c)) as ScopeFilters;
    const scope = await scopeOf(db, tenancy, query);
    return c.json(await widget.run({ db, scope, query, now: clock() }));
  };
}

function widgetRoutes(side: Side) {
  const routes = new Hono<ApiEnv>();
  const param = side === 'brand' ? ':brand' : ':vendor';
  for (const widget of widgetsOf(side)) {
    const handler = handlerOf(widget, side);
    routes.get(`/${param}/widget/${widget.path}`, authenticated, handler);
    // The spec writes the buyers' root card as `customer/card/`; both spellings answer.
    if (widget.path === 'customer/card')
      routes.get(`/${param}/widget/customer/card/`, authenticated, handler);
  }
  return routes;
}

/** Widget routes under /api/brand/{brand}/widget/… */
export const brandWidgetRoutes = widgetRoutes('brand');

/** Widget routes under /api/vendor/{vendor}/widget/… */
export const vendorWidgetRoutes = widgetRoutes('vendor');
