import { Transform, type TransformCallback } from 'node:stream';

/**
 * React writes a page in 2 KB pieces. Passing on what arrived within one turn of the event loop as a single
 * chunk spares each piece its trip through the web stream, the response and a socket write; what a Suspense
 * boundary sends later still streams as it comes.
 */
export class CoalescingStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.release();
    callback();
  }

  private release() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }
}
