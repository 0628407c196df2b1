import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { VoucherForm } from '~/components/payment/voucher-form';
import { requireCsrf } from '~/lib/csrf.server';
import { formatDateTime } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { idOf, requirePaymentStaff, voucherActions } from '~/lib/payment-access.server';
import { draftOfVoucher, formChoices, voucherAction } from '~/lib/payment-form.server';
import { requireUser } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { paymentApi } from '~/lib/upstream/payments.server';
import { readForm } from '~/lib/forms.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requirePaymentStaff(user);
  const voucher = await paymentApi.show(api, { id: idOf(params.id) });
  const draft = draftOfVoucher(voucher);
  const choices = await formChoices(api, { brandId: voucher.brand_id, draft, voucherId: voucher.id });
  return json({ voucher, draft, choices, canUpdate: voucherActions(user).update });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api } = await requireUser(request, context);
  requirePaymentStaff(user);
  if (!voucherActions(user).update) throw new Response('Forbidden', { status: 403 });
  const id = idOf(params.id);
  // The voucher's brand, never one the form could name: a voucher stays in its brand.
  const { brand_id: brandId } = await paymentApi.show(api, { id });
  return voucherAction(api, formData, {
    brandId,
    voucherId: id,
    save: async (body) => {
      await paymentApi.update(api, { id, body });
      return redirectWithToast(`/send-payment/${id}`, { type: 'success', message: 'toast.saved' });
    },
  });
}

/** A step answers with its own draft and choices: the loader's would only be thrown away. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === 'object' && 'draft' in actionResult
    ? false
    : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle({ matches, page: 'payment', name: data?.voucher.number }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function EditVoucherPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  const { voucher } = loaded;
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/send-payment" className="hover:underline">
          {t('nav.payment')}
        </Link>{' '}
        / <span>{voucher.number}</span>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-semibold">
            {voucher.number}
          </h1>
          <p className="text-sm text-slate-600">
            {voucher.brand.name} · {t('payment.preparedBy')}{' '}
            {voucher.prepares.map((user) => user.name).join(', ') || '–'} ·{' '}
            {formatDateTime(voucher.created_at)}
          </p>
        </div>
        <a href={`/send-payment/${voucher.id}/print`} className="btn-secondary">
          {t('payment.print')}
        </a>
      </div>
      <VoucherForm
        draft={answered?.draft ?? loaded.draft}
        choices={answered?.choices ?? loaded.choices}
        brandId={voucher.brand_id}
        change={answered?.change}
        lastResult={answered?.result}
        submitLabel={t('payment.save')}
        readOnly={!loaded.canUpdate}
      />
    </section>
  );
}
