import { z } from 'zod';
import { TOO_LONG, says } from './messages';

/** The longest query the box takes; the API refuses longer ones too. */
export const SEARCH_MAX = 100;

/**
 * The header's search box, checked the same way in the browser and by the page's loader: at least two
 * characters (the API answers shorter ones with a 422), at most SEARCH_MAX.
 */
export const searchSchema = z.object({
  q: z.string(says('search.tooShort')).trim().min(2, 'search.tooShort').max(SEARCH_MAX, TOO_LONG),
});

export type SearchInput = z.infer<typeof searchSchema>;
