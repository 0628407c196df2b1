import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { BankForm } from '~/components/bank/bank-form';
import { bankAction } from '~/lib/bank-form.server';
import { requireCsrf } from '~/lib/csrf.server';
import { pageTitle } from '~/lib/meta';
import { requirePermission } from '~/lib/access.server';
import { idOf } from '~/lib/payment-access.server';
import { requireUser } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { bankApi } from '~/lib/upstream/payments.server';
import { readForm } from '~/lib/forms.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requirePermission(user, 'bank.list');
  return json({ bank: await bankApi.show(api, { id: idOf(params.id) }) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api } = await requireUser(request, context);
  requirePermission(user, 'bank.update');
  const id = idOf(params.id);
  return bankAction(formData, async (name) => {
    await bankApi.update(api, { id, name });
    return redirectWithToast('/settings/bank', { type: 'success', message: 'toast.saved' });
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle({ matches, page: 'bank', name: data?.bank.name }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function EditBankPage() {
  const { bank } = useLoaderData<typeof loader>();
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
        / <span>{bank.name}</span>
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {bank.name}
      </h1>
      <BankForm key={bank.id} name={bank.name} lastResult={answered?.result} submitLabel={t('bank.save')} />
    </section>
  );
}
