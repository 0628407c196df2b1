import { useFetchers, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeDropdowns, onDownloadsChange, wirePageFeedback } from '~/lib/page-feedback.client';

/** A page change, a submission or a file that takes longer than this shows the bar; quicker ones never flash it. */
const SHOW_AFTER_MS = 150;

/**
 * The global progress indicator (JavaScript only; without it the browser's own shows): a bar at the top of the
 * window while a page loads, a form is submitted or a file is fetched, and the busy state of the button or link
 * that started it (app/lib/page-feedback.client.ts), cleared when the page is idle again.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const location = useLocation();
  const [downloads, setDownloads] = useState(0);
  const [shown, setShown] = useState(false);
  const busy =
    navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle') || downloads > 0;

  useEffect(() => wirePageFeedback(), []);
  useEffect(() => onDownloadsChange(setDownloads), []);
  useEffect(() => closeDropdowns(), [location.key]);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!shown) return null;
  return (
    <div className="progress-bar no-print" role="progressbar" aria-label={t('progress.loading')}>
      <span className="sr-only">{t('progress.loading')}</span>
    </div>
  );
}
