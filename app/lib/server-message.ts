const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];

function ordinal(index: number) {
  const n = index + 1;
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return ORDINALS[index] ?? `${n}${suffix}`;
}

/** `order_products.0.quantity` → `first order products quantity`; `vendor_id` → `vendor`. */
function humanPath(path: string) {
  const words: string[] = [];
  for (const segment of path.split('.')) {
    if (/^\d+$/.test(segment)) {
      const indexed = words.pop();
      words.push(indexed ? `${ordinal(Number(segment))} ${indexed}` : ordinal(Number(segment)));
    } else if (!/^ids?$/.test(segment)) {
      words.push(segment.replace(/_ids?$/, '').replace(/_/g, ' '));
    }
  }
  return words.join(' ');
}

/** A word that may be a Laravel field key: dotted (`products.0.sku`) or snake_case. */
const KEY_LIKE = /\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/**
 * A server validation message as the screens show it: the answer's field keys (`keys`, the keys
 * of its `errors`) without their id suffix and underscores, positional indexes as ordinals — counted as the form
 * counts its rows when `keyOf` maps the answer's keys to the form's. "The selected order_products.0.id is
 * invalid." reads "The selected first order products is invalid."; "The vendor id field is required." reads
 * "The vendor field is required.". Any other text, such as a value quoted in the message, is left as it is.
 */
export function humanizeServerMessage(
  message: string,
  keys: Iterable<string>,
  keyOf: (key: string) => string = (key) => key,
) {
  const known = new Set(keys);
  return message
    .replace(KEY_LIKE, (word) => (known.has(word) ? humanPath(keyOf(word)) : word))
    .replace(/^(The (?:selected )?[a-z ]+?) ids?\b/, '$1');
}

/** Every message of an upstream answer made readable with its own field keys (see humanizeServerMessage). */
export function readableMessages(
  answer: { message: string; fieldErrors: Record<string, string[]> },
  keyOf?: (key: string) => string,
) {
  const keys = Object.keys(answer.fieldErrors);
  const readable = (message: string) => humanizeServerMessage(message, keys, keyOf);
  return {
    message: readable(answer.message),
    fieldErrors: Object.fromEntries(
      Object.entries(answer.fieldErrors).map(([key, messages]) => [key, messages.map(readable)]),
    ),
  };
}
