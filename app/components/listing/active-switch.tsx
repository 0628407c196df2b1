import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';

/**
 * The list's active switch. Without JavaScript it is a form of its own that reloads the list;
 * with it the row switches at once and the call follows, and the list then shows what the marketplace kept:
 * a failed call puts the switch back, with the error as a toast.
 */
export function ActiveSwitch({
  id,
  name,
  active,
  canEdit,
}: {
  id: number;
  name: string;
  active: boolean;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get('intent');
  const shown = pending ? pending === 'set-active' : active;
  const label = shown ? t('listing.active') : t('listing.inactive');
  const track = `inline-flex h-6 w-11 items-center rounded-full transition ${shown ? 'bg-green-600' : 'bg-slate-300'}`;
  const knob = `h-5 w-5 rounded-full bg-white shadow transition ${shown ? 'translate-x-5' : 'translate-x-0.5'}`;
  if (!canEdit) {
    return (
      <span className="inline-flex items-center gap-2 text-sm">
        <span className={track} aria-hidden="true">
          <span className={knob} />
        </span>
        {label}
      </span>
    );
  }
  return (
    <fetcher.Form method="post" preventScrollReset className="inline-flex items-center gap-2">
      <AuthenticityTokenInput />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={shown ? 'set-inactive' : 'set-active'}
        role="switch"
        aria-checked={shown}
        aria-label={t('listing.activeSwitch', { name })}
        className={`${track} focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500`}
      >
        <span className={knob} />
      </button>
      <span className="text-sm" aria-hidden="true">
        {label}
      </span>
    </fetcher.Form>
  );
}
