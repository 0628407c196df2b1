import { useTranslation } from 'react-i18next';
import { formatDateTime } from '~/lib/format';
import type { RequestLog } from '~/lib/upstream/request-log.server';

/**
 * The last push of a listing or a promotion to its marketplace: what was sent, what came back, its status and
 * duration.
 */
export function LastPush({ log }: { log: RequestLog | null | undefined }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="last-push-title"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="last-push-title" className="text-base font-semibold">
        {t('push.lastPush')}
      </h2>
      {log ? (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <dt className="text-slate-500">{t('push.pushAction')}</dt>
            <dd>{t(`push.pushActions.${log.action}`, { defaultValue: log.action })}</dd>
            <dt className="text-slate-500">{t('push.pushStatus')}</dt>
            <dd className={log.status === 'success' ? 'text-green-700' : 'text-red-700'}>
              {t(log.status === 'success' ? 'push.pushSucceeded' : 'push.pushFailed')} ({log.status_code})
            </dd>
            <dt className="text-slate-500">{t('push.pushDuration')}</dt>
            <dd>{t('push.milliseconds', { ms: log.duration_ms })}</dd>
            <dt className="text-slate-500">{t('push.pushAt')}</dt>
            <dd>{formatDateTime(log.created_at)}</dd>
          </dl>
          <details className="text-sm">
            <summary className="cursor-pointer text-brand-700">{t('push.pushRequest')}</summary>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs">
              {JSON.stringify(log.request, null, 2)}
            </pre>
          </details>
          <details className="text-sm">
            <summary className="cursor-pointer text-brand-700">{t('push.pushResponse')}</summary>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs">
              {JSON.stringify(log.response, null, 2)}
            </pre>
          </details>
        </>
      ) : (
        <p className="text-sm text-slate-500">{t('push.noPush')}</p>
      )}
    </section>
  );
}
