import type { Operation } from '../../http/openapi-types';
import { widgetsOf } from './widgets';

/** Every widget route of both sides, from the same list the routes are built from. */
export const dashboardOperations: Operation[] = [
  ...widgetsOf('brand').map((widget): Operation => ({
    method: 'get',
    path: `/api/brand/{brand}/widget/${widget.path}`,
    summary: widget.summary,
    tag: 'dashboard',
    query: widget.query,
  })),
  ...widgetsOf('vendor').map((widget): Operation => ({
    method: 'get',
    path: `/api/vendor/{vendor}/widget/${widget.path}`,
    summary: `${widget.summary} (the vendor’s own)`,
    tag: 'dashboard',
    query: widget.query,
  })),
];
