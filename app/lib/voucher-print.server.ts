import { randomBytes } from 'node:crypto';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { i18n } from './i18n.server';
import { idOf, requirePaymentStaff } from './payment-access.server';
import { cookiesOf, pdfResponse, PdfRenderError, type PdfCookie } from './pdf.server';
import { pdfConfig } from './pdf/browser.server';
import { joinPdfs } from './pdf/join-pdf.server';
import { printFailure, renderPrintPage } from './print-pdf.server';
import { currentState, TOUCH_EVERY_MS, type PrintJob } from './print-jobs/job.server';
import { printJobStore } from './print-jobs/store.server';
import { requireUser } from './scope.server';
import { paymentApi } from './upstream/payments.server';
import { VOUCHER_PART_MAX, voucherPartPath, voucherParts, type VoucherPart } from './voucher-print';

const printEnvSchema = z.object({
  /** Orders per part of a printed voucher; a voucher of more is printed as a background job. */
  VOUCHER_PRINT_PART_ORDERS: z.coerce.number().int().min(1).max(VOUCHER_PART_MAX).default(400),
});

let partOrders: number | null = null;

function ordersPerPart() {
  partOrders ??= printEnvSchema.parse(process.env).VOUCHER_PRINT_PART_ORDERS;
  return partOrders;
}

/** A part waits for a free PDF page behind other prints; a job can wait longer than a request. */
const JOB_PART_TIMEOUT_MS = 60_000;

type Label = (page: number, pages: number) => string;

/**
 * Renders the parts, as many at once as there are PDF pages, and joins them in order with every page numbered.
 * `onPart` hears of each part as it is done.
 */
async function renderVoucher(input: {
  voucherId: number;
  parts: VoucherPart[];
  cookies: PdfCookie[];
  label: Label;
  timeoutMs?: number;
  onPart?: () => Promise<void>;
}): Promise<Buffer> {
  const pdfs: Uint8Array[] = new Array(input.parts.length);
  let next = 0;
  const worker = async () => {
    while (next < input.parts.length) {
      const index = next++;
      pdfs[index] = await renderPrintPage(
        voucherPartPath(input.voucherId, input.parts[index]),
        input.cookies,
        {
          timeoutMs: input.timeoutMs,
        },
      );
      await input.onPart?.();
    }
  };
  const workers = Math.min(pdfConfig().PDF_CONCURRENCY, input.parts.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return joinPdfs(pdfs, { pageLabel: input.label });
}

async function pageLabel(request: Request): Promise<Label> {
  const t = await i18n.getFixedT(request, 'common');
  return (page, pages) => t('printJob.pageLabel', { page, pages });
}

function filenameOf(voucherId: number) {
  return `bank-payment-voucher-${voucherId}.pdf`;
}

export function printJobPath(voucherId: number, jobId: string) {
  return `/send-payment/${voucherId}/print/${jobId}`;
}

/**
 * Runs a job to its end in this process, keeping its state where every instance reads it: touched while it
 * runs, each part counted, the file saved before the job reads done. Saves go one after another, so a late
 * touch never overwrites the final state.
 */
async function runJob(job: PrintJob, render: (onPart: () => Promise<void>) => Promise<Buffer>) {
  const store = printJobStore();
  let saving: Promise<void> = Promise.resolve();
  const save = (change: Partial<PrintJob>) => {
    Object.assign(job, change, { touchedAt: Date.now() });
    const snapshot = { ...job };
    saving = saving
      .then(() => store.save(snapshot))
      .catch((error: unknown) => {
        console.error(`print job ${job.id}: could not save its state`, error);
      });
    return saving;
  };
  const toucher = setInterval(() => void save({}), TOUCH_EVERY_MS);
  try {
    const file = await render(() => save({ partsDone: job.partsDone + 1 }));
    await store.saveFile(job.id, file);
    await save({ status: 'done' });
  } catch (error) {
    const expired = error instanceof PdfRenderError && error.code === 'redirected';
    if (!expired) console.error(`print job ${job.id} failed`, error);
    await save({ status: 'failed', failure: expired ? 'expired' : 'failed' });
  } finally {
    clearInterval(toucher);
  }
}

/**
 * Cetak Pembayaran (docs/decisions/045): a voucher of one part is rendered and answered at once; a larger one
 * starts a background job on this instance (or joins the one the user already has running for it) and
 * redirects to its progress page.
 */
export async function printVoucher(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const voucherId = idOf(rawId);
  const { user, api } = await requireUser(request, context);
  requirePaymentStaff(user);
  const head = await paymentApi.show(api, { id: voucherId, slice: { offset: 0, limit: 0 } });
  const parts = voucherParts(head.order_count, ordersPerPart());
  const cookies = cookiesOf(request);
  const label = await pageLabel(request);

  if (parts.length === 1) {
    try {
      const file = await renderVoucher({ voucherId, parts, cookies, label });
      return pdfResponse(file, filenameOf(voucherId));
    } catch (error) {
      if (error instanceof PdfRenderError) throw printFailure(error);
      throw error;
    }
  }

  const store = printJobStore();
  const latest = await store.latestFor(user.id, voucherId);
  const running = latest ? await store.get(latest) : null;
  if (running && currentState(running).status === 'running') {
    throw redirect(printJobPath(voucherId, running.id));
  }
  const now = Date.now();
  const job: PrintJob = {
    id: randomBytes(18).toString('base64url'),
    userId: user.id,
    voucherId,
    filename: filenameOf(voucherId),
    status: 'running',
    parts: parts.length,
    partsDone: 0,
    failure: null,
    startedAt: now,
    touchedAt: now,
  };
  await store.save(job);
  await store.setLatestFor(user.id, voucherId, job.id);
  void runJob(job, (onPart) =>
    renderVoucher({ voucherId, parts, cookies, label, timeoutMs: JOB_PART_TIMEOUT_MS, onPart }),
  );
  throw redirect(printJobPath(voucherId, job.id));
}
