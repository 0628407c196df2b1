import { stockEndpoints } from '../domains/stock/routes';
import type { EndpointGroup } from './endpoints';

/** The domains whose routes are endpoint rows: app.ts mounts each group, the OpenAPI document lists its operations. */
export const ENDPOINT_GROUPS: EndpointGroup[] = [stockEndpoints];
