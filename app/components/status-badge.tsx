import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  'Pesanan Baru': 'bg-sky-100 text-sky-800',
  'Diproses Vendor': 'bg-amber-100 text-amber-800',
  'Siap Dikirim': 'bg-amber-100 text-amber-800',
  'Dalam Pengiriman': 'bg-indigo-100 text-indigo-800',
  'Pesanan Sampai': 'bg-teal-100 text-teal-800',
  Sampai: 'bg-teal-100 text-teal-800',
  Selesai: 'bg-green-100 text-green-800',
  Terbayar: 'bg-emerald-100 text-emerald-800',
  Dibatalkan: 'bg-red-100 text-red-800',
  Dialihkan: 'bg-slate-200 text-slate-700',
};

/** The status as the user's language names it; the upstream's Indonesian label stays the key (and the filter value). */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (status: string) => t(`orderStatus.${status}`, { defaultValue: status });
}

export function StatusBadge({ status }: { status: string }) {
  const label = useStatusLabel();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${COLOURS[status] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {label(status)}
    </span>
  );
}
