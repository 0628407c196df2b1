import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Toast = { type: 'success' | 'error' | 'info'; message: string; values?: Record<string, string> };

const STYLES = {
  success: 'border-green-200 bg-green-50 text-green-800',
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-slate-200 bg-white text-slate-800',
};

/**
 * Without JavaScript the message simply stays on the page; with it, it fades after a few seconds.
 * It sits at the bottom left of the page's content, beside the navigation: clear of the header and the page's own
 * action buttons (Tambah, Ekspor, Simpan at the top right), and of the step and save bars' buttons, which keep to
 * the bottom right. It lets clicks through to what it covers; only its close button takes them.
 */
export function ToastMessage({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), 6000);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      className={`pointer-events-none fixed bottom-4 left-4 right-4 z-50 flex max-w-sm sm:right-auto lg:left-[17rem] items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-lg ${STYLES[toast.type]}`}
    >
      <p className="flex-1">{t(toast.message, { ...toast.values, defaultValue: toast.message })}</p>
      <button
        type="button"
        className="no-print pointer-events-auto text-current opacity-70 hover:opacity-100"
        onClick={() => setVisible(false)}
      >
        <span aria-hidden="true">×</span>
        <span className="sr-only">{t('toast.close')}</span>
      </button>
    </div>
  );
}
