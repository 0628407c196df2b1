import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '~/lib/format';

type Performance = {
  sla_hours: number | null;
  in_stock_rate: number | null;
  on_time_rate: number | null;
  period_days: number;
};

/** SLA is good from 1 to 24 hours, bad above. */
export function VendorPerformance({ performance }: { performance: Performance }) {
  const { t } = useTranslation();
  const slaGood = performance.sla_hours !== null && performance.sla_hours <= 24;
  return (
    <section aria-labelledby="performance-title" className="card">
      <h2 id="performance-title" className="text-lg font-semibold">
        {t('profile.performance')}
      </h2>
      <p className="text-sm text-slate-500">
        {t('profile.performancePeriod', { days: performance.period_days })}
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div className="rounded-md bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">{t('profile.sla')}</dt>
          <dd
            className={`text-2xl font-semibold ${performance.sla_hours === null ? '' : slaGood ? 'text-green-700' : 'text-red-700'}`}
          >
            {performance.sla_hours === null
              ? t('profile.noData')
              : t('profile.slaHours', {
                  hours: formatNumber(performance.sla_hours, 1),
                })}
          </dd>
          {performance.sla_hours === null ? null : (
            <dd className="text-xs text-slate-500">{slaGood ? t('profile.slaGood') : t('profile.slaBad')}</dd>
          )}
        </div>
        <div className="rounded-md bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">{t('profile.inStockRate')}</dt>
          <dd className="text-2xl font-semibold">
            {formatPercent(performance.in_stock_rate) ?? t('profile.noData')}
          </dd>
        </div>
        <div className="rounded-md bg-slate-50 p-4">
          <dt className="text-sm text-slate-600">{t('profile.vendorPerformance')}</dt>
          <dd className="text-2xl font-semibold">
            {formatPercent(performance.on_time_rate) ?? t('profile.noData')}
          </dd>
          <dd className="text-xs text-slate-500">{t('profile.vendorPerformanceHint')}</dd>
        </div>
      </dl>
    </section>
  );
}
