import { describe, expect, it } from 'vitest';
import { createKeyedTurns, createTurns } from '../../api/http/turns';

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

describe('createKeyedTurns', () => {
  it('runs one job per key at a time while other keys go on, and takes a key up again after it is forgotten', async () => {
    const inTurnOf = createKeyedTurns(1);
    const log: string[] = [];
    const states = { alice: { running: 0, most: 0 }, bob: { running: 0, most: 0 } };
    const first = gatedJob(log, 'alice 1', states.alice);
    const second = gatedJob(log, 'alice 2', states.alice);
    const other = gatedJob(log, 'bob 1', states.bob);
    const results = [inTurnOf('alice', first.job), inTurnOf('alice', second.job), inTurnOf('bob', other.job)];
    await tick();
    expect(log).toEqual(['start alice 1', 'start bob 1']);
    first.finish();
    await tick();
    expect(log).toEqual(['start alice 1', 'start bob 1', 'start alice 2']);
    second.finish();
    other.finish();
    expect(await Promise.all(results)).toEqual(['alice 1', 'alice 2', 'bob 1']);
    expect(states.alice.most).toBe(1);
    const again = gatedJob(log, 'alice 3', states.alice);
    const result = inTurnOf('alice', again.job);
    await tick();
    expect(log.at(-1)).toBe('start alice 3');
    again.finish();
    await expect(result).resolves.toBe('alice 3');
  });
});
