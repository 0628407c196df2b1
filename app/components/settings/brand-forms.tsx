import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FormError } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { tenantFormSchema } from '~/lib/schemas/settings';
import { TenantFields } from './tenant-fields';

const schema = tenantFormSchema({ kind: 'brand' });

type Brand = {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  telephone: string | null;
  fax: string | null;
  lat: number | null;
  lng: number | null;
  channels: {
    channel_id: number;
    name: string;
    tokopedia_shop_id: string | null;
    channel_meta: { is_tkpd_official?: boolean };
  }[];
};

function SaveButton() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
      {t('settings.save')}
    </button>
  );
}

/** The brand's General tab: every field required, the fax too. */
export function BrandGeneralForm({
  brand,
  lastResult,
}: {
  brand: Brand;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `brand-${brand.id}`,
    lastResult,
    defaultValue: {
      ...brand,
      lat: brand.lat === null ? '' : String(brand.lat),
      lng: brand.lng === null ? '' : String(brand.lng),
    },
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-5"
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="general" />
      <FormError id={form.errorId} errors={form.errors} />
      <TenantFields fields={fields} faxRequired />
      <SaveButton />
    </Form>
  );
}

/** A new brand (administrators): the General form, empty; its channels are set on Integration afterwards. */
export function BrandCreateForm({
  formKey,
  lastResult,
}: {
  /** The new brand's form key (app/lib/form-key.server.ts): posted twice, it adds one brand. */
  formKey: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'brand-create',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-5"
    >
      <AuthenticityTokenInput />
      <FormKeyField value={formKey} />
      <FormError id={form.errorId} errors={form.errors} />
      <TenantFields fields={fields} faxRequired />
      <div className="flex gap-2">
        <SaveButton />
        <Link to="/settings" className="btn-secondary">
          {t('settings.cancel')}
        </Link>
      </div>
    </Form>
  );
}

/** The Integration tab: each channel's shop id and whether it is an official store (more pictures per product). */
export function BrandIntegrationForm({ brand, error }: { brand: Brand; error?: string | null }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="space-y-5 rounded-lg border border-slate-200 bg-white p-5">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="integration" />
      {error ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {t(error)}
        </div>
      ) : null}
      {brand.channels.length ? null : (
        <p className="text-sm text-slate-600">{t('settings.brand.noChannels')}</p>
      )}
      {brand.channels.map((channel, index) => (
        <fieldset key={channel.channel_id} className="space-y-2 rounded-md border border-slate-200 p-4">
          <legend className="px-1 font-semibold">{channel.name}</legend>
          <input type="hidden" name={`channels[${index}].channel_id`} value={channel.channel_id} />
          <label htmlFor={`shop-${channel.channel_id}`} className="block text-sm font-medium text-slate-700">
            {t('settings.brand.shopId')}
          </label>
          <input
            id={`shop-${channel.channel_id}`}
            name={`channels[${index}].tokopedia_shop_id`}
            defaultValue={channel.tokopedia_shop_id ?? ''}
            maxLength={100}
            className="input"
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={`channels[${index}].is_tkpd_official`}
              defaultChecked={Boolean(channel.channel_meta.is_tkpd_official)}
              className="h-4 w-4"
            />
            {t('settings.brand.official')}
          </label>
        </fieldset>
      ))}
      <SaveButton />
    </Form>
  );
}
