/** Connection-level codes: the database went away (restart, failover, network), not the query's fault. */
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATE_CLASSES = ['08', '57P'];

function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

/** Whether `error` (or what caused it) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown) {
  return causesOf(error).some((cause) => {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (NODE_CODES.has(code) || SQLSTATE_CLASSES.some((c) => code.startsWith(c)))
    ) {
      return true;
    }
    return (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
        message,
      )
    );
  });
}
