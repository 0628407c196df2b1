import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { brandOfPath, vendorOfPath } from '../../http/tenancy';
import { scopeOf, type ScopeFilters, type Tenancy } from './scope';
import type { Side } from '../../../contract/access';
import type { Widget } from './widget';
import { widgetsOf } from './widgets';

/** The tenant the policy resolved: a brand and every vendor of it, or one vendor over the brands seen through it. */
async function tenancyOf(c: Context<ApiEnv>, side: Side): Promise<Tenancy> {
  if (side === 'brand') return { brandIds: [(await brandOfPath(c)).id], vendorIds: null };
  const { vendor, brandIds } = await vendorOfPath(c);
  return { brandIds, vendorIds: [vendor.id] };
}

function widgetEndpoint(widget: Widget, side: Side) {
  const base = side === 'brand' ? '/api/brand/{brand}/widget' : '/api/vendor/{vendor}/widget';
  return endpoint({
    method: 'get',
    path: `${base}/${widget.path}`,
    // The spec writes the buyers' root card as `customer/card/`; both spellings answer.
    aliases: widget.path === 'customer/card' ? [`${base}/customer/card/`] : undefined,
    summary: side === 'brand' ? widget.summary : `${widget.summary} (the vendor’s own)`,
    tag: 'dashboard',
    query: widget.query,
    policy: { operation: 'dashboard.view', tenancy: side },
    handle: async (c, { query }) => {
      const { db, clock } = c.var.deps;
      const filters = query as ScopeFilters;
      const scope = await scopeOf(db, await tenancyOf(c, side), filters);
      return c.json(await widget.run({ db, scope, query: filters, now: clock() }));
    },
  });
}

/** Every widget of both sides, from the one list of widgets (widgets.ts). */
export const dashboardEndpoints = endpointGroup([
  ...widgetsOf('brand').map((widget) => widgetEndpoint(widget, 'brand')),
  ...widgetsOf('vendor').map((widget) => widgetEndpoint(widget, 'vendor')),
]);
