import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AfricasTalkingSms } from "~/modules/messages/africas-talking.server";
import { type OutgoingMessage, PermanentSendError } from "~/modules/messages/sender.server";
import { SmtpEmail } from "~/modules/messages/smtp.server";
import { type SmsEmulator, startSmsEmulator } from "../setup/sms-emulator";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp-server";

/** A message row as the outbox hands it to a provider. */
const outgoing = (fields: Partial<OutgoingMessage>): OutgoingMessage => ({
  id: 1,
  orderId: null,
  kind: "payment_confirmed",
  audience: "shopper",
  channel: "sms",
  recipient: "254712345678",
  subject: "",
  body: "Amani Prints: we got your payment of KSh 2,500 for order 3F9A1C2B.",
  html: null,
  dedupeKey: "k",
  state: "sending",
  attempts: 1,
  nextAttemptAt: new Date(),
  provider: null,
  providerMessageId: null,
  lastError: null,
  sentAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...fields,
});

/** What a send came to: the provider's id, or how it failed. */
const outcome = (send: Promise<{ id: string }>) =>
  send.then(
    ({ id }) => ({ sent: id }),
    (error: Error) => ({
      [error instanceof PermanentSendError ? "permanent" : "transient"]: error.message,
    }),
  );

describe("Africa's Talking SMS client, against the emulator of its contract", () => {
  let emulator: SmsEmulator;
  let sms: AfricasTalkingSms;

  beforeAll(async () => {
    emulator = await startSmsEmulator();
    sms = new AfricasTalkingSms({
      username: emulator.username,
      apiKey: emulator.apiKey,
      senderId: "AMANI",
      baseUrl: emulator.baseUrl,
      timeoutMs: 1000,
    });
  });
  afterAll(() => emulator?.close());

  test("sends to the number in international form, from the sender ID, and keeps the message id", async () => {
    for (const recipient of ["254712345678", "0712 345 678", "+254712345678"]) {
      const result = await outcome(sms.send(outgoing({ recipient })));
      const last = emulator.received.at(-1)!;
      expect(result).toEqual({ sent: last.messageId });
      expect(last).toMatchObject({
        to: "+254712345678",
        from: "AMANI",
        message: "Amani Prints: we got your payment of KSh 2,500 for order 3F9A1C2B.",
      });
    }
  });

  test("an invalid number is refused for good; an unknown address never reaches the API", async () => {
    emulator.refuse("+254700000001");
    expect(await outcome(sms.send(outgoing({ recipient: "254700000001" })))).toEqual({
      permanent: "Africa's Talking refused the number: InvalidPhoneNumber (403).",
    });
    emulator.refuse("+254700000002", { statusCode: 406, status: "UserInBlacklist" });
    expect(await outcome(sms.send(outgoing({ recipient: "254700000002" })))).toEqual({
      permanent: "Africa's Talking refused the number: UserInBlacklist (406).",
    });
    const before = emulator.requests();
    expect(await outcome(sms.send(outgoing({ recipient: "not a number" })))).toEqual({
      permanent: "The recipient is not a phone number.",
    });
    expect(emulator.requests()).toBe(before);
  });

  test("a failing gateway, a per-recipient 500 and a wrong key are worth trying again", async () => {
    emulator.failNext(1);
    expect(await outcome(sms.send(outgoing({})))).toEqual({
      transient: "Africa's Talking answered HTTP 500: Internal Server Error.",
    });
    emulator.failNext(1, 503);
    expect(await outcome(sms.send(outgoing({})))).toHaveProperty("transient");
    emulator.refuse("+254700000003", { statusCode: 500, status: "InternalServerError" });
    expect(await outcome(sms.send(outgoing({ recipient: "254700000003" })))).toEqual({
      transient: "Africa's Talking could not send it this time: InternalServerError (500).",
    });
    const wrongKey = new AfricasTalkingSms({
      username: emulator.username,
      apiKey: "not-the-key",
      baseUrl: emulator.baseUrl,
    });
    expect(await outcome(wrongKey.send(outgoing({})))).toEqual({
      transient: "Africa's Talking refused the API key (HTTP 401): check AT_API_KEY.",
    });
  });

  test("an answer that takes too long is given up and tried again later", async () => {
    emulator.state.delayMs = 3000;
    try {
      const before = emulator.received.length;
      expect(await outcome(sms.send(outgoing({})))).toEqual({
        transient: "Africa's Talking did not answer within 1 s.",
      });
      expect(emulator.received.length).toBe(before);
    } finally {
      emulator.state.delayMs = 0;
    }
  });

  test("an endless answer is not read past its limit", async () => {
    const endless = http.createServer((_req, res) => {
      res.writeHead(201, { "Content-Type": "application/json" });
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      const more = () => {
        while (res.write(chunk)) {}
      };
      res.on("drain", more);
      more();
    });
    await new Promise<void>((r) => endless.listen(0, "127.0.0.1", r));
    try {
      const client = new AfricasTalkingSms({
        username: "amani",
        apiKey: "k",
        baseUrl: `http://127.0.0.1:${(endless.address() as AddressInfo).port}`,
      });
      expect(await outcome(client.send(outgoing({})))).toEqual({
        transient: "Africa's Talking's answer was longer than 65536 bytes.",
      });
    } finally {
      endless.closeAllConnections();
      endless.close();
    }
  });

  test("the username `sandbox` goes to Africa's Talking's sandbox unless a base URL is given", async () => {
    const asked: string[] = [];
    const recording = (async (url: string) => {
      asked.push(url);
      return new Response("{}", { status: 500 });
    }) as unknown as typeof fetch;
    await outcome(
      new AfricasTalkingSms({ username: "sandbox", apiKey: "k", fetch: recording }).send(
        outgoing({}),
      ),
    );
    await outcome(
      new AfricasTalkingSms({ username: "amani", apiKey: "k", fetch: recording }).send(
        outgoing({}),
      ),
    );
    expect(asked).toEqual([
      "https://api.sandbox.africastalking.com/version1/messaging",
      "https://api.africastalking.com/version1/messaging",
    ]);
  });
});

describe("SMTP email client, against a real SMTP server", () => {
  let server: TestSmtpServer;
  let email: SmtpEmail;
  const message = (to: string) =>
    outgoing({
      channel: "email",
      recipient: to,
      subject: "Order 3F9A1C2B: payment received",
      body: "Hello Akinyi,\n\nThank you!",
      html: "<!DOCTYPE html><html><body><p>Hello Akinyi,</p><p>Thank you!</p></body></html>",
    });

  beforeAll(async () => {
    server = await startSmtpServer();
    email = new SmtpEmail({
      url: server.url,
      from: "Amani Prints <orders@amaniprints.test>",
      timeoutMs: 1000,
    });
  });
  afterAll(async () => {
    email?.close();
    await server?.close();
  });

  test("delivers the subject, a plain-text part and an HTML part from the shop's address", async () => {
    const result = await outcome(email.send(message("akinyi@example.co.ke")));
    const got = server.received.at(-1)!;
    expect(result).toEqual({ sent: got.mail.messageId });
    expect(got.envelopeTo).toEqual(["akinyi@example.co.ke"]);
    expect(got.mail.from?.text).toBe('"Amani Prints" <orders@amaniprints.test>');
    expect(got.mail.subject).toBe("Order 3F9A1C2B: payment received");
    expect(got.mail.text?.trim()).toBe("Hello Akinyi,\n\nThank you!");
    expect(got.mail.html).toContain("<p>Thank you!</p>");
  });

  test("a refused recipient fails for good; a busy server and no server are tried again", async () => {
    server.refuse("nobody@example.co.ke");
    expect(await outcome(email.send(message("nobody@example.co.ke")))).toEqual({
      permanent: expect.stringMatching(
        /^The mail server did not take it \(550\): .*No such user here/,
      ),
    });
    server.deferNext(1);
    expect(await outcome(email.send(message("akinyi@example.co.ke")))).toEqual({
      transient: expect.stringMatching(/^The mail server did not take it \(451\)/),
    });
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const nowhere = new SmtpEmail({ url: `smtp://127.0.0.1:${port}`, from: "a@b.test" });
    expect(await outcome(nowhere.send(message("akinyi@example.co.ke")))).toHaveProperty(
      "transient",
    );
  });
});
