import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { Field, FormError } from '~/components/field';
import { createUserSession, safeRedirect, signIn } from '~/lib/auth.server';
import { requireCsrf, requireHuman } from '~/lib/csrf.server';
import { pageTitle } from '~/lib/meta';
import { loginSchema } from '~/lib/schemas/auth';
import { UpstreamError } from '~/lib/upstream.server';
import { readForm } from '~/lib/forms.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  await requireHuman(formData);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  try {
    const tokens = await signIn(request, formData, context);
    return await createUserSession(request, tokens, safeRedirect(submission.value.redirectTo, '/dashboard'));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 429) {
      return json(
        {
          result: submission.reply({ formErrors: ['auth.tooManyAttempts'], hideFields: ['password'] }),
          retryAfter: error.retryAfter,
        },
        { status: 429, headers: { 'Retry-After': String(error.retryAfter ?? 60) } },
      );
    }
    if (error.status !== 422) throw error;
    return json(
      {
        result: submission.reply({
          // One message on top: it is about the email and the password together, so under neither.
          formErrors: ['auth.wrongCredentials'],
          hideFields: ['password'],
        }),
      },
      { status: 400 },
    );
  }
}

/** A page answer keeps only headers its route passes on: a throttled post's Retry-After among them. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  const headers = new Headers();
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'login' }) }];

export default function LoginPage() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const retryAfter = actionData && 'retryAfter' in actionData ? actionData.retryAfter : null;
  const formErrors = form.errors?.map((error) =>
    error === 'auth.tooManyAttempts' ? t(error, { seconds: retryAfter ?? 60 }) : error,
  );

  return (
    <>
      <h1 className="text-2xl font-semibold">{t('auth.loginTitle')}</h1>
      <p className="mb-6 mt-1 text-sm text-slate-600">{t('auth.loginSubtitle')}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <AuthenticityTokenInput />
        <HoneypotInputs />
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <FormError id={form.errorId} errors={formErrors} />
        <Field label={t('auth.email')} meta={fields.email} type="email" autoComplete="email" />
        <Field
          label={t('auth.password')}
          meta={fields.password}
          type="password"
          autoComplete="current-password"
        />
        <div className="flex items-center justify-between">
          <Link to="/auth/forgot-password" className="text-sm text-brand-600 hover:underline">
            {t('auth.forgotLink')}
          </Link>
          <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? t('auth.loggingIn') : t('auth.login')}
          </button>
        </div>
      </Form>
    </>
  );
}
