import type { SubmissionResult } from '@conform-to/react';
import { Form, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '~/components/field-error';
import { SEARCH_MAX } from '../../contract/search';

/** The search page's answer, read here so the header field shows the same query and its error. */
type SearchPageData = { q: string; result: SubmissionResult<string[]> | null } | undefined;

/** Whether typing goes somewhere already: an input, a text area, a select or an editable element. */
function typingInto(element: Element | null) {
  if (!(element instanceof HTMLElement)) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

const FIELD_ID = 'header-search-q';
const ERROR_ID = `${FIELD_ID}-error`;

/**
 * The back office's one search box: a GET form to /search, so it works without JavaScript. With it, `/`
 * (when nothing that takes typing has the focus) or Ctrl-K (⌘K) puts the cursor in it.
 *
 * It is on every page, so it carries no form library: the search page's loader checks the query with the shared
 * schema and its answer puts the message on this field, with or without JavaScript (docs/decisions/060).
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const page = useRouteLoaderData('routes/_app.search') as SearchPageData;
  const errors = page?.result?.error?.q ?? undefined;

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
      const commandK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      if (!commandK && !(slash && !typingInto(document.activeElement))) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={t('search.label')}
      className="relative w-full max-w-xs"
    >
      <label htmlFor={FIELD_ID} className="sr-only">
        {t('search.label')}
      </label>
      <input
        // A new query answered is drawn afresh: the field shows the query of the page it is on.
        key={page?.q ?? ''}
        id={FIELD_ID}
        type="search"
        name="q"
        ref={input}
        defaultValue={page?.q ?? ''}
        maxLength={SEARCH_MAX}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? ERROR_ID : undefined}
        placeholder={t('search.placeholder')}
        aria-keyshortcuts="/ Control+K"
        className="input py-1.5"
      />
      <FieldError id={ERROR_ID} errors={errors} />
    </Form>
  );
}
