import { Form, Link, useNavigation, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Modal } from '~/components/modal';

/** `?delete=id` of a list, as a link: the confirmation dialog opens without JavaScript too. */
export function useDeleteLinks() {
  const [params] = useSearchParams();
  const without = new URLSearchParams(params);
  without.delete('delete');
  const deleting = Number(params.get('delete')) || null;
  const closeTo = `?${without.toString()}`;
  const hrefOf = (id: number) => {
    const next = new URLSearchParams(without);
    next.set('delete', String(id));
    return `?${next.toString()}`;
  };
  return { deleting, closeTo, hrefOf };
}

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
  const navigation = useNavigation();
  return (
    <Modal title={t('settings.deleteTitle', { name })} closeTo={closeTo}>
      <Form method="post" className="space-y-4">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <p>{t('settings.deleteWarning')}</p>
        <div className="flex gap-2">
          <button
            type="submit"
            className="btn-primary bg-red-600"
            disabled={navigation.state === 'submitting'}
          >
            {t('settings.deleteConfirm')}
          </button>
          <Link to={closeTo} className="btn-secondary" preventScrollReset>
            {t('settings.cancel')}
          </Link>
        </div>
      </Form>
    </Modal>
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
