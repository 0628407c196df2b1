import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { FormKeyField } from '~/components/form-key-field';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FormError, SelectField } from '~/components/field';
import { changeVendorSchema } from '~/lib/schemas/order';

export function ChangeVendorForm({
  vendors,
  currentVendorId,
  lastResult,
  formKey,
}: {
  vendors: { id: number; name: string }[];
  currentVendorId: number | null;
  lastResult?: SubmissionResult<string[]>;
  formKey: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'change-vendor',
    lastResult,
    constraint: getZodConstraint(changeVendorSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeVendorSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormKeyField value={formKey} />
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="change-vendor" />
      <FormError id={form.errorId} errors={form.errors} />
      <SelectField label={t('order.newVendor')} meta={fields.vendor_id}>
        <option value="" disabled>
          {t('order.chooseVendor')}
        </option>
        {vendors
          .filter((vendor) => vendor.id !== currentVendorId)
          .map((vendor) => (
            <option key={vendor.id} value={vendor.id}>
              {vendor.name}
            </option>
          ))}
      </SelectField>
      <button type="submit" className="btn-primary">
        {t('order.changeVendor')}
      </button>
    </Form>
  );
}
