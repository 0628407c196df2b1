import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';

/**
 * The vendor's steps over the orders ticked in the list (their checkboxes name this form): mark them ready to
 * deliver, after a confirmation, or print their sales documents. Both are document submissions: "print selected"
 * answers with a PDF download, not a page.
 */
export function BulkOrderActions() {
  const { t } = useTranslation();
  return (
    <Form method="post" id="bulk-orders" reloadDocument className="flex flex-wrap items-center gap-2">
      <AuthenticityTokenInput />
      <button type="submit" name="intent" value="review" className="btn-secondary">
        {t('order.bulkReady')}
      </button>
      <input type="hidden" name="kind" value="sales" />
      <button type="submit" formAction="/order/print" formMethod="get" className="btn-secondary">
        {t('order.bulkPrint')}
      </button>
    </Form>
  );
}
