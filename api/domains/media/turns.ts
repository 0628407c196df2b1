/**
 * Runs at most `atOnce` of the jobs given to it at a time, the others waiting their turn in arrival order.
 */
export function createTurns(atOnce: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  return async function inTurn<T>(job: () => Promise<T>): Promise<T> {
    if (running < atOnce) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      // A finished job hands its place straight to the next, so a newcomer cannot slip in between.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
