/** A print rendered in the background (docs/decisions/045), as every web instance reads it. */
export type PrintJob = {
  id: string;
  userId: number;
  voucherId: number;
  filename: string;
  status: 'running' | 'done' | 'failed';
  parts: number;
  partsDone: number;
  /** Why it failed, as a key of the `printJob` translations. */
  failure: 'interrupted' | 'expired' | 'failed' | null;
  startedAt: number;
  /** Touched by the instance running it while it runs; a running job not touched for STALE_MS was lost. */
  touchedAt: number;
};

export type PrintJobStore = {
  save(job: PrintJob): Promise<void>;
  get(id: string): Promise<PrintJob | null>;
  saveFile(id: string, bytes: Uint8Array): Promise<void>;
  readFile(id: string): Promise<Buffer | null>;
  /** The job the user last started for a voucher, to join it instead of starting another. */
  latestFor(userId: number, voucherId: number): Promise<string | null>;
  setLatestFor(userId: number, voucherId: number, id: string): Promise<void>;
};

/** A job's state and file are kept this long after it starts; a user downloads within minutes. */
export const JOB_TTL_SECONDS = 60 * 60;
/** The running instance touches its job at least this often… */
export const TOUCH_EVERY_MS = 5_000;
/** …so a running job untouched for this long belongs to an instance that stopped. */
export const STALE_MS = 30_000;

/** A running job that nobody has touched for STALE_MS reads as failed: its instance went away. */
export function currentState(job: PrintJob, now = Date.now()): PrintJob {
  if (job.status === 'running' && now - job.touchedAt > STALE_MS) {
    return { ...job, status: 'failed', failure: 'interrupted' };
  }
  return job;
}
