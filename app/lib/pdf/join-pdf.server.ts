import { PdfDocument, type PdfObject } from './pdf-document.server';
import {
  integerOf,
  isDict,
  mapRefs,
  nameOf,
  numberOf,
  PdfAtom,
  PdfRef,
  writeValue,
  type PdfDict,
  type PdfValue,
} from './pdf-objects.server';
import { helveticaWidth } from './helvetica-widths.server';

/** Attributes a page takes from its ancestors in the page tree when it has none of its own (ISO 32000-1 §7.7.3.4). */
const INHERITED = ['/Resources', '/MediaBox', '/CropBox', '/Rotate'];

export type JoinOptions = {
  /** The text printed at the foot of each page of the joined document, e.g. "Halaman 3 dari 40". */
  pageLabel?: (page: number, pages: number) => string;
};

type Part = {
  doc: PdfDocument;
  /** New object number of each old one kept. */
  renumbered: Map<number, number>;
  /** The objects written: all but the old catalog, page-tree nodes, structure root and parent tree. */
  kept: Set<number>;
  pages: { num: number; dict: PdfDict }[];
  structure: { kids: PdfValue[]; nums: [number, PdfValue][]; nextKey: number } | null;
};

class Output {
  private chunks: Buffer[] = [];
  private length = 0;
  readonly offsets: number[] = [];

  write(text: string | Buffer) {
    const chunk = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  object(num: number, value: PdfValue, stream: Buffer | null = null) {
    this.offsets[num] = this.length;
    this.write(`${num} 0 obj\n${writeValue(value)}`);
    if (stream) {
      this.write('\nstream\n');
      this.write(stream);
      this.write('\nendstream');
    }
    this.write('\nendobj\n');
  }

  finish(size: number, trailer: PdfDict): Buffer {
    const xref = this.length;
    const entries = ['0000000000 65535 f \n'];
    for (let num = 1; num < size; num++) {
      const offset = this.offsets[num];
      entries.push(
        offset === undefined ? '0000000000 65535 f \n' : `${String(offset).padStart(10, '0')} 00000 n \n`,
      );
    }
    trailer.set('/Size', new PdfAtom(String(size)));
    this.write(
      `xref\n0 ${size}\n${entries.join('')}trailer\n${writeValue(trailer)}\nstartxref\n${xref}\n%%EOF\n`,
    );
    return Buffer.concat(this.chunks, this.length);
  }
}

/** The leaf pages of `doc` in order, each with the attributes it inherits filled in; the tree's inner nodes. */
function leafPages(doc: PdfDocument) {
  const catalog = doc.resolveDict(doc.trailer.get('/Root'));
  const root = catalog?.get('/Pages');
  if (!catalog || !(root instanceof PdfRef)) throw new Error('the PDF has no page tree');
  const pages: { num: number; dict: PdfDict }[] = [];
  const inner: number[] = [];
  const walk = (ref: PdfRef, inherited: Map<string, PdfValue>, depth: number) => {
    if (depth > 64) throw new Error('the page tree is too deep');
    const node = doc.resolveDict(ref);
    if (!node) throw new Error(`page tree node ${ref.num} is not a dictionary`);
    const own = new Map(inherited);
    for (const key of INHERITED) {
      const value = node.get(key);
      if (value !== undefined) own.set(key, value);
    }
    if (nameOf(node.get('/Type')) === '/Pages') {
      inner.push(ref.num);
      const kids = doc.resolve(node.get('/Kids'));
      for (const kid of Array.isArray(kids) ? kids : []) {
        if (kid instanceof PdfRef) walk(kid, own, depth + 1);
      }
      return;
    }
    for (const [key, value] of own) if (!node.has(key)) node.set(key, value);
    pages.push({ num: ref.num, dict: node });
  };
  walk(root, new Map(), 0);
  return { catalog, pages, inner, rootNum: root.num };
}

/** Every entry of a number tree (ISO 32000-1 §7.9.7), in order. */
function numberTreeEntries(doc: PdfDocument, node: PdfDict | null, depth = 0): [number, PdfValue][] {
  if (!node || depth > 32) return [];
  const entries: [number, PdfValue][] = [];
  const nums = doc.resolve(node.get('/Nums'));
  if (Array.isArray(nums)) {
    for (let index = 0; index + 1 < nums.length; index += 2) {
      const key = integerOf(nums[index]);
      if (key !== null) entries.push([key, nums[index + 1]]);
    }
  }
  const kids = doc.resolve(node.get('/Kids'));
  for (const kid of Array.isArray(kids) ? kids : []) {
    entries.push(...numberTreeEntries(doc, doc.resolveDict(kid), depth + 1));
  }
  return entries;
}

function numberTreeNodes(doc: PdfDocument, ref: PdfValue | undefined, into: number[], depth = 0) {
  if (!(ref instanceof PdfRef) || depth > 32) return;
  into.push(ref.num);
  const kids = doc.resolve(doc.resolveDict(ref)?.get('/Kids'));
  for (const kid of Array.isArray(kids) ? kids : []) numberTreeNodes(doc, kid, into, depth + 1);
}

/**
 * The page with its resources (and their font dictionary) inline, so the page-number font can be added to this
 * page alone: an indirect resource dictionary may be shared by other pages.
 */
function inlineResources(doc: PdfDocument, value: PdfValue): PdfValue {
  if (!isDict(value)) return value;
  const resources = doc.resolveDict(value.get('/Resources'));
  if (!resources) return value;
  const inline = new Map(resources);
  const fonts = doc.resolveDict(resources.get('/Font'));
  if (fonts) inline.set('/Font', new Map(fonts));
  const page = new Map(value);
  page.set('/Resources', inline);
  return page;
}

function escapeText(text: string) {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, (char) => `\\${char}`);
}

/** A content stream that writes `label` centred at the foot of a page of `mediaBox`, as an artifact. */
function labelStream(label: string, mediaBox: PdfValue | undefined, fontKey: string, tagged: boolean) {
  const box = Array.isArray(mediaBox) ? mediaBox.map(numberOf) : [];
  const [x0, y0, x1] = box.length === 4 && box.every((n) => n !== null) ? (box as number[]) : [0, 0, 595.92];
  const size = 8;
  const width = (helveticaWidth(label) * size) / 1000;
  const x = (x0 + x1) / 2 - width / 2;
  const y = y0 + 18;
  const text = `BT ${fontKey} ${size} Tf 0.35 0.4 0.45 rg ${x.toFixed(2)} ${y.toFixed(2)} Td (${escapeText(label)}) Tj ET`;
  return Buffer.from(tagged ? `/Artifact <</Type /Pagination>> BDC ${text} EMC` : text, 'latin1');
}

/**
 * Joins PDFs rendered by Chromium into one: their pages in order, under one page tree, each part's objects
 * renumbered after the previous part's. Tagged parts keep their tags: the structure trees become children of
 * one root, and the parent-tree keys of each part move past those of the parts before it. With `pageLabel`,
 * every page gets its number in the joined document (parts cannot know it when they are rendered).
 */
export function joinPdfs(inputs: readonly Uint8Array[], options: JoinOptions = {}): Buffer {
  if (inputs.length === 0) throw new Error('nothing to join');
  let next = 1;
  const allocate = () => next++;
  const pagesRoot = allocate();
  const catalogNum = allocate();
  const structRootNum = allocate();
  const parentTreeNum = allocate();
  const fontNum = allocate();
  const saveNum = allocate();
  const restoreNum = allocate();

  const parts: Part[] = inputs.map((input) => {
    const doc = new PdfDocument(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
    const { catalog, pages, inner } = leafPages(doc);
    const dropped = new Map<number, number>();
    for (const num of inner) dropped.set(num, pagesRoot);
    const rootRef = doc.trailer.get('/Root');
    if (rootRef instanceof PdfRef) dropped.set(rootRef.num, catalogNum);
    let structure: Part['structure'] = null;
    const structRef = catalog.get('/StructTreeRoot');
    const structRoot = doc.resolveDict(structRef);
    if (structRoot && structRef instanceof PdfRef) {
      dropped.set(structRef.num, structRootNum);
      const treeNodes: number[] = [];
      numberTreeNodes(doc, structRoot.get('/ParentTree'), treeNodes);
      for (const num of treeNodes) dropped.set(num, parentTreeNum);
      const kids = doc.resolve(structRoot.get('/K'));
      structure = {
        kids: Array.isArray(kids) ? kids : kids === undefined ? [] : [structRoot.get('/K') as PdfValue],
        nums: numberTreeEntries(doc, doc.resolveDict(structRoot.get('/ParentTree'))),
        nextKey: integerOf(structRoot.get('/ParentTreeNextKey')) ?? 0,
      };
    }
    const renumbered = new Map<number, number>(dropped);
    const kept = new Set<number>();
    for (const num of [...doc.offsets.keys()].sort((a, b) => a - b)) {
      if (dropped.has(num)) continue;
      renumbered.set(num, allocate());
      kept.add(num);
    }
    return { doc, renumbered, kept, pages, structure };
  });

  const tagged = parts.every((part) => part.structure !== null);
  const totalPages = parts.reduce((sum, part) => sum + part.pages.length, 0);
  const out = new Output();
  out.write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');

  const kids: PdfValue[] = [];
  const structKids: PdfValue[] = [];
  const nums: PdfValue[] = [];
  let keyOffset = 0;
  let pageNumber = 0;
  const labels: { num: number; stream: Buffer }[] = [];
  const fontKey = '/JoinedPageNumber';

  for (const part of parts) {
    const { doc, renumbered } = part;
    const ref = (old: PdfRef) => {
      const num = renumbered.get(old.num);
      if (num === undefined) throw new Error(`object ${old.num} is referred to but missing`);
      return new PdfRef(num);
    };
    const pageNums = new Set(part.pages.map((page) => page.num));
    const topLevel = new Set(
      (part.structure?.kids ?? []).flatMap((kid) => (kid instanceof PdfRef ? [kid.num] : [])),
    );
    const shift = keyOffset;
    for (const num of [...doc.offsets.keys()].sort((a, b) => a - b)) {
      if (!part.kept.has(num)) continue;
      const object: PdfObject = doc.get(num);
      let value = mapRefs(pageNums.has(num) ? inlineResources(doc, object.value) : object.value, ref);
      if (isDict(value)) {
        // Keys into the parent tree move past the earlier parts' keys; without tags they mean nothing.
        for (const key of ['/StructParent', '/StructParents']) {
          const old = integerOf(value.get(key));
          if (old === null) continue;
          if (tagged) value.set(key, new PdfAtom(String(old + shift)));
          else value.delete(key);
        }
        if (topLevel.has(num) && tagged) value.set('/P', new PdfRef(structRootNum));
        if (pageNums.has(num)) value = preparePage(value, { labels, pageNumber: ++pageNumber });
      }
      out.object(renumbered.get(num)!, value, object.stream);
    }
    for (const page of part.pages) kids.push(new PdfRef(renumbered.get(page.num)!));
    if (part.structure && tagged) {
      structKids.push(...part.structure.kids.map((kid) => mapRefs(kid, ref)));
      for (const [key, value] of part.structure.nums) {
        nums.push(new PdfAtom(String(key + shift)), mapRefs(value, ref));
      }
      keyOffset += part.structure.nextKey;
    }
  }

  /** Points the page at the joined tree and, with labels, adds its number at the foot. */
  function preparePage(page: PdfDict, at: { labels: typeof labels; pageNumber: number }): PdfDict {
    page.set('/Parent', new PdfRef(pagesRoot));
    if (!options.pageLabel) return page;
    const labelNum = allocate();
    at.labels.push({
      num: labelNum,
      stream: labelStream(
        options.pageLabel(at.pageNumber, totalPages),
        page.get('/MediaBox'),
        fontKey,
        tagged,
      ),
    });
    const contents = page.get('/Contents');
    const original = Array.isArray(contents) ? contents : contents ? [contents] : [];
    // The page's own drawing runs inside q … Q, so whatever state it leaves cannot move the label.
    page.set('/Contents', [new PdfRef(saveNum), ...original, new PdfRef(restoreNum), new PdfRef(labelNum)]);
    page.set('/Resources', withFont(page.get('/Resources')));
    return page;
  }

  function withFont(resources: PdfValue | undefined): PdfDict {
    const dict: PdfDict = isDict(resources) ? new Map(resources) : new Map();
    const fonts = dict.get('/Font');
    const fontDict: PdfDict = isDict(fonts) ? new Map(fonts) : new Map();
    fontDict.set(fontKey, new PdfRef(fontNum));
    dict.set('/Font', fontDict);
    return dict;
  }

  for (const { num, stream } of labels) {
    out.object(num, new Map([['/Length', new PdfAtom(String(stream.length))]]), stream);
  }
  const box = (text: string) => Buffer.from(text, 'latin1');
  out.object(saveNum, new Map([['/Length', new PdfAtom('1')]]), box('q'));
  out.object(restoreNum, new Map([['/Length', new PdfAtom('1')]]), box('Q'));
  out.object(
    fontNum,
    new Map<string, PdfValue>([
      ['/Type', new PdfAtom('/Font')],
      ['/Subtype', new PdfAtom('/Type1')],
      ['/BaseFont', new PdfAtom('/Helvetica')],
      ['/Encoding', new PdfAtom('/WinAnsiEncoding')],
    ]),
  );
  out.object(
    pagesRoot,
    new Map<string, PdfValue>([
      ['/Type', new PdfAtom('/Pages')],
      ['/Count', new PdfAtom(String(kids.length))],
      ['/Kids', kids],
    ]),
  );

  const first = parts[0].doc;
  const firstCatalog = first.resolveDict(first.trailer.get('/Root'))!;
  const catalog: PdfDict = new Map<string, PdfValue>([
    ['/Type', new PdfAtom('/Catalog')],
    ['/Pages', new PdfRef(pagesRoot)],
  ]);
  for (const key of ['/ViewerPreferences', '/Lang']) {
    const value = firstCatalog.get(key);
    if (value !== undefined && !(value instanceof PdfRef)) catalog.set(key, value);
  }
  if (tagged) {
    catalog.set('/MarkInfo', new Map([['/Marked', new PdfAtom('true')]]));
    catalog.set('/StructTreeRoot', new PdfRef(structRootNum));
    out.object(
      structRootNum,
      new Map<string, PdfValue>([
        ['/Type', new PdfAtom('/StructTreeRoot')],
        ['/K', structKids],
        ['/ParentTree', new PdfRef(parentTreeNum)],
        ['/ParentTreeNextKey', new PdfAtom(String(keyOffset))],
      ]),
    );
    out.object(parentTreeNum, new Map<string, PdfValue>([['/Nums', nums]]));
  }
  out.object(catalogNum, catalog);

  const trailer: PdfDict = new Map<string, PdfValue>([['/Root', new PdfRef(catalogNum)]]);
  const info = first.trailer.get('/Info');
  if (info instanceof PdfRef && parts[0].renumbered.has(info.num)) {
    trailer.set('/Info', new PdfRef(parts[0].renumbered.get(info.num)!));
  }
  return out.finish(next, trailer);
}
