import { format } from 'node:util';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// A console.error during a test is a server error (the API logs every 500 this way) or a broken promise: fail the test.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${calls.map((args) => format(...args)).join('\n')}`,
    );
  }
});
