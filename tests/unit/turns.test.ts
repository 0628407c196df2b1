import { describe, expect, it } from 'vitest';
import { createTurns } from '../../api/domains/media/turns';

/** A job that runs until the test lets it finish. */
function gatedJob(log: string[], name: string, state: { running: number; most: number }) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const job = async () => {
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    log.push(`start ${name}`);
    await done;
    state.running -= 1;
    return name;
  };
  return { job, finish };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createTurns', () => {
  it('runs at most the given number at once, the rest in arrival order as places free up', async () => {
    const inTurn = createTurns(2);
    const log: string[] = [];
    const state = { running: 0, most: 0 };
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((name) => gatedJob(log, name, state));
    const results = jobs.map(({ job }) => inTurn(job));
    await tick();
    expect(log).toEqual(['start a', 'start b']);

    jobs[1].finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    // A job arriving now queues behind the two already waiting.
    const late = gatedJob(log, 'f', state);
    const lateResult = inTurn(late.job);
    jobs[0].finish();
    await tick();
    expect(log.at(-1)).toBe('start d');

    for (const { finish } of [...jobs, late]) finish();
    expect(await Promise.all([...results, lateResult])).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d', 'start e', 'start f']);
    expect(state.most).toBe(2);
  });

  it('gives the place of a failed job to the next one and passes the failure on', async () => {
    const inTurn = createTurns(1);
    const failed = inTurn(() => Promise.reject(new Error('not an image')));
    const next = inTurn(async () => 'next');
    await expect(failed).rejects.toThrow('not an image');
    await expect(next).resolves.toBe('next');
  });
});
