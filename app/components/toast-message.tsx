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
 * It sits at the top, under the header, where no page keeps its next step (the vendor's step bar is at the
 * bottom), and lets clicks through to what it covers; only its close button takes them.
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
      className={`pointer-events-none fixed right-4 top-16 z-50 flex max-w-sm items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-lg ${STYLES[toast.type]}`}
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
