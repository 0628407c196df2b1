import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal that is an address (`?modal=…`): it opens without JavaScript, and closing it is a link
 * back to the page without the parameter. With JavaScript, focus moves to its title when it opens, so a
 * keyboard user starts inside it, and Escape closes it.
 */
export function Modal({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(closeTo, { preventScrollReset: true });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, closeTo]);
  return (
    // No margin: a page's `space-y-*` would push the fixed overlay down and leave a band at the top undimmed.
    <div
      className="fixed inset-0 z-40 !m-0 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-4 sm:items-center"
      data-modal-overlay
    >
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        className="w-full max-w-2xl rounded-lg bg-white shadow-xl"
      >
        <header className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
          <h2 id="modal-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {title}
          </h2>
          <Link to={closeTo} preventScrollReset className="btn-secondary px-2 py-1">
            {t('modal.close')}
          </Link>
        </header>
        <div className="p-5">{children}</div>
      </section>
    </div>
  );
}
