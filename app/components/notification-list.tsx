import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { formatDateTime } from '~/lib/format';

export type NotificationItem = {
  id: string;
  read_at: string | null;
  created_at: string;
  data: { notification: { title: string; description: string; timestamp: string } };
};

/** Each item is a small form: opening it marks it read (a POST) and then leads to its page. */
export function NotificationList({ items }: { items: NotificationItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="p-4 text-sm text-slate-500">{t('notifications.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id}>
          <Form method="post" action={`/notifications/${item.id}`}>
            <AuthenticityTokenInput />
            <button
              type="submit"
              className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50"
            >
              <span
                aria-hidden="true"
                className={`mt-1.5 h-2 w-2 flex-none rounded-full ${item.read_at ? 'bg-transparent' : 'bg-brand-600'}`}
              />
              <span className="flex-1">
                <span className="block text-sm font-medium text-slate-900">
                  {item.data.notification.title}
                  {item.read_at ? null : <span className="sr-only"> ({t('notifications.unread')})</span>}
                </span>
                <span className="block text-sm text-slate-600">{item.data.notification.description}</span>
                <span className="block text-xs text-slate-500">
                  {formatDateTime(item.data.notification.timestamp || item.created_at)}
                </span>
              </span>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
