import { useTranslation } from 'react-i18next';
import type { Column } from '~/components/data-table';
import { formatDateTime } from '~/lib/format';
import { RowActions } from './delete-dialog';

/**
 * The two columns every settings list ends with: when the row last changed (sortable unless the list's API sorts
 * no such field) and its View and Delete, each offered only where the user's permission holds (null leaves it out).
 */
export function useClosingColumns<Row extends { updated_at: string | null }>({
  name,
  viewTo,
  deleteTo,
  sortable = true,
}: {
  name: (row: Row) => string;
  viewTo: (row: Row) => string | null;
  deleteTo: (row: Row) => string | null;
  sortable?: boolean;
}): Column<Row>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'updated',
      header: t('settings.updatedAt'),
      ...(sortable ? { sortKey: 'updated_at' } : {}),
      cell: (row) => formatDateTime(row.updated_at),
    },
    {
      key: 'actions',
      header: t('settings.actions'),
      cell: (row) => <RowActions name={name(row)} viewTo={viewTo(row)} deleteTo={deleteTo(row)} />,
    },
  ];
}
