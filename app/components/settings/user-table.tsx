import { useTranslation } from 'react-i18next';
import { DataTable } from '~/components/data-table';
import { useClosingColumns } from './row-columns';

type Row = {
  id: number;
  name: string;
  email: string;
  mobile_phone: string | null;
  role_name: string | null;
  roles: { id: number; name: string }[];
  is_special_account: boolean;
  updated_at: string;
};

/**
 * Users as the list shows them: name, email, mobile phone (not for the administrator's list), last
 * updated, View and Delete by permission; no Delete for a special account.
 */
export function UserTable({
  users,
  showPhone,
  viewBase,
  can,
  deleteHref,
}: {
  users: Row[];
  showPhone: boolean;
  viewBase: string;
  can: { view: boolean; remove: boolean };
  deleteHref: (id: number) => string;
}) {
  const { t } = useTranslation();
  const closing = useClosingColumns<Row>({
    name: (row) => row.name,
    viewTo: (row) => (can.view ? `${viewBase}/${row.id}` : null),
    deleteTo: (row) => (can.remove && !row.is_special_account ? deleteHref(row.id) : null),
  });
  return (
    <DataTable
      caption={t('settings.user.title')}
      rowKey={(row) => row.id}
      rows={users}
      columns={[
        { key: 'name', header: t('settings.user.name'), sortKey: 'name', cell: (row) => row.name },
        { key: 'email', header: t('settings.user.email'), sortKey: 'email', cell: (row) => row.email },
        ...(showPhone
          ? [{ key: 'phone', header: t('settings.user.phone'), cell: (row: Row) => row.mobile_phone ?? '–' }]
          : []),
        {
          key: 'role',
          header: t('settings.user.role'),
          cell: (row) => (
            <span>
              {row.roles[0]?.name ?? row.role_name}
              {row.is_special_account ? (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">
                  {t('settings.user.special')}
                </span>
              ) : null}
            </span>
          ),
        },
        ...closing,
      ]}
    />
  );
}
