import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpReceiver {
  url: string;
  messages: ParsedMail[];
  /** The next `count` messages are refused with a temporary error. */
  refuseNext(count: number): void;
  /**
   * From now on, a message is read but not answered until refuseHeld(), which refuses each
   * with a temporary error and keeps none: a sender killed meanwhile never had its message
   * accepted, and the others send theirs again later. refuseHeld answers how many it refused.
   */
  hold(): void;
  refuseHeld(): number;
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** The first message accepted (already or later) that `matches`. */
  waitForMessage(
    matches: (message: ParsedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ParsedMail>;
  close(): Promise<void>;
}

export interface SmtpReceiverOptions {
  /** Called as each message is accepted (the benchmark times arrivals with it). */
  onMessage?: (message: ParsedMail) => void;
}

/** A real SMTP server on loopback that keeps every message it accepts, parsed. */
export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const messages: ParsedMail[] = [];
  let refusals = 0;
  let holding = false;
  const held: ((error: Error) => void)[] = [];
  const busy = () => Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () => callback(busy()));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          if (holding) {
            held.push(callback);
            return;
          }
          messages.push(parsed);
          options.onMessage?.(parsed);
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed mid-message (the crash tests kill the API) resets its connection; that is
  // the sender's event, not the receiver's failure.
  server.on('error', () => {});
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(count) {
      refusals = count;
    },
    hold() {
      holding = true;
    },
    refuseHeld() {
      holding = false;
      const refused = held.splice(0);
      for (const answer of refused) answer(busy());
      return refused.length;
    },
    async waitForMessages(count, timeoutMs = 10_000) {
      const started = Date.now();
      while (messages.length < count) {
        if (Date.now() - started > timeoutMs) {
          throw new Error(`expected ${count} messages, received ${messages.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    async waitForMessage(matches, timeoutMs = 10_000) {
      const started = Date.now();
      for (;;) {
        const found = messages.find(matches);
        if (found) return found;
        if (Date.now() - started > timeoutMs) {
          throw new Error(`no matching message among ${messages.length} within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
