import { z } from 'zod';
import { imageField } from './image';
import { INVALID, says, TOO_LONG } from './messages';

export const returnSchema = z
  .object({
    intent: z.literal('return', says(INVALID)),
    order_products: z.array(
      z.object(
        {
          id: z.coerce.number(says(INVALID)).int().positive(),
          selected: z.literal('on', says(INVALID)).optional(),
          quantity: z.coerce.number(says('order.quantityWhole')).int().min(0).default(0),
          max: z.coerce.number(says(INVALID)).int().min(0),
          note: z.string(says(TOO_LONG)).trim().max(500).optional(),
        },
        says(INVALID),
      ),
      says('order.returnNothing'),
    ),
  })
  .superRefine((input, context) => {
    const selected = input.order_products.filter((line) => line.selected);
    if (selected.length === 0)
      context.addIssue({ code: 'custom', path: ['order_products'], message: 'order.returnNothing' });
    input.order_products.forEach((line, index) => {
      if (!line.selected) return;
      if (line.quantity < 1)
        context.addIssue({
          code: 'custom',
          path: ['order_products', index, 'quantity'],
          message: 'order.returnQuantityMin',
        });
      if (line.quantity > line.max)
        context.addIssue({
          code: 'custom',
          path: ['order_products', index, 'quantity'],
          message: 'order.returnQuantityMax',
        });
    });
  });

export const changeVendorSchema = z.object({
  intent: z.literal('change-vendor', says(INVALID)),
  vendor_id: z.coerce.number(says('order.vendorRequired')).int().positive(),
});

export const readySchema = z.object({ intent: z.literal('ready', says(INVALID)) });

export const shipSchema = z.object({
  intent: z.literal('ship', says(INVALID)),
  shipping_number: z.string(says('order.shippingNumberRequired')).trim().min(1).max(100, TOO_LONG),
  photo: imageField().optional(),
});

export const deliverSchema = z.object({
  intent: z.literal('deliver', says(INVALID)),
  receiver_name: z.string(says('order.receiverRequired')).trim().min(1).max(150, TOO_LONG),
  photo: imageField('order.photoRequired'),
});
