import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FieldError, FormError } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { tenantFormSchema } from '~/lib/schemas/settings';
import { TenantFields } from './tenant-fields';

const schema = tenantFormSchema({ kind: 'vendor' });

type Vendor = {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  telephone: string | null;
  fax: string | null;
  lat: number | null;
  lng: number | null;
  is_priority: boolean;
  brand_ids: number[];
};

export type AreaError = { row: number; column: string; message: string };

/**
 * The vendor's General tab: its fields, whether it is a main (priority) vendor, the brands it serves (those the
 * user works for), and the area file (csv or xlsx) whose rows replace its areas, with every bad row listed.
 * Without `canSave` it is read-only, with no Save.
 */
export function VendorForm({
  vendor,
  brands,
  lastResult,
  areaErrors,
  formKey,
  templateHref,
  canSave = true,
}: {
  vendor: Vendor | null;
  brands: { id: number; name: string }[];
  lastResult?: SubmissionResult<string[]>;
  areaErrors: AreaError[];
  formKey: string;
  templateHref: string;
  canSave?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const [form, fields] = useForm({
    id: `vendor-${vendor?.id ?? 'new'}`,
    lastResult,
    defaultValue: vendor
      ? {
          ...vendor,
          lat: vendor.lat === null ? '' : String(vendor.lat),
          lng: vendor.lng === null ? '' : String(vendor.lng),
          is_priority: vendor.is_priority ? 'on' : '',
        }
      : { brand_ids: brands.length === 1 ? [String(brands[0].id)] : [] },
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // After a refused submit the boxes keep what was sent, not what is stored.
  const sent = fields.brand_ids.initialValue;
  const chosen =
    sent !== undefined
      ? [sent].flat().map(Number)
      : (vendor?.brand_ids ?? (brands.length === 1 ? [brands[0].id] : []));
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-5"
    >
      <AuthenticityTokenInput />
      <FormKeyField value={formKey} />
      <input type="hidden" name="intent" value="save" />
      <FormError id={form.errorId} errors={form.errors} />
      <fieldset disabled={!canSave} className="space-y-5">
        <TenantFields fields={fields} faxRequired={false} />
        <label className="flex items-center gap-2 text-sm">
          <input {...getInputProps(fields.is_priority, { type: 'checkbox' })} className="h-4 w-4" />
          {t('settings.vendor.priority')}
        </label>
        {brands.length ? (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-700">{t('settings.vendor.brands')}</legend>
            {brands.map((brand) => (
              <label key={brand.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="brand_ids"
                  value={brand.id}
                  defaultChecked={chosen.includes(brand.id)}
                  className="h-4 w-4"
                />
                {brand.name}
              </label>
            ))}
            <FieldError id={fields.brand_ids.errorId} errors={fields.brand_ids.errors} />
          </fieldset>
        ) : null}
        <div className="space-y-1">
          <label htmlFor="vendor-area-file" className="block text-sm font-medium text-slate-700">
            {t('settings.vendor.areaFile')}
          </label>
          <input
            id="vendor-area-file"
            type="file"
            name="vendor_area_file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby="vendor-area-hint"
            className="block text-sm"
          />
          <p id="vendor-area-hint" className="text-xs text-slate-500">
            {t('settings.vendor.areaHint')}{' '}
            <a href={templateHref} className="text-brand-700 underline" download>
              {t('settings.vendor.template')}
            </a>
          </p>
          {areaErrors.length ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              <p className="font-medium">{t('settings.vendor.areaErrors', { count: areaErrors.length })}</p>
              <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5">
                {areaErrors.map((item) => (
                  <li key={`${item.row}-${item.column}`}>{item.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </fieldset>
      {canSave ? (
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-primary" disabled={saving}>
            {t('settings.save')}
          </button>
          {saving ? (
            <span role="status" className="text-sm text-slate-600">
              {t('settings.vendor.uploading')}
            </span>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}
