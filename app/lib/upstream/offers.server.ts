import { z } from 'zod';
import { paged, type Upstream } from './client.server';

const offerInvoiceSchema = z
  .object({
    external_number: z.string(),
    recipient_name: z.string().nullable().optional(),
    recipient_mobile_phone: z.string().nullable().optional(),
    recipient_address_full: z.string().nullable().optional(),
  })
  .passthrough();

export const offerRowSchema = z
  .object({ id: z.number(), expires_at: z.string().optional(), invoice: offerInvoiceSchema })
  .passthrough();

export const offerSchema = z
  .object({
    id: z.number(),
    status: z.string().optional(),
    is_expired: z.boolean().optional(),
    invoice: offerInvoiceSchema,
    invoice_offer_products: z.array(
      z
        .object({
          id: z.number(),
          quantity: z.number(),
          price: z.number(),
          invoice_product: z
            .object({ product: z.object({ name: z.string(), sku: z.string() }).passthrough().nullable() })
            .passthrough()
            .nullable(),
        })
        .passthrough(),
    ),
  })
  .passthrough();
export type Offer = z.infer<typeof offerSchema>;

const respondedSchema = z
  .object({ message: z.string(), data: z.object({ id: z.number() }).passthrough().nullable().optional() })
  .passthrough();

export const offerApi = {
  pending: (api: Upstream, { vendorId, page = 1 }: { vendorId: number; page?: number }) =>
    api.call(`/api/vendor/${vendorId}/invoice-offer-log`, paged(offerRowSchema), {
      query: { per_page: 20, page },
    }),
  show: (api: Upstream, { vendorId, id }: { vendorId: number; id: number }) =>
    api
      .call(`/api/vendor/${vendorId}/invoice-offer-log/${id}`, z.object({ data: offerSchema }), {
        query: { with: ['invoice', 'invoiceOfferProducts.invoiceProduct.product'] },
      })
      .then((response) => response.data),
  respond: (
    api: Upstream,
    { vendorId, id, decision }: { vendorId: number; id: number; decision: 'accept' | 'reject' },
  ) =>
    api.call(`/api/vendor/${vendorId}/invoice-offer-log/${id}/status/${decision}`, respondedSchema, {
      method: 'PUT',
    }),
};
