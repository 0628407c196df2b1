import { z } from 'zod';
import { requiredBooleanField } from '../../http/contact-fields';
import { flagParam, idParam } from '../../http/params';

export const shippingListQuerySchema = z.object({
  channel: idParam.optional(),
  /** `active=1`: only the methods switched on (what an order offers). */
  active: flagParam,
});

/** The switch itself, required: a body without it (none, or one that is not JSON or a form) is a 422. */
export const shippingUpdateSchema = z.object({ is_active: requiredBooleanField }).strict();
