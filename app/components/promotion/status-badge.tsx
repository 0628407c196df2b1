import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  not_started: 'bg-amber-100 text-amber-800',
  running: 'bg-sky-100 text-sky-800',
  finished: 'bg-green-100 text-green-800',
};

/** A promotion's status as the clock gives it (Belum Mulai, Sedang Berjalan, Selesai), and whether it was ended early. */
export function PromotionStatusBadge({ code, endedEarly }: { code: string; endedEarly: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${COLOURS[code] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {t(`promotion.statuses.${code}`)}
      {endedEarly ? ` (${t('promotion.endedEarly')})` : null}
    </span>
  );
}
