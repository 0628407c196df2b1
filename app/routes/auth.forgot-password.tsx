import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { Field, FormError } from '~/components/field';
import { requireCsrf, requireHuman } from '~/lib/csrf.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { forgotPasswordSchema } from '~/lib/schemas/auth';
import { redirectWithToast } from '~/lib/toast.server';
import { credentialsApi } from '~/lib/upstream/credentials.server';
import { guestUpstream } from '~/lib/upstream.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  await requireHuman(formData);
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const resetPage = new URL('/auth/reset-password', request.url).toString();
  try {
    await credentialsApi.forgotPassword(guestUpstream(context), {
      email: submission.value.email,
      url: resetPage,
    });
  } catch (error) {
    return json({ result: replyWithUpstreamError(submission, error, ['email']) }, { status: 400 });
  }
  return redirectWithToast('/auth/login', { type: 'success', message: 'auth.forgotSuccess' });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'forgotPassword' }) },
];

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <>
      <h1 className="text-2xl font-semibold">{t('auth.forgotTitle')}</h1>
      <p className="mb-6 mt-1 text-sm text-slate-600">{t('auth.forgotSubtitle')}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <AuthenticityTokenInput />
        <HoneypotInputs />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label={t('auth.email')} meta={fields.email} type="email" autoComplete="email" />
        <div className="flex items-center justify-between">
          <Link to="/auth/login" className="text-sm text-brand-600 hover:underline">
            {t('auth.backToLogin')}
          </Link>
          <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
            {t('auth.sendLink')}
          </button>
        </div>
      </Form>
    </>
  );
}
