import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';

/** Confirms a delete in the product's words: "Anda tidak dapat melihat item ini jika melanjutkan". */
export function DeleteDialog({
  id,
  name,
  closeTo,
  intent = 'delete',
}: {
  id: number;
  name: string;
  closeTo: string;
  /** The action's intent, where a page deletes more than one kind of record. */
  intent?: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('settings.deleteTitle', { name })}
      text={t('settings.deleteWarning')}
      confirmLabel={t('settings.deleteConfirm')}
      closeTo={closeTo}
      intent={intent}
      fields={{ id }}
    />
  );
}

/** View and Delete of a row, each when its permission is held. */
export function RowActions({
  name,
  viewTo,
  deleteTo,
}: {
  name: string;
  viewTo?: string | null;
  deleteTo?: string | null;
}) {
  const { t } = useTranslation();
  if (!viewTo && !deleteTo) return <span className="text-slate-400">–</span>;
  return (
    <span className="flex gap-2">
      {viewTo ? (
        <Link
          to={viewTo}
          className="btn-secondary px-2 py-1 text-xs"
          aria-label={t('settings.viewNamed', { name })}
        >
          {t('settings.view')}
        </Link>
      ) : null}
      {deleteTo ? (
        <Link
          to={deleteTo}
          className="btn-secondary px-2 py-1 text-xs text-red-700"
          aria-label={t('settings.deleteNamed', { name })}
          preventScrollReset
        >
          {t('settings.delete')}
        </Link>
      ) : null}
    </span>
  );
}
