import { useTranslation } from 'react-i18next';
import { formatNumber } from '~/lib/format';

/** Run rate, weeks of supply and in-stock rate as the stock screens show them; an unmeasured one is a dash. */
export function Figure({ value, suffix = '' }: { value: number | null; suffix?: string }) {
  const { t } = useTranslation();
  if (value === null) return <span title={t('stock.notMeasured')}>–</span>;
  return (
    <span className="tabular-nums">
      {formatNumber(value)}
      {suffix}
    </span>
  );
}
