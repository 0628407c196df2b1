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

/** A Laravel field key in a message: a dotted path with an index (`products.0.sku`), or a snake_case name. */
const FIELD_PATH =
  /\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*\.\d+(?:\.[a-z0-9_]+)*\b|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/**
 * A server validation message as the screens show it (spec 000 §5): field names without their id suffix and
 * underscores, positional indexes as ordinals. "The selected order_products.0.id is invalid." reads "The
 * selected first order products is invalid."; "The vendor id field is required." reads "The vendor field is
 * required.". Other text is left as it is.
 */
export function humanizeServerMessage(message: string) {
  return message.replace(FIELD_PATH, humanPath).replace(/^(The (?:selected )?[a-z ]+?) ids?\b/, '$1');
}
