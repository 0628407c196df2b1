import { z } from 'zod';
import { booleanField } from '../../http/contact-fields';
import { flagParam, idParam } from '../../http/params';

export const shippingListQuerySchema = z.object({
  channel: idParam.optional(),
  /** `active=1`: only the methods switched on (what an order offers). */
  active: flagParam,
});

export const shippingUpdateSchema = z.object({ is_active: booleanField }).strict();
