import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** An email the server took, parsed as a mail client would read it. */
export type ReceivedEmail = {
  /** The envelope's sender and recipients (RCPT TO). */
  envelopeFrom: string;
  envelopeTo: string[];
  mail: ParsedMail;
};

type Reply = { code: number; text: string };

/**
 * A real SMTP server in the test's process (smtp-server, no TLS, no login), for the shop's real
 * SMTP client. It keeps every message it took in `received`; `refuse(address)` answers that
 * recipient 550 (refused for good) or another code, `deferNext(n)` answers the next n
 * recipients 451 (try again later), and `delayMs` holds each message that long before taking it.
 */
export async function startSmtpServer() {
  const received: ReceivedEmail[] = [];
  const refusals = new Map<string, Reply>();
  let deferrals = 0;
  const state = { delayMs: 0 };

  const reject = ({ code, text }: Reply) => Object.assign(new Error(text), { responseCode: code });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    // The client under test gives up before a stalled test does.
    socketTimeout: 60_000,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (refusal) return callback(reject(refusal));
      if (deferrals > 0) {
        deferrals--;
        return callback(reject({ code: 451, text: "Mailbox busy, try again later" }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
        const mail = await simpleParser(Buffer.concat(chunks));
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          mail,
        });
        callback(null, "Queued");
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** Mail to `address` is refused at RCPT TO with this reply (550 unless given). */
    refuse(address: string, reply: Reply = { code: 550, text: "No such user here" }) {
      refusals.set(address.toLowerCase(), reply);
    },
    /** The next `n` recipients are answered 451: a server that is busy for a while. */
    deferNext(n: number) {
      deferrals = n;
    },
    /** Who received mail, one entry per delivery. */
    recipients: () => received.flatMap((r) => r.envelopeTo),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
