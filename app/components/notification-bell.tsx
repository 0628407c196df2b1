import { Link, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationList, type NotificationItem } from './notification-list';

type Page = { data: NotificationItem[]; meta: { current_page: number; last_page: number } };
const PAGE_SIZE = 10;
const DATA_URL = '/notifications?_data=routes%2F_app.notifications._index&page=';

/**
 * Without JavaScript the bell is a link to /notifications. With it, the bell opens a slide-in panel
 * that loads page after page as the list is scrolled to 90 %.
 */
export function NotificationBell({ unread, refreshKey }: { unread: number; refreshKey: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const loadedPage = useRef(0);
  const bell = useRef<HTMLAnchorElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const inFlight = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const loadPage = useCallback(async (page: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const response = await fetch(`${DATA_URL}${page}`, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as Page;
      loadedPage.current = page;
      setItems((current) => (page === 1 ? body.data : [...current, ...body.data]));
      setExhausted(body.data.length < PAGE_SIZE);
      setFailed(false);
      setLoaded(true);
    } catch {
      setFailed(true);
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    if (open) void loadPage(1);
  }, [open, refreshKey, loadPage]);

  // Opening a notification navigates: the panel closes rather than cover what it opened.
  useEffect(() => setOpen(false), [location.key]);

  // Focus moves into the panel when it opens and back to the bell when it closes.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) title.current?.focus();
    else if (wasOpen.current) bell.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    const target = sentinel.current;
    if (!open || !target || exhausted) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.isIntersecting && loadedPage.current > 0) void loadPage(loadedPage.current + 1);
      },
      { threshold: 0.9 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [open, exhausted, items.length, loadPage]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <Link
        ref={bell}
        to="/notifications"
        className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100"
        aria-label={`${t('header.notifications')}${unread ? `, ${t('header.unread', { count: unread })}` : ''}`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0" />
        </svg>
        {unread > 0 ? (
          <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
      {open ? (
        <div className="fixed inset-0 z-40 flex justify-end">
          <button
            type="button"
            tabIndex={-1}
            aria-label={t('notifications.close')}
            className="absolute inset-0 cursor-default bg-slate-900/30"
            onClick={() => setOpen(false)}
          />
          <section
            role="dialog"
            aria-modal="true"
            aria-labelledby="notification-panel-title"
            className="relative flex h-full w-full max-w-md flex-col bg-white shadow-xl"
          >
            <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
              <h2
                id="notification-panel-title"
                ref={title}
                tabIndex={-1}
                className="text-lg font-semibold outline-none"
              >
                {t('notifications.title')}
              </h2>
              <button type="button" className="btn-secondary px-2 py-1" onClick={() => setOpen(false)}>
                {t('notifications.close')}
              </button>
            </header>
            <div className="flex-1 overflow-y-auto">
              {failed ? (
                <p role="alert" className="p-4 text-sm text-red-700">
                  {t('notifications.loadFailed')}
                </p>
              ) : null}
              {loaded ? (
                <NotificationList items={items} />
              ) : failed ? null : (
                <p role="status" className="p-4 text-sm text-slate-500">
                  {t('notifications.loading')}
                </p>
              )}
              {exhausted || !loaded ? null : <div ref={sentinel} className="h-8" aria-hidden="true" />}
            </div>
          </section>
        </div>
      ) : null}
    </>
  );
}
