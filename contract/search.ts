/**
 * The search box's query, one rule for the web form and the API: at least two characters, so a single letter
 * never walks a whole table, and at most a hundred.
 */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;
