import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Field, FormError } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { bankFormSchema } from '~/lib/schemas/payment';

/** The bank form of /settings/bank: name only. */
export function BankForm({
  name,
  lastResult,
  formKey,
  submitLabel,
}: {
  name?: string;
  /** A new bank's form key (app/lib/form-key.server.ts): posted twice, it adds one bank. */
  formKey?: string;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'bank',
    lastResult,
    defaultValue: { name: name ?? '' },
    constraint: getZodConstraint(bankFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bankFormSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="max-w-lg space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <AuthenticityTokenInput />
      {formKey ? <FormKeyField value={formKey} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      <Field label={t('bank.name')} meta={fields.name} type="text" maxLength={100} />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
          {submitLabel}
        </button>
        <Link to="/settings/bank" className="btn-secondary">
          {t('bank.cancel')}
        </Link>
      </div>
    </Form>
  );
}
