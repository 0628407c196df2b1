import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Modal } from '~/components/modal';
import { ProductLines, toProductLine } from '~/components/order/product-lines';
import { requireCsrf } from '~/lib/csrf.server';
import { formatMoney } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { requireScope } from '~/lib/scope.server';
import { readableMessages } from '~/lib/server-message';
import { redirectWithToast } from '~/lib/toast.server';
import { offerApi } from '~/lib/upstream/offers.server';
import { UpstreamError } from '~/lib/upstream.server';
import { readForm } from '~/lib/forms.server';
import { pathId } from '~/lib/record-id';

async function vendorScope(request: Request, context: AppLoadContext) {
  const { api, scope } = await requireScope(request, context, 'offer.list');
  if (scope.kind !== 'vendor') throw redirect('/');
  return { api, vendorId: scope.id };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, vendorId } = await vendorScope(request, context);
  return json({ offer: await offerApi.show(api, { vendorId, id: pathId(params.id) }) });
}

/** Accept goes to the new order; reject back to the list; either way 'Data berhasil diubah'. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, vendorId } = await vendorScope(request, context);
  const decision = formData.get('intent');
  // Only the dialog's two buttons answer an offer: anything else must not reject it by default.
  if (decision !== 'accept' && decision !== 'reject') throw new Response('Bad Request', { status: 400 });
  try {
    const response = await offerApi.respond(api, { vendorId, id: pathId(params.id), decision });
    const target = decision === 'accept' && response.data?.id ? `/order/${response.data.id}` : '/order';
    return redirectWithToast(target, { type: 'success', message: 'toast.saved' });
  } catch (error) {
    if (error instanceof UpstreamError && error.status < 500) {
      const readable = readableMessages(error);
      const first = Object.values(readable.fieldErrors)[0]?.[0];
      return redirectWithToast('/order', { type: 'error', message: first ?? readable.message });
    }
    throw error;
  }
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'offer' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function OfferDialog() {
  const { offer } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const total = offer.invoice_offer_products.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const closedAs = offer.is_expired ? 'expired' : offer.status === 'pending' ? null : offer.status;
  return (
    <Modal title={t('offer.title')} closeTo="/order">
      <div className="space-y-4 text-sm">
        <p>
          <span className="text-slate-500">{t('offer.invoice')}: </span>
          <span className="font-semibold">{offer.invoice.external_number}</span>
        </p>
        <div>
          <p className="text-slate-500">{t('offer.address')}</p>
          <p className="font-medium">
            {offer.invoice.recipient_name} · {offer.invoice.recipient_mobile_phone}
          </p>
          <p>{offer.invoice.recipient_address_full}</p>
        </div>
        <ProductLines
          caption={t('offer.items')}
          lines={offer.invoice_offer_products.map((line) => toProductLine(line))}
          footer={[{ label: t('offer.grandTotal'), value: formatMoney(total, 'IDR '), tone: 'strong' }]}
        />
        {closedAs ? (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            {t([`offer.closed.${closedAs}`, 'offer.closed.other'])}
          </p>
        ) : (
          <Form method="post" className="flex justify-end gap-2">
            <AuthenticityTokenInput />
            <button type="submit" name="intent" value="reject" className="btn-secondary" disabled={busy}>
              {t('offer.reject')}
            </button>
            <button type="submit" name="intent" value="accept" className="btn-primary" disabled={busy}>
              {t('offer.accept')}
            </button>
          </Form>
        )}
      </div>
    </Modal>
  );
}
