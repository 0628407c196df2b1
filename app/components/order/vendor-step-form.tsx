import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Field, FieldError, FormError } from '~/components/field';
import { IMAGE_ACCEPT } from '~/lib/schemas/image';
import { deliverSchema, readySchema, shipSchema } from '~/lib/schemas/order';

type Step = 'ready' | 'ship' | 'deliver';
const SCHEMAS = { ready: readySchema, ship: shipSchema, deliver: deliverSchema };

/** One vendor step: a question and its confirm button; shipping asks a reference, delivery a receiver and photo. */
export function VendorStepForm({
  step,
  lastResult,
}: {
  step: Step;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `step-${step}`,
    lastResult,
    constraint: getZodConstraint(SCHEMAS[step]),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SCHEMAS[step] }),
  });
  const photo = fields.photo as typeof fields.intent;
  const { key: photoKey, ...photoProps } = getInputProps(photo, { type: 'file', ariaAttributes: true });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={step} />
      <p>{t(`order.step.${step}.question`)}</p>
      <FormError id={form.errorId} errors={form.errors} />
      {step === 'ship' ? (
        <Field
          label={t('order.shippingNumber')}
          meta={fields.shipping_number as typeof fields.intent}
          type="text"
        />
      ) : null}
      {step === 'deliver' ? (
        <Field
          label={t('order.receiverName')}
          meta={fields.receiver_name as typeof fields.intent}
          type="text"
        />
      ) : null}
      {step !== 'ready' ? (
        <div className="space-y-1">
          <label htmlFor={photo.id} className="block text-sm font-medium">
            {step === 'deliver' ? t('order.deliveredPhoto') : t('order.shippingPhoto')}
          </label>
          <input key={photoKey} {...photoProps} accept={IMAGE_ACCEPT} className="block w-full text-sm" />
          <FieldError id={photo.errorId} errors={photo.errors} />
        </div>
      ) : null}
      <button type="submit" className="btn-primary">
        {t(`order.step.${step}.button`)}
      </button>
    </Form>
  );
}
