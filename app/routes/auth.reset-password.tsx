import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { Field, FormError } from '~/components/field';
import { requireCsrf, requireHuman } from '~/lib/csrf.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { resetPasswordSchema } from '~/lib/schemas/auth';
import { redirectWithToast } from '~/lib/toast.server';
import { credentialsApi } from '~/lib/upstream/credentials.server';
import { guestUpstream } from '~/lib/upstream.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return json({ token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  await requireHuman(formData);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== 'success') {
    return json(
      { result: submission.reply({ hideFields: ['password', 'password_confirmation'] }) },
      { status: 400 },
    );
  }
  try {
    await credentialsApi.resetPassword(guestUpstream(context), submission.value);
  } catch (error) {
    return json(
      {
        result: replyWithUpstreamError(
          submission,
          error,
          ['email', 'password', 'password_confirmation', 'token'],
          { hideFields: ['password', 'password_confirmation'] },
        ),
      },
      { status: 400 },
    );
  }
  return redirectWithToast('/auth/login', { type: 'success', message: 'auth.resetSuccess' });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'resetPassword' }) }];

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result,
    defaultValue: { token, email },
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  if (!token || !email) {
    return (
      <>
        <h1 className="text-2xl font-semibold">{t('auth.resetTitle')}</h1>
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t('auth.resetMissingToken')}
        </p>
        <Link to="/auth/forgot-password" className="mt-4 inline-block text-sm text-brand-600 hover:underline">
          {t('auth.forgotTitle')}
        </Link>
      </>
    );
  }
  const { key: tokenKey, ...tokenProps } = getInputProps(fields.token, { type: 'hidden' });
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: 'hidden' });
  return (
    <>
      <h1 className="text-2xl font-semibold">{t('auth.resetTitle')}</h1>
      <p className="mb-6 mt-1 text-sm text-slate-600">{email}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <AuthenticityTokenInput />
        <HoneypotInputs />
        <input key={tokenKey} {...tokenProps} />
        <input key={emailKey} {...emailProps} />
        <FormError
          id={form.errorId}
          errors={[...(form.errors ?? []), ...(fields.email.errors ?? []), ...(fields.token.errors ?? [])]}
        />
        <Field
          label={t('auth.newPassword')}
          meta={fields.password}
          type="password"
          autoComplete="new-password"
        />
        <Field
          label={t('auth.confirmPassword')}
          meta={fields.password_confirmation}
          type="password"
          autoComplete="new-password"
        />
        <div className="flex items-center justify-between">
          <Link to="/auth/login" className="text-sm text-brand-600 hover:underline">
            {t('auth.backToLogin')}
          </Link>
          <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
            {t('auth.resetSubmit')}
          </button>
        </div>
      </Form>
    </>
  );
}
