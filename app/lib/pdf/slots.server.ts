export type Release = () => void;

/**
 * A counting semaphore with a FIFO queue. `acquire` resolves to a release function once a slot is free,
 * or to null when none frees up within `waitMs`, so a burst of requests is answered "busy" instead of
 * piling up behind a stuck render.
 */
export function createSlots(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];

  function grant(): Release {
    active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active -= 1;
      waiting.shift()?.();
    };
  }

  function acquire(waitMs: number): Promise<Release | null> {
    if (active < limit) return Promise.resolve(grant());
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(grant());
      };
      const timer = setTimeout(() => {
        const index = waiting.indexOf(wake);
        if (index >= 0) waiting.splice(index, 1);
        resolve(null);
      }, waitMs);
      waiting.push(wake);
    });
  }

  return { acquire, limit };
}
