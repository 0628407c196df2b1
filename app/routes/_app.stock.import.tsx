import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ImportErrors, type ImportReply } from '~/components/stock/import-form';
import { requireCsrf } from '~/lib/csrf.server';
import { pageTitle } from '~/lib/meta';
import { requireScope } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { stockApi } from '~/lib/upstream/stock.server';
import { isRefusal, readForm, refusalMessage } from '~/lib/forms.server';
import { formKeyOf } from '~/lib/form-key.server';
import { importRowErrors } from '~/lib/import-errors.server';

/** The API's own limit (api/domains/stock/spreadsheet.ts), so a larger file is refused before it is read. */
const MAX_BYTES = 20 * 1024 * 1024;

/** The results page renders after a posted import (the loader runs then too); opened directly it only links back. */
export function loader() {
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, scope } = await requireScope(request, context);
  const kind = formData.get('kind') === 'price' ? 'price' : 'stock';
  const formKey = formKeyOf(formData);
  const file = formData.get('file');
  const back =
    kind === 'price'
      ? '/stock'
      : `/stock/manajemen${scope.kind === 'brand' && formData.get('vendor_id') ? `?vendor=${formData.get('vendor_id')}` : ''}`;
  if (!(file instanceof File) || file.size === 0 || file.size > MAX_BYTES) {
    return json<ImportReply>(
      {
        kind,
        message: 'stock.importNoFile',
        errors: [{ row: null, column: null, message: 'stock.importNoFile' }],
      },
      { status: 400 },
    );
  }
  try {
    let rows: number;
    if (kind === 'price') {
      if (scope.kind !== 'brand') throw new Response('Forbidden', { status: 403 });
      rows = (await stockApi.importPrice(api, { brandId: scope.id, file, formKey })).data.rows;
    } else {
      const vendorId = scope.kind === 'vendor' ? scope.id : Number(formData.get('vendor_id'));
      if (!Number.isSafeInteger(vendorId) || vendorId < 1) throw new Response('Bad Request', { status: 400 });
      rows = (await stockApi.importStock(api, { vendorId, file, formKey })).data.rows;
    }
    return redirectWithToast(back, {
      type: 'success',
      message: 'stock.imported',
      values: { rows: String(rows) },
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return json<ImportReply>(
      { kind, message: refusalMessage(error), errors: importRowErrors(error) },
      { status: 422 },
    );
  }
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'stockImport' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

/** The import's results without JavaScript: the Error popup's list as a page, and the way back. */
export default function StockImportResultPage() {
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('stock.importErrorTitle')}
      </h1>
      {reply ? (
        <>
          <p role="alert">{t(reply.message)}</p>
          <ImportErrors errors={reply.errors} />
        </>
      ) : null}
      <Link
        to={reply?.kind === 'price' ? '/stock' : '/stock/manajemen'}
        className="btn-secondary inline-block"
      >
        {t('stock.back')}
      </Link>
    </section>
  );
}
