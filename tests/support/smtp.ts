import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpReceiver = {
  url: string;
  port: number;
  messages: ParsedMail[];
  waitForMessage(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
};

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  function find(to: string) {
    return messages.find((mail) => JSON.stringify(mail.to).toLowerCase().includes(to.toLowerCase()));
  }

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    async waitForMessage(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find(to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
