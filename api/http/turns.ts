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

/**
 * Turns kept apart by key (an account, say): each key runs at most `atOnce` jobs at a time, the others of that
 * key waiting in arrival order; a key with nothing running or waiting is forgotten.
 */
export function createKeyedTurns(atOnce: number) {
  const byKey = new Map<string, { inTurn: ReturnType<typeof createTurns>; jobs: number }>();

  return async function inTurnOf<T>(key: string, job: () => Promise<T>): Promise<T> {
    let turns = byKey.get(key);
    if (!turns) {
      turns = { inTurn: createTurns(atOnce), jobs: 0 };
      byKey.set(key, turns);
    }
    turns.jobs += 1;
    try {
      return await turns.inTurn(job);
    } finally {
      turns.jobs -= 1;
      if (turns.jobs === 0) byKey.delete(key);
    }
  };
}
