import { Link, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '~/lib/format';
import type { PendingOffers } from '~/lib/order/list.server';

/** A vendor's incoming offers above the order list, each opening its offer to accept or decline. */
export function PendingOfferList({ offers }: { offers: PendingOffers }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="offers-title" className="card space-y-2 p-4">
      <h2 id="offers-title" className="text-lg font-semibold">
        {t('order.pendingOffers')}
        {offers.total ? (
          <span className="ml-2 text-sm font-normal text-slate-500">({offers.total})</span>
        ) : null}
      </h2>
      {offers.total === 0 ? <p className="text-sm text-slate-500">{t('order.noOffers')}</p> : null}
      {/* A long queue scrolls inside its box, so the order list stays on the first screen. */}
      <ul
        className="max-h-64 divide-y divide-slate-100 overflow-y-auto"
        tabIndex={offers.rows.length > 5 ? 0 : undefined}
        aria-labelledby="offers-title"
      >
        {offers.rows.map((offer) => (
          <li key={offer.id} className="flex items-center justify-between gap-3 py-2 pr-1 text-sm">
            <span>
              <span className="font-medium">{offer.invoice.external_number}</span> ·{' '}
              {offer.invoice.recipient_name}
              {offer.expires_at ? (
                <span className="ml-2 text-xs text-slate-500">
                  {t('order.offerExpires', { time: formatDateTime(offer.expires_at) })}
                </span>
              ) : null}
            </span>
            <Link to={`/offer/${offer.id}`} className="btn-secondary px-2 py-1 text-xs">
              {t('order.openOffer')}
            </Link>
          </li>
        ))}
      </ul>
      {offers.lastPage > 1 ? <OfferPages page={offers.page} lastPage={offers.lastPage} /> : null}
    </section>
  );
}

/** The pages of the vendor's incoming offers, in the box: the order list's own filters and page stay as they are. */
function OfferPages({ page, lastPage }: { page: number; lastPage: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const href = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set('offers_page', String(to));
    else next.delete('offers_page');
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={t('order.offerPages')} className="flex items-center justify-between gap-2 text-xs">
      <span className="text-slate-600">{t('order.offerPage', { page, last: lastPage })}</span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className="btn-secondary px-2 py-1 text-xs" preventScrollReset rel="prev">
            {t('table.previous')}
          </Link>
        ) : null}
        {page < lastPage ? (
          <Link to={href(page + 1)} className="btn-secondary px-2 py-1 text-xs" preventScrollReset rel="next">
            {t('table.next')}
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
