import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { BankForm } from '~/components/bank/bank-form';
import { bankAction } from '~/lib/bank-form.server';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { pageTitle } from '~/lib/meta';
import { requirePermission } from '~/lib/access.server';
import { requireUser } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { bankApi } from '~/lib/upstream/payments.server';
import { readForm } from '~/lib/forms.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  requirePermission(user, 'bank.create');
  return json({ formKey: newFormKey() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api } = await requireUser(request, context);
  requirePermission(user, 'bank.create');
  return bankAction(formData, async (name) => {
    await bankApi.create(api, { name, formKey: formKeyOf(formData) });
    return redirectWithToast('/settings/bank', { type: 'success', message: 'toast.created' });
  });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'bankCreate' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function CreateBankPage() {
  const { formKey } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/settings" className="hover:underline">
          {t('nav.settings')}
        </Link>{' '}
        /{' '}
        <Link to="/settings/bank" className="hover:underline">
          {t('bank.title')}
        </Link>{' '}
        / <span>{t('bank.create')}</span>
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('bank.create')}
      </h1>
      <BankForm lastResult={answered?.result} formKey={formKey} submitLabel={t('bank.save')} />
    </section>
  );
}
