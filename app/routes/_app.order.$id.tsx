import { parseWithZod } from '@conform-to/zod';
import { userCan } from '~/lib/access';
import { imageErrorKey } from '~/lib/schemas/image';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Modal } from '~/components/modal';
import { ChangeVendorForm } from '~/components/order/change-vendor-form';
import { OrderSummary } from '~/components/order/order-summary';
import { ReturnForm } from '~/components/order/return-form';
import { VendorStepForm } from '~/components/order/vendor-step-form';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { readForm, replyWithUpstreamError, sentRowsKey } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { nextVendorStep } from '~/lib/order-status';
import {
  changeVendorSchema,
  deliverSchema,
  readySchema,
  returnSchema,
  shipSchema,
} from '~/lib/schemas/order';
import { requireScope } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useLiveReload } from '~/lib/use-channel';
import { orderApi } from '~/lib/upstream/orders.server';
import { mediaApi } from '~/lib/upstream/media.server';
import { settingsApi } from '~/lib/upstream/settings.server';

const STEP_OF = { 'ready-to-delivery': 'ready', 'on-delivery': 'ship', delivered: 'deliver' } as const;

function orderId(raw: string | undefined) {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response('Not Found', { status: 404 });
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api, scope } = await requireScope(request, context, 'order.list');
  const id = orderId(params.id);
  const url = new URL(request.url);
  const modal = url.searchParams.get('modal');
  // Retur from an item row of the Barang view: only that line can be ticked.
  const returnLine = Number(url.searchParams.get('line')) || null;
  const shown = await orderApi.show(api, { scope, id });
  // The row's flags say what the order allows; the account's role says whether it may do it.
  const order = {
    ...shown,
    can_change_vendor: shown.can_change_vendor && userCan(user, 'order.change-vendor'),
    can_replace_product: shown.can_replace_product && userCan(user, 'order.return'),
  };
  // The couriers of the order's channel that are switched on (Pengaturan › Pengiriman).
  const channelId = order.invoice?.channel_id;
  const shippingMethods =
    typeof channelId === 'number'
      ? (await settingsApi.shippingMethods(api, { channel: channelId, active: true })).map(
          (method) => method.name,
        )
      : [];
  const vendorOptions =
    scope.kind === 'brand' && modal === 'change-vendor' && order.can_change_vendor
      ? await orderApi.vendorOptions(api, { brandId: scope.id, id })
      : [];
  const next =
    scope.kind === 'vendor' && userCan(user, 'order.fulfil') ? nextVendorStep(order.status_code) : null;
  return json({
    order,
    scope,
    modal,
    vendorOptions,
    nextStep: next ? STEP_OF[next] : null,
    isAdmin: userCan(user, 'order.shipping-details'),
    formKey: newFormKey(),
    shippingMethods,
    returnLine,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, scope } = await requireScope(request, context);
  const id = orderId(params.id);
  const here = `/order/${id}`;
  const intent = formData.get('intent');

  if (scope.kind === 'brand' && intent === 'return') {
    const submission = parseWithZod(formData, { schema: returnSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400 });
    // Only the ticked rows go upstream; its `order_products.N` counts those, the form all its rows.
    const rows = submission.value.order_products.flatMap((line, row) => (line.selected ? [row] : []));
    const lines = rows.map((row) => {
      const line = submission.value.order_products[row];
      return { id: line.id, quantity: line.quantity, note: line.note ?? '' };
    });
    try {
      await orderApi.replaceProducts(api, {
        brandId: scope.id,
        id,
        orderProducts: lines,
        formKey: formKeyOf(formData),
      });
      return redirectWithToast(here, { type: 'success', message: 'toast.saved' });
    } catch (error) {
      return json(
        {
          intent,
          result: replyWithUpstreamError(submission, error, ['order_products'], {
            formKeyOf: sentRowsKey('order_products', rows),
          }),
        },
        { status: 400 },
      );
    }
  }

  if (scope.kind === 'brand' && intent === 'change-vendor') {
    const submission = parseWithZod(formData, { schema: changeVendorSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400 });
    try {
      await orderApi.changeVendor(api, {
        brandId: scope.id,
        id,
        vendorId: submission.value.vendor_id,
        formKey: formKeyOf(formData),
      });
      // The spec gives this wording literally, in both languages.
      return redirectWithToast(here, { type: 'success', message: 'order.vendorChangeDone' });
    } catch (error) {
      return json(
        { intent, result: replyWithUpstreamError(submission, error, ['vendor_id']) },
        { status: 400 },
      );
    }
  }

  if (scope.kind === 'vendor' && (intent === 'ready' || intent === 'ship' || intent === 'deliver')) {
    const schema = { ready: readySchema, ship: shipSchema, deliver: deliverSchema }[intent];
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400 });
    const value = submission.value as { shipping_number?: string; receiver_name?: string; photo?: File };
    try {
      const photoIds =
        value.photo && value.photo.size > 0 ? [(await mediaApi.upload(api, { file: value.photo })).id] : [];
      const next = ({ ready: 'ready-to-delivery', ship: 'on-delivery', deliver: 'delivered' } as const)[
        intent
      ];
      await orderApi.advance(api, {
        vendorId: scope.id,
        id,
        next,
        body: {
          ...(value.shipping_number ? { shipping_number: value.shipping_number } : {}),
          ...(value.receiver_name ? { receiver_name: value.receiver_name } : {}),
          ...(photoIds.length ? { photo_ids: photoIds } : {}),
        },
      });
      return redirectWithToast(here, { type: 'success', message: 'toast.saved' });
    } catch (error) {
      const fields = ['shipping_number', 'receiver_name', 'photo'];
      const reply = replyWithUpstreamError(submission, error, fields, { formKeyOf: imageErrorKey('photo') });
      return json({ intent, result: reply }, { status: 400 });
    }
  }
  throw new Response('Bad Request', { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle({ matches, page: 'order', name: data?.order.number }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function OrderDetailPage() {
  const { order, scope, modal, vendorOptions, nextStep, isAdmin, formKey, shippingMethods, returnLine } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  useLiveReload(`private-${scope.kind}.${scope.id}.order-status`, 'OrderStatusChanged');
  const here = `/order/${order.id}`;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const openModal = (actionData?.intent as string | undefined) ?? modal;

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/order" className="hover:underline">
          {t('nav.order')}
        </Link>{' '}
        / <span>{order.number}</span>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {order.number}
        </h1>
        <div className="no-print flex flex-wrap gap-2">
          <a href={`${here}/print/sales`} className="btn-secondary">
            {t('order.printSales')}
          </a>
          <a href={`${here}/print/invoice`} className="btn-secondary">
            {t('order.printInvoice')}
          </a>
          <a href={`${here}/print/slip`} className="btn-secondary">
            {t('order.printSlip')}
          </a>
          {scope.kind === 'brand' && order.can_change_vendor ? (
            <Link to={`${here}?modal=change-vendor`} className="btn-secondary" preventScrollReset>
              {t('order.changeVendor')}
            </Link>
          ) : null}
          {scope.kind === 'brand' && order.can_replace_product ? (
            <Link to={`${here}?modal=return`} className="btn-secondary" preventScrollReset>
              {t('order.return')}
            </Link>
          ) : null}
        </div>
      </div>

      <OrderSummary
        order={order}
        showShipping={isAdmin || scope.kind === 'vendor'}
        shippingMethods={shippingMethods}
        brandSide={scope.kind === 'brand'}
      />

      {nextStep ? (
        <div className="no-print sticky bottom-0 flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow">
          <Link to="/order" className="btn-secondary">
            {t('order.back')}
          </Link>
          <Link to={`${here}?modal=${nextStep}`} className="btn-primary" preventScrollReset>
            {t(`order.step.${nextStep}.button`)}
          </Link>
        </div>
      ) : null}

      {openModal === 'return' && scope.kind === 'brand' && order.can_replace_product ? (
        <Modal title={t('order.returnTitle')} closeTo={here}>
          <p className="mb-3 text-sm text-slate-600">
            {order.number} · {order.vendor?.name} · {order.invoice?.external_number}
          </p>
          <ReturnForm
            key={order.id}
            lines={order.order_products}
            lastResult={resultFor('return')}
            formKey={formKey}
            onlyLineId={returnLine}
          />
        </Modal>
      ) : null}
      {openModal === 'change-vendor' && scope.kind === 'brand' && order.can_change_vendor ? (
        <Modal title={t('order.selectVendor')} closeTo={here}>
          <ChangeVendorForm
            vendors={vendorOptions}
            currentVendorId={order.vendor?.id ?? null}
            lastResult={resultFor('change-vendor')}
            formKey={formKey}
          />
        </Modal>
      ) : null}
      {nextStep && openModal === nextStep ? (
        <Modal title={t(`order.step.${nextStep}.title`)} closeTo={here}>
          <VendorStepForm step={nextStep} lastResult={resultFor(nextStep)} />
        </Modal>
      ) : null}
    </section>
  );
}
