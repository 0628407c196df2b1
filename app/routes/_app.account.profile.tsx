import { getFormProps, useForm } from '@conform-to/react';
import { IMAGE_ACCEPT, imageErrorKey } from '~/lib/schemas/image';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Field, FieldError, FormError } from '~/components/field';
import { VendorPerformance } from '~/components/vendor-performance';
import { requireCsrf } from '~/lib/csrf.server';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { userCan } from '~/lib/access';
import { changePasswordSchema, pictureSchema, profileSchema } from '~/lib/schemas/account';
import { redirectWithToast } from '~/lib/toast.server';
import { requireUser } from '~/lib/scope.server';
import { accountApi } from '~/lib/upstream/account.server';
import { mediaApi } from '~/lib/upstream/media.server';
import { upstreamFor } from '~/lib/upstream.server';

const MAX_REQUEST_BYTES = 12 * 1024 * 1024;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  const performance =
    userCan(user, 'vendor.performance') && user.vendor_id
      ? await accountApi.vendorPerformance(api, { vendorId: user.vendor_id })
      : null;
  return json({ user, performance });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    return redirectWithToast('/account/profile', { type: 'error', message: 'validation.fileTooLarge' });
  }
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const api = await upstreamFor(request, context);
  const intent = formData.get('intent');

  if (intent === 'picture') {
    const submission = parseWithZod(formData, { schema: pictureSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400 });
    try {
      const { user } = await requireUser(request, context);
      const photo = await mediaApi.upload(api, { file: submission.value.picture });
      await accountApi.update(api, { name: user.name, photo_id: photo.id });
    } catch (error) {
      return json(
        {
          intent,
          result: replyWithUpstreamError(submission, error, ['picture'], {
            formKeyOf: imageErrorKey('picture'),
          }),
        },
        { status: 400 },
      );
    }
    return redirectWithToast('/account/profile', { type: 'success', message: 'profile.pictureSaved' });
  }

  if (intent === 'password') {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    const hidden = { hideFields: ['old_password', 'password', 'password_confirmation'] };
    if (submission.status !== 'success')
      return json({ intent, result: submission.reply(hidden) }, { status: 400 });
    try {
      const { intent: _intent, ...passwords } = submission.value;
      await accountApi.changePassword(api, passwords);
      return redirectWithToast('/account/profile', { type: 'success', message: 'profile.passwordChanged' });
    } catch (error) {
      const fields = hidden.hideFields;
      return json(
        { intent, result: replyWithUpstreamError(submission, error, fields, { hideFields: fields }) },
        { status: 400 },
      );
    }
  }

  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== 'success')
    return json({ intent: 'profile', result: submission.reply() }, { status: 400 });
  try {
    const { intent: _intent, ...profile } = submission.value;
    await accountApi.update(api, profile);
    return redirectWithToast('/account/profile', { type: 'success', message: 'profile.saved' });
  } catch (error) {
    return json(
      { intent: 'profile', result: replyWithUpstreamError(submission, error, ['name', 'mobile_phone']) },
      { status: 400 },
    );
  }
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'profile' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function ProfilePage() {
  const { user, performance } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state === 'submitting';
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);

  const [profileForm, profileFields] = useForm({
    id: 'profile',
    lastResult: resultFor('profile'),
    defaultValue: { name: user.name, mobile_phone: user.mobile_phone ?? '' },
    constraint: getZodConstraint(profileSchema),
    // Checked on blur here too: on this page a check made on submit alone shows no message under its field.
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const [passwordForm, passwordFields] = useForm({
    id: 'password',
    lastResult: resultFor('password'),
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const [pictureForm, pictureFields] = useForm({
    id: 'picture',
    lastResult: resultFor('picture'),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pictureSchema }),
  });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <p className="text-sm text-slate-500">{t('profile.breadcrumb')}</p>
        <h1 className="text-2xl font-semibold">{t('profile.title')}</h1>
      </div>

      {performance ? <VendorPerformance performance={performance} /> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="picture-title" className="card space-y-4">
          <h2 id="picture-title" className="text-lg font-semibold">
            {t('profile.picture')}
          </h2>
          {user.photo ? (
            <img
              src={user.photo.url}
              alt={t('profile.picture')}
              className="h-32 w-32 rounded-full object-cover"
            />
          ) : (
            <div
              aria-hidden="true"
              className="flex h-32 w-32 items-center justify-center rounded-full bg-brand-600 text-4xl font-semibold text-white"
            >
              {user.name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(pictureForm)}
            className="space-y-3"
          >
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="picture" />
            <FormError id={pictureForm.errorId} errors={pictureForm.errors} />
            <label htmlFor={pictureFields.picture.id} className="block text-sm font-medium text-slate-700">
              {t('profile.upload')}
            </label>
            <input
              id={pictureFields.picture.id}
              name={pictureFields.picture.name}
              type="file"
              accept={IMAGE_ACCEPT}
              required
              aria-invalid={pictureFields.picture.errors ? true : undefined}
              aria-describedby={`${pictureFields.picture.errorId} picture-hint`}
              className="block w-full text-sm"
            />
            <p id="picture-hint" className="text-xs text-slate-500">
              {t('profile.pictureHint')}
            </p>
            <FieldError id={pictureFields.picture.errorId} errors={pictureFields.picture.errors} />
            <button type="submit" className="btn-secondary" disabled={busy}>
              {t('profile.upload')}
            </button>
          </Form>
        </section>

        <section aria-labelledby="details-title" className="card space-y-4 lg:col-span-2">
          <h2 id="details-title" className="text-lg font-semibold">
            {t('profile.details')}
          </h2>
          <Form method="post" {...getFormProps(profileForm)} className="space-y-4">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="profile" />
            <FormError id={profileForm.errorId} errors={profileForm.errors} />
            <Field label={t('profile.name')} meta={profileFields.name} type="text" autoComplete="name" />
            <div className="space-y-1">
              <label htmlFor="profile-email" className="block text-sm font-medium text-slate-700">
                {t('profile.email')}
              </label>
              <input
                id="profile-email"
                type="email"
                value={user.email}
                readOnly
                className="input bg-slate-100"
                aria-describedby="profile-email-hint"
              />
              <p id="profile-email-hint" className="text-xs text-slate-500">
                {t('profile.emailHint')}
              </p>
            </div>
            <Field
              label={t('profile.mobilePhone')}
              meta={profileFields.mobile_phone}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
            />
            <p className="text-sm text-slate-600">
              {t('profile.role')}: <span className="font-medium">{user.role_name}</span>
            </p>
            <button type="submit" className="btn-primary" disabled={busy}>
              {t('profile.save')}
            </button>
          </Form>
        </section>
      </div>

      <section aria-labelledby="password-title" className="card max-w-xl space-y-4">
        <h2 id="password-title" className="text-lg font-semibold">
          {t('profile.changePassword')}
        </h2>
        <Form method="post" {...getFormProps(passwordForm)} className="space-y-4">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="password" />
          <FormError id={passwordForm.errorId} errors={passwordForm.errors} />
          <Field
            label={t('profile.oldPassword')}
            meta={passwordFields.old_password}
            type="password"
            autoComplete="current-password"
          />
          <Field
            label={t('profile.newPassword')}
            meta={passwordFields.password}
            type="password"
            autoComplete="new-password"
          />
          <Field
            label={t('profile.confirmPassword')}
            meta={passwordFields.password_confirmation}
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            {t('profile.savePassword')}
          </button>
        </Form>
      </section>
    </div>
  );
}
