import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '~/components/field';
import { SEARCH_MAX, searchSchema } from '~/lib/schemas/search';

/** The search page's answer, read here so the header field shows the same query and its error. */
type SearchPageData = { q: string; result: SubmissionResult<string[]> | null } | undefined;

/** Whether typing goes somewhere already: an input, a text area, a select or an editable element. */
function typingInto(element: Element | null) {
  if (!(element instanceof HTMLElement)) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/**
 * The back office's one search box: a GET form to /search, so it works without JavaScript. With it, `/`
 * (when nothing that takes typing has the focus) or Ctrl-K (⌘K) puts the cursor in it.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const page = useRouteLoaderData('routes/_app.search') as SearchPageData;
  const [form, fields] = useForm({
    id: 'header-search',
    lastResult: page?.result ?? undefined,
    defaultValue: { q: page?.q ?? '' },
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: searchSchema }),
  });

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

  const { key, ...inputProps } = getInputProps(fields.q, { type: 'search', ariaAttributes: true });
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={t('search.label')}
      className="relative w-full max-w-xs"
      {...getFormProps(form)}
    >
      <label htmlFor={fields.q.id} className="sr-only">
        {t('search.label')}
      </label>
      <input
        key={`${key ?? ''}-${page?.q ?? ''}`}
        {...inputProps}
        ref={input}
        // The query the page answers: Conform's own default is the one of the page the form was first drawn on.
        defaultValue={page?.q ?? ''}
        maxLength={SEARCH_MAX}
        placeholder={t('search.placeholder')}
        aria-keyshortcuts="/ Control+K"
        className="input py-1.5"
      />
      <FieldError id={fields.q.errorId} errors={fields.q.errors} />
    </Form>
  );
}
