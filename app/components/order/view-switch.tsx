import { Link, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** Orders or their lines (`view=item`), as links that keep the filters and start again from the first page. */
export function OrderViewSwitch() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <nav aria-label={t('order.viewLabel')} className="flex gap-2">
      {[
        ['', t('order.viewOrder')],
        ['item', t('order.viewItem')],
      ].map(([view, label]) => {
        const next = new URLSearchParams(params);
        if (view) next.set('view', view);
        else next.delete('view');
        next.delete('page');
        const current = (params.get('view') ?? '') === view;
        return (
          <Link
            key={view || 'order'}
            to={`?${next.toString()}`}
            aria-current={current ? 'page' : undefined}
            className={current ? 'btn-primary' : 'btn-secondary'}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
