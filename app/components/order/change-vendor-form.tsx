import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FieldError, FormError } from '~/components/field';
import { changeVendorSchema } from '~/lib/schemas/order';

export function ChangeVendorForm({
  vendors,
  currentVendorId,
  lastResult,
}: {
  vendors: { id: number; name: string }[];
  currentVendorId: number | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'change-vendor',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeVendorSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="change-vendor" />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="space-y-1">
        <label htmlFor={fields.vendor_id.id} className="block text-sm font-medium">
          {t('order.newVendor')}
        </label>
        <select
          id={fields.vendor_id.id}
          name={fields.vendor_id.name}
          className="input"
          defaultValue=""
          aria-invalid={fields.vendor_id.errors ? true : undefined}
          aria-describedby={fields.vendor_id.errors ? fields.vendor_id.errorId : undefined}
        >
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
        </select>
        <FieldError id={fields.vendor_id.errorId} errors={fields.vendor_id.errors} />
      </div>
      <button type="submit" className="btn-primary">
        {t('order.changeVendor')}
      </button>
    </Form>
  );
}
