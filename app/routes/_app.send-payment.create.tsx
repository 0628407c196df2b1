import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { FormKeyField } from '~/components/form-key-field';
import { VoucherForm } from '~/components/payment/voucher-form';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { pageTitle } from '~/lib/meta';
import { requirePaymentStaff } from '~/lib/payment-access.server';
import { emptyDraft, formChoices, voucherAction } from '~/lib/payment-form.server';
import { requireScope } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { paymentApi } from '~/lib/upstream/payments.server';
import { readForm } from '~/lib/forms.server';

/** A new voucher is for the brand the user works in (the header's brand selector). */
async function brandOf(request: Request, context: LoaderFunctionArgs['context']) {
  const { user, api, scope } = await requireScope(request, context);
  requirePaymentStaff(user);
  return { api, brandId: scope.id };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, brandId } = await brandOf(request, context);
  const draft = emptyDraft();
  return json({ brandId, draft, choices: await formChoices(api, { brandId, draft }), formKey: newFormKey() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, brandId } = await brandOf(request, context);
  return voucherAction(api, formData, {
    brandId,
    save: async (body) => {
      const { data } = await paymentApi.create(api, { body, formKey: formKeyOf(formData) });
      return redirectWithToast(`/send-payment/${data.id}`, { type: 'success', message: 'toast.created' });
    },
  });
}

/** A step answers with its own draft and choices: the loader's would only be thrown away. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === 'object' && 'draft' in actionResult
    ? false
    : defaultShouldRevalidate;

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'paymentCreate' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function CreateVoucherPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  const draft = answered?.draft ?? loaded.draft;
  const choices = answered?.choices ?? loaded.choices;
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/send-payment" className="hover:underline">
          {t('nav.payment')}
        </Link>{' '}
        / <span>{t('payment.create')}</span>
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('payment.create')}
      </h1>
      <VoucherForm
        draft={draft}
        choices={choices}
        brandId={loaded.brandId}
        change={answered?.change}
        lastResult={answered?.result}
        hidden={<FormKeyField value={loaded.formKey} />}
        submitLabel={t('payment.save')}
      />
    </section>
  );
}
