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

/**
 * A confirmation before a step that cannot be undone (a delete, ending a promotion). The dialog is an address
 * (`?delete=id`, `?modal=…`) and its answer a real form post, so it works without JavaScript; Cancel is a link
 * back to `closeTo`. Texts come translated from the screen, which knows its record's words.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  closeTo,
  intent,
  fields = {},
  destructive = true,
  reloadDocument = false,
}: {
  title: string;
  /** What happens if the user goes on. */
  text: string;
  confirmLabel: string;
  closeTo: string;
  /** The action's intent, where a page answers more than one kind of post. */
  intent: string;
  /** Hidden fields the action reads, such as the record's id; a list gives one field per value. */
  fields?: Record<string, string | number | readonly (string | number)[]>;
  /** A step that removes or ends something is red; one that moves records on is not. */
  destructive?: boolean;
  /** Posts as a document, for an action whose answer the page must load whole (a bulk step's redirect). */
  reloadDocument?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <Modal title={title} closeTo={closeTo}>
      <Form method="post" reloadDocument={reloadDocument} className="space-y-4">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((one, index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={one} />
          )),
        )}
        <p>{text}</p>
        <div className="flex gap-2">
          <button
            type="submit"
            className={destructive ? 'btn-primary bg-red-600' : 'btn-primary'}
            disabled={navigation.state === 'submitting'}
          >
            {confirmLabel}
          </button>
          <Link to={closeTo} className="btn-secondary" preventScrollReset>
            {t('modal.cancel')}
          </Link>
        </div>
      </Form>
    </Modal>
  );
}
