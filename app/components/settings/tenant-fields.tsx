import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Field } from '~/components/field';
import { PinMap } from './pin-map';

type Meta = FieldMetadata<string | number | null | undefined>;

/**
 * The General fields of the brand and of a vendor: name, address, city, postal code, telephone,
 * fax, and the pin address as latitude and longitude: number fields that are enough on their own, and with
 * JavaScript a map to drop the pin on (PinMap).
 */
export function TenantFields({
  fields,
  faxRequired,
}: {
  fields: Record<'name' | 'address' | 'city' | 'postal_code' | 'telephone' | 'fax' | 'lat' | 'lng', Meta>;
  faxRequired: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label={t('settings.tenant.name')} meta={fields.name} type="text" />
      </div>
      <div className="sm:col-span-2">
        <Field label={t('settings.tenant.address')} meta={fields.address} type="text" />
      </div>
      <Field label={t('settings.tenant.city')} meta={fields.city} type="text" />
      <Field
        label={t('settings.tenant.postalCode')}
        meta={fields.postal_code}
        type="text"
        inputMode="numeric"
        maxLength={5}
      />
      {/* The schema's pattern is for the number without its separators: the browser, checking what was typed
          ("021-5550123"), would hold the form back without a word once a submit had been refused. */}
      <Field label={t('settings.tenant.telephone')} meta={fields.telephone} type="tel" pattern={undefined} />
      <Field
        label={faxRequired ? t('settings.tenant.fax') : t('settings.tenant.faxOptional')}
        meta={fields.fax}
        type="tel"
        pattern={undefined}
      />
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="text-sm font-medium text-slate-700">{t('settings.tenant.pin')}</legend>
        <p className="text-xs text-slate-500">{t('settings.tenant.pinHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('settings.tenant.lat')} meta={fields.lat} type="text" inputMode="decimal" />
          <Field label={t('settings.tenant.lng')} meta={fields.lng} type="text" inputMode="decimal" />
        </div>
        <PinMap latId={fields.lat.id} lngId={fields.lng.id} />
      </fieldset>
    </div>
  );
}
