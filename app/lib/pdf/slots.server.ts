export type Release = () => void;

export type Lease<T> = { item: T; release: Release };

/**
 * A pool of `items` lent one caller at a time, with a FIFO queue of waiters. `acquire` resolves to a lease once
 * an item is free, or to null when none frees up within `waitMs`, so a burst of requests is answered "busy"
 * instead of piling up behind a stuck render. The item freed last is lent first: under light load the same
 * warm one does the work.
 */
export function createSlots<T>(items: readonly T[]) {
  const free = [...items];
  const waiting: Array<(item: T) => void> = [];

  function lend(item: T): Lease<T> {
    let released = false;
    return {
      item,
      release: () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next(item);
        else free.push(item);
      },
    };
  }

  function acquire(waitMs: number): Promise<Lease<T> | null> {
    const item = free.pop();
    if (item !== undefined) return Promise.resolve(lend(item));
    return new Promise((resolve) => {
      const wake = (freed: T) => {
        clearTimeout(timer);
        resolve(lend(freed));
      };
      const timer = setTimeout(() => {
        const index = waiting.indexOf(wake);
        if (index >= 0) waiting.splice(index, 1);
        resolve(null);
      }, waitMs);
      waiting.push(wake);
    });
  }

  return { acquire };
}
