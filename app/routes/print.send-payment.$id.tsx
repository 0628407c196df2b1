import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatVoucherDay } from '~/lib/format';
import { idOf, requirePaymentStaff } from '~/lib/payment-access.server';
import { requireUser } from '~/lib/scope.server';
import { paymentApi, type Voucher } from '~/lib/upstream/payments.server';
import { voucherPartOf } from '~/lib/voucher-print';

/**
 * The Bank Payment Voucher as HTML; /send-payment/{id}/print renders it to a PDF in Chromium. With `offset` and
 * `limit`, one part of it (docs/decisions/045): the head on the first part, the total and signatures on the last,
 * the lines numbered on from the parts before.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requirePaymentStaff(user);
  const slice = voucherPartOf(new URL(request.url));
  return json({ voucher: await paymentApi.show(api, { id: idOf(params.id), slice }) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Bank Payment Voucher ${data.voucher.number}` : 'Bank Payment Voucher' },
];

/** The signature slots, as the spec names them. */
const SIGNATURES = ['Prepare', 'Applied By', 'Checked', 'Apporoved', 'Received'];

export default function PrintVoucher() {
  const { voucher } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const preparers = voucher.prepares.map((user) => user.name).join(', ');
  const lines = voucher.orders.flatMap((order) =>
    order.order_products.map((line, index) => ({ order, line, first: index === 0 })),
  );
  const firstPart = voucher.orders_offset === 0;
  const lastPart = voucher.orders_offset + voucher.orders.length >= voucher.order_count;
  return (
    <main className="bg-white p-6 text-sm text-slate-900">
      {firstPart ? <VoucherHead voucher={voucher} preparers={preparers} /> : null}
      <table className="w-full table-fixed border-collapse text-xs">
        <thead>
          <tr className="border-b border-slate-500 text-left">
            <th className="w-8 py-1 pr-2">{t('payment.lineNo')}</th>
            <th className="w-32 py-1 pr-2">{t('order.number')}</th>
            <th className="w-44 py-1 pr-2">{t('order.invoice')}</th>
            <th className="py-1 pr-2">{t('order.product')}</th>
            <th className="w-12 py-1 pr-2 text-right">{t('payment.quantity')}</th>
            <th className="w-24 py-1 text-right">{t('payment.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ order, line, first }, index) => (
            <tr key={line.id} className="break-inside-avoid border-b border-slate-200 align-top">
              <td className="py-1 pr-2">{voucher.line_offset + index + 1}</td>
              <td className="py-1 pr-2">{first ? order.number : ''}</td>
              <td className="break-all py-1 pr-2">{first ? order.invoice.external_number : ''}</td>
              <td className="py-1 pr-2">{line.invoice_product.name}</td>
              <td className="py-1 pr-2 text-right">{line.quantity_net}</td>
              <td className="py-1 text-right">{formatMoney(line.amount, 'Rp.')}</td>
            </tr>
          ))}
          {lastPart ? (
            <tr className="break-inside-avoid border-t-2 border-slate-800 text-sm font-semibold">
              <td colSpan={5} className="py-2 pr-2 text-right">
                Total
              </td>
              <td className="py-2 text-right">{formatMoney(voucher.total, 'Rp.')}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {lastPart ? <Signatures preparers={preparers} /> : null}
    </main>
  );
}

function VoucherHead({ voucher, preparers }: { voucher: Voucher; preparers: string }) {
  const { t } = useTranslation();
  return (
    <>
      <header className="mb-4 flex items-start justify-between border-b-2 border-slate-800 pb-3">
        <div>
          <h1 className="text-xl font-bold uppercase tracking-wide">{t('payment.voucherTitle')}</h1>
          <p className="text-base font-semibold">{voucher.number}</p>
        </div>
        <p className="text-right font-semibold">{voucher.brand.name}</p>
      </header>
      <dl className="mb-4 grid grid-cols-2 gap-x-6 gap-y-1">
        <Term label={t('payment.date')} value={formatVoucherDay(voucher.date)} />
        <Term label={t('payment.dueDate')} value={formatVoucherDay(voucher.due_date)} />
        <Term label={t('payment.paidTo')} value={voucher.vendor.name} />
        <Term label={t('payment.bank')} value={voucher.bank?.name ?? '–'} />
        <Term label={t('payment.accountNumber')} value={voucher.account_number ?? '–'} />
        <Term label={t('payment.accountName')} value={voucher.account_holder_name ?? '–'} />
        <Term label={t('payment.checkNumber')} value={voucher.payment_method_description ?? '–'} />
        <Term label={t('payment.preparedBy')} value={preparers || '–'} />
      </dl>
    </>
  );
}

function Signatures({ preparers }: { preparers: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="mt-10 grid break-inside-avoid grid-cols-5 gap-3 text-center"
      aria-label={t('payment.signatures')}
    >
      {SIGNATURES.map((slot) => (
        <div key={slot} className="flex flex-col justify-between border border-slate-400">
          <p className="border-b border-slate-400 py-1 font-semibold">{slot}</p>
          <p className="h-20" />
          <p className="min-h-6 border-t border-slate-400 px-1 py-1 text-xs">
            {slot === 'Prepare' ? preparers : ''}
          </p>
        </div>
      ))}
    </section>
  );
}

function Term({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="w-40 flex-none text-slate-600">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
