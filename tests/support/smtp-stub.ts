import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server on 127.0.0.1 (random port) that keeps the mail it accepts. Scriptable:
 * `setMode('refuse')` answers every recipient with 451 (try again later); `setDelay(ms)` answers
 * each step late; `stop()` closes the
 * port (connections are refused) and `start()` opens the same port again.
 */
export async function startSmtpStub() {
  const mails: ReceivedMail[] = [];
  let refusals = 0;
  let mode: 'ok' | 'refuse' = 'ok';
  let delayMs = 0;
  /** Answers `callback` `delayMs` late (a slow server: each step of the conversation waits). */
  const late = (callback: () => void) => (delayMs > 0 ? setTimeout(callback, delayMs) : callback());
  let port = 0;
  let server: SMTPServer | undefined;

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        late(() => callback());
      },
      onMailFrom(_address, _session, callback) {
        late(() => callback());
      },
      onRcptTo(_address, _session, callback) {
        if (mode === 'ok') return late(() => callback());
        refusals += 1;
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          late(() => callback());
        });
      },
    });
    // A client killed mid-message (the fault tests SIGKILL the server while it sends) resets its
    // connection: an expected event, which SMTPServer reports as an 'error' on itself.
    server.on('error', () => undefined);
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', () => resolve()));
    port = (listening.server.address() as AddressInfo).port;
  }

  async function stop() {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get refusals() {
      return refusals;
    },
    setMode(next: 'ok' | 'refuse') {
      mode = next;
    },
    /** Each step (the greeting, MAIL FROM, RCPT TO, the end of the data) answers `ms` late; 0: at once. */
    setDelay(ms: number) {
      delayMs = ms;
    },
    start,
    stop,
    close: stop,
  };
}

export type SmtpStub = Awaited<ReturnType<typeof startSmtpStub>>;
