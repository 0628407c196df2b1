const utf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: Uint8Array) {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The bytes a `%XX`-escaped form value stands for (`+` is a space). */
function percentDecoded(text: string) {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    const hex = char === 0x25 ? text.slice(index + 1, index + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(char === 0x2b ? 0x20 : char);
  }
  return Uint8Array.from(bytes);
}

/** Each name and value of an urlencoded body, as the bytes it stands for, is UTF-8. */
function urlEncodedIsUtf8(body: Uint8Array) {
  if (!isUtf8(body)) return false;
  const text = new TextDecoder().decode(body);
  return text.split('&').every((pair) => pair.split('=').every((part) => isUtf8(percentDecoded(part))));
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number) {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(needle, from);
}

/** Each part of a multipart body that is not a file is UTF-8; a file's bytes are the file's business. */
function multipartTextIsUtf8(body: Uint8Array, boundary: string) {
  const delimiter = Buffer.from(`--${boundary}`);
  let at = indexOf(body, delimiter, 0);
  while (at >= 0) {
    const start = at + delimiter.length;
    const next = indexOf(body, delimiter, start);
    if (next < 0) return true;
    const part = body.subarray(start, next);
    const headerEnd = indexOf(part, Buffer.from('\r\n\r\n'), 0);
    if (headerEnd >= 0) {
      const headers = Buffer.from(part.subarray(0, headerEnd)).toString('latin1');
      if (!/filename\*?=/i.test(headers) && !isUtf8(part.subarray(headerEnd + 4))) return false;
    }
    at = next;
  }
  return true;
}

/**
 * Whether every text field of a posted form is UTF-8, as the page that sent it is: the platform's form parser
 * turns bytes that are not into U+FFFD, and the field would be kept as "�" instead of being refused.
 */
export async function formTextIsUtf8(request: Request) {
  const type = request.headers.get('content-type') ?? '';
  const body = new Uint8Array(await request.clone().arrayBuffer());
  if (type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return urlEncodedIsUtf8(body);
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type);
  if (type.toLowerCase().startsWith('multipart/form-data') && boundary) {
    return multipartTextIsUtf8(body, (boundary[1] ?? boundary[2]).trim());
  }
  return true;
}
