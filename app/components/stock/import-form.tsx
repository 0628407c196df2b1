import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FormKeyField } from '~/components/form-key-field';

export type ImportRowError = { row: number | null; column: string | null; message: string };
export type ImportReply = { kind: 'stock' | 'price'; message: string; errors: ImportRowError[] };

/** Each row's errors, in row order, as the Error popup and the results page list them. */
export function ImportErrors({ errors }: { errors: ImportRowError[] }) {
  const { t } = useTranslation();
  return (
    <ul className="max-h-80 space-y-1 overflow-y-auto text-sm" aria-label={t('stock.importErrors')}>
      {errors.map((error, index) => (
        <li key={index} className="rounded bg-red-50 px-3 py-2 text-red-800">
          {error.row !== null ? (
            <span className="font-medium">
              {t('stock.importRow', { row: error.row, column: error.column })}:{' '}
            </span>
          ) : null}
          {t(error.message)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Uploads a stock or price file (csv or xlsx) to /stock/import. Without JavaScript the browser posts it and
 * the import's page answers (its results, or back here with a toast); with it, the page stays, says that it is
 * uploading and then importing, and a refused file opens the Error popup listing every row's error.
 */
export function ImportForm({
  kind,
  vendorId,
  formKey,
}: {
  kind: 'stock' | 'price';
  vendorId?: number;
  /** The page's form key: a file posted twice is imported once. */
  formKey: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ImportReply>();
  const busy = fetcher.state !== 'idle';
  const [dismissed, setDismissed] = useState<ImportReply | undefined>();
  const reply = fetcher.state === 'idle' && fetcher.data !== dismissed ? fetcher.data : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const open = Boolean(reply?.errors.length);
  useEffect(() => {
    if (!open || !reply) return;
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(reply);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, reply]);
  const id = `import-${kind}`;
  return (
    <fetcher.Form
      method="post"
      action="/stock/import"
      encType="multipart/form-data"
      className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3"
      aria-busy={busy}
    >
      <AuthenticityTokenInput />
      <FormKeyField value={formKey} />
      <input type="hidden" name="kind" value={kind} />
      {vendorId ? <input type="hidden" name="vendor_id" value={vendorId} /> : null}
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {kind === 'price' ? t('stock.uploadPrice') : t('stock.uploadStock')}
        </label>
        <input
          id={id}
          type="file"
          name="file"
          required
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="mt-1 text-sm"
        />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy
          ? fetcher.state === 'submitting'
            ? t('stock.uploading')
            : t('stock.importing')
          : t('stock.upload')}
      </button>
      <p aria-live="polite" className="sr-only">
        {busy ? t('stock.importing') : ''}
      </p>
      {reply && open ? (
        <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-4 sm:items-center">
          <section
            role="alertdialog"
            aria-modal="true"
            aria-labelledby={`${id}-title`}
            className="w-full max-w-2xl rounded-lg bg-white shadow-xl"
          >
            <header className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
              <h2
                id={`${id}-title`}
                ref={heading}
                tabIndex={-1}
                className="text-lg font-semibold outline-none"
              >
                {t('stock.importErrorTitle')}
              </h2>
              <button type="button" className="btn-secondary px-2 py-1" onClick={() => setDismissed(reply)}>
                {t('modal.close')}
              </button>
            </header>
            <div className="space-y-3 p-5">
              <p className="text-sm">{t(reply.message)}</p>
              <ImportErrors errors={reply.errors} />
            </div>
          </section>
        </div>
      ) : null}
    </fetcher.Form>
  );
}
