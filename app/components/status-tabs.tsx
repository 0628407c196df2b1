import { Link, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useStatusLabel } from './status-badge';

/** Status filter as links, so switching tabs is a plain GET without JavaScript. */
export function StatusTabs({ statuses, label }: { statuses: string[]; label: string }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const [params] = useSearchParams();
  const current = params.get('status') ?? '';
  function href(status: string) {
    const next = new URLSearchParams(params);
    if (status) next.set('status', status);
    else next.delete('status');
    next.delete('page');
    // A voucher's orders are one tab's (Terbayar): another tab lists the vendor's orders again.
    next.delete('send-payment');
    return `?${next.toString()}`;
  }
  return (
    <nav aria-label={label} className="overflow-x-auto border-b border-slate-200">
      <ul className="flex gap-1">
        {['', ...statuses].map((status) => (
          <li key={status || 'all'}>
            <Link
              to={href(status)}
              aria-current={current === status ? 'page' : undefined}
              className={`inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm ${current === status ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {status ? statusLabel(status) : t('filters.all')}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
