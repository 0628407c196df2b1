import { bankEndpoints } from '../domains/bank/routes';
import { paymentEndpoints } from '../domains/payment/routes';
import { roleEndpoints } from '../domains/role/routes';
import { userEndpoints } from '../domains/user/routes';
import { stockEndpoints } from '../domains/stock/routes';
import { brandEndpoints } from '../domains/brand/routes';
import { categoryEndpoints } from '../domains/category/routes';
import { vendorEndpoints } from '../domains/vendor/routes';
import { auditEndpoints } from '../domains/audit/routes';
import { shippingEndpoints } from '../domains/shipping/routes';
import { marketplaceEndpoints } from '../domains/marketplace/routes';
import { tokopediaProductEndpoints } from '../domains/marketplace/channel-routes';
import type { EndpointGroup } from './endpoints';

/** The domains whose routes are endpoint rows: app.ts mounts each group, the OpenAPI document lists its operations. */
export const ENDPOINT_GROUPS: EndpointGroup[] = [
  paymentEndpoints,
  bankEndpoints,
  roleEndpoints,
  userEndpoints,
  stockEndpoints,
  brandEndpoints,
  categoryEndpoints,
  vendorEndpoints,
  auditEndpoints,
  shippingEndpoints,
  marketplaceEndpoints,
  tokopediaProductEndpoints,
];
