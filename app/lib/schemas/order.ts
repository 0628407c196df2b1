import { z } from 'zod';
import { imageField } from './image';

export const returnSchema = z
  .object({
    intent: z.literal('return'),
    order_products: z.array(
      z.object({
        id: z.coerce.number().int().positive(),
        selected: z.literal('on').optional(),
        quantity: z.coerce
          .number({ invalid_type_error: 'order.quantityWhole' })
          .int('order.quantityWhole')
          .min(0, 'order.quantityWhole')
          .default(0),
        max: z.coerce.number().int().min(0),
        note: z.string().trim().max(500).optional(),
      }),
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
  intent: z.literal('change-vendor'),
  vendor_id: z.coerce
    .number({ required_error: 'order.vendorRequired', invalid_type_error: 'order.vendorRequired' })
    .int()
    .positive(),
});

export const readySchema = z.object({ intent: z.literal('ready') });

export const shipSchema = z.object({
  intent: z.literal('ship'),
  shipping_number: z
    .string({ required_error: 'order.shippingNumberRequired' })
    .trim()
    .min(1, 'order.shippingNumberRequired')
    .max(100),
  photo: imageField().optional(),
});

export const deliverSchema = z.object({
  intent: z.literal('deliver'),
  receiver_name: z
    .string({ required_error: 'order.receiverRequired' })
    .trim()
    .min(1, 'order.receiverRequired')
    .max(150),
  photo: imageField('order.photoRequired'),
});
