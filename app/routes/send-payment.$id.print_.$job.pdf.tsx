import type { LoaderFunctionArgs } from '@remix-run/node';
import { pdfResponse } from '~/lib/pdf.server';
import { requireOwnPrintJob } from '~/lib/print-jobs/job-access.server';
import { printJobStore } from '~/lib/print-jobs/store.server';

/** The file of a finished print job (docs/decisions/045), from whichever instance rendered it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const job = await requireOwnPrintJob(request, context, params);
  const file = job.status === 'done' ? await printJobStore().readFile(job.id) : null;
  if (!file) throw new Response('Not Found', { status: 404 });
  return pdfResponse(file, job.filename);
}
