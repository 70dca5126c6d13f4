import nodemailer, { type Transporter } from "nodemailer";
import { type MessageProvider, type OutgoingMessage, PermanentSendError } from "./sender.server";

/** The name messages record for email sent over SMTP. */
export const SMTP = "smtp";

export type SmtpOptions = {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465 (TLS). */
  url: string;
  /** The From header: "Name <address>", an address, or the two apart. */
  from: string | { name: string; address: string };
  /** Limits on each stage of one delivery, so a stalled server never holds the sender. */
  timeoutMs?: number;
};

type SmtpError = Error & { code?: string; responseCode?: number; permanent?: boolean };

/**
 * Email through any SMTP server, with nodemailer. A reply that refuses the message for good (5xx,
 * such as an unknown recipient; nodemailer marks it `permanent`) is a PermanentSendError; a 4xx,
 * a dropped or refused connection and a timeout are retried by the outbox. A refused login is
 * retried too: it is the shop's setting that is wrong, not the message.
 */
export class SmtpEmail implements MessageProvider {
  readonly name = SMTP;
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpOptions) {
    const timeout = options.timeoutMs ?? 20_000;
    this.transport = nodemailer.createTransport({
      url: options.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
    });
  }

  async send(message: OutgoingMessage): Promise<{ id: string }> {
    try {
      const info = await this.transport.sendMail({
        from: this.options.from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
      });
      return { id: String(info.messageId ?? "") };
    } catch (error) {
      const e = error as SmtpError;
      const reply = e.responseCode ? ` (${e.responseCode})` : "";
      const sentence = `The mail server did not take it${reply}: ${e.message}`.slice(0, 300);
      const login = e.code === "EAUTH" || e.code === "ENOAUTH";
      if (e.permanent === true && !login) throw new PermanentSendError(sentence);
      throw new Error(sentence);
    }
  }

  close() {
    this.transport.close();
  }
}
