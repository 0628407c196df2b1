import { z } from 'zod';
import { indonesianTelephone, optionalText, pinCoordinate, postalCodeField } from '../../http/contact-fields';
import { idParam } from '../../http/params';
import { pageQuerySchema } from '../../http/pagination';

export const brandListQuerySchema = pageQuerySchema.extend({ sorted_by: z.string().max(50).optional() });

export type BrandListQuery = z.infer<typeof brandListQuerySchema>;

const channelSchema = z
  .object({
    channel_id: idParam,
    tokopedia_shop_id: optionalText(100),
    channel_meta: z.object({ is_tkpd_official: z.boolean().optional() }).strict().optional(),
  })
  .strict();

/**
 * The brand form: General (name, address, city, postal code, telephone, fax, the pin address's
 * lat and lng, any fault of either answered with the spec's pin-address message) and Integration (each channel's
 * shop id and official-store flag). The same form creates a brand.
 */
export const brandBodySchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    address: optionalText(1000),
    city: z.string().trim().min(1).max(100),
    postal_code: postalCodeField,
    telephone: indonesianTelephone('telephone'),
    fax: indonesianTelephone('fax'),
    lat: pinCoordinate(90),
    lng: pinCoordinate(180),
    channels: z.array(channelSchema).max(20).optional(),
  })
  .strict();

export type BrandBody = z.infer<typeof brandBodySchema>;
