import { describe, expect, it, vi } from 'vitest';
import { createInFlight } from './inFlight';

describe('createInFlight', () => {
  it('runs the task once for two calls with the same key while it is pending', async () => {
    const run = createInFlight<string>();
    const task = vi.fn(async () => 'movie-1');
    const [first, second] = await Promise.all([run('t:u', task), run('t:u', task)]);
    expect(task).toHaveBeenCalledTimes(1);
    expect([first, second]).toEqual(['movie-1', 'movie-1']);
  });

  it('runs tasks with different keys separately', async () => {
    const run = createInFlight<string>();
    const task = vi.fn(async () => 'x');
    await Promise.all([run('a', task), run('b', task)]);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('lets the same key run again after a failure', async () => {
    const run = createInFlight<string>();
    await expect(run('k', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    await expect(run('k', async () => 'ok')).resolves.toBe('ok');
  });
});
