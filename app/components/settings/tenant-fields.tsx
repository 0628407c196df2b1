import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Field } from '~/components/field';

type Meta = FieldMetadata<string | number | null | undefined>;

/**
 * The General fields of the brand and of a vendor (spec 001 §5): name, address, city, postal code, telephone,
 * fax, and the pin address as latitude and longitude (plain number fields; no map is needed to fill them).
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
      <Field label={t('settings.tenant.telephone')} meta={fields.telephone} type="tel" />
      <Field
        label={faxRequired ? t('settings.tenant.fax') : t('settings.tenant.faxOptional')}
        meta={fields.fax}
        type="tel"
      />
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="text-sm font-medium text-slate-700">{t('settings.tenant.pin')}</legend>
        <p className="text-xs text-slate-500">{t('settings.tenant.pinHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('settings.tenant.lat')} meta={fields.lat} type="text" inputMode="decimal" />
          <Field label={t('settings.tenant.lng')} meta={fields.lng} type="text" inputMode="decimal" />
        </div>
      </fieldset>
    </div>
  );
}
