import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";

/** An SMS the emulator took: what a phone would receive. */
export type ReceivedSms = {
  to: string;
  message: string;
  from: string | undefined;
  messageId: string;
};

/** A per-recipient answer other than "Success" for one number. */
type Refusal = { statusCode: number; status: string };

/**
 * Africa's Talking's SMS API as the shared contract describes it (POST /version1/messaging,
 * form-encoded, the `apiKey` header, 201 with a status per recipient), on an HTTP server of its
 * own. It keeps what it took in `received`, and can be told to fail: `failNext(n)` answers the
 * next n requests with HTTP 500, `refuse(number)` answers that number 403 InvalidPhoneNumber (or
 * another code), and `delayMs` holds every answer that long.
 */
export async function startSmsEmulator({ username = "amani", apiKey = "at-emulator-key" } = {}) {
  const received: ReceivedSms[] = [];
  const refusals = new Map<string, Refusal>();
  let failures = 0;
  let failWith = 500;
  let requests = 0;
  const state = { delayMs: 0 };

  const app = express();
  app.post(
    "/version1/messaging",
    express.urlencoded({ extended: false, limit: "32kb" }),
    async (req, res) => {
      requests++;
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (failures > 0) {
        failures--;
        res.status(failWith).type("text").send("Internal Server Error");
        return;
      }
      if (req.get("apikey") !== apiKey) {
        res.status(401).type("text").send("The supplied authentication is invalid");
        return;
      }
      const form = (req.body ?? {}) as Record<string, string | undefined>;
      for (const field of ["username", "to", "message"]) {
        if (!form[field]) {
          res.status(400).type("text").send(`Request is missing required form field '${field}'`);
          return;
        }
      }
      if (form.username !== username) {
        res.status(401).type("text").send("The supplied authentication is invalid");
        return;
      }
      const numbers = form.to!.split(",").map((n) => n.trim());
      const recipients = numbers.map((number) => {
        const refusal =
          refusals.get(number) ??
          // The API takes numbers in international form only.
          (/^\+\d{10,15}$/.test(number)
            ? undefined
            : { statusCode: 403, status: "InvalidPhoneNumber" });
        if (refusal) return { ...refusal, number, cost: "0", messageId: "None" };
        const messageId = `ATXid_${randomBytes(12).toString("hex")}`;
        received.push({ to: number, message: form.message!, from: form.from, messageId });
        return { statusCode: 101, number, status: "Success", cost: "KES 0.8000", messageId };
      });
      const sent = recipients.filter((r) => r.statusCode === 101).length;
      res.status(201).json({
        SMSMessageData: {
          Message: `Sent to ${sent}/${numbers.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`,
          Recipients: recipients,
        },
      });
    },
  );

  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    username,
    apiKey,
    received,
    state,
    /** How many requests arrived, answered or not. */
    requests: () => requests,
    /** The next `n` requests get HTTP `status` (500 unless given) and send nothing. */
    failNext(n: number, status = 500) {
      failures = n;
      failWith = status;
    },
    /** Messages to `number` (+254...) get this per-recipient answer instead of being sent. */
    refuse(number: string, refusal: Refusal = { statusCode: 403, status: "InvalidPhoneNumber" }) {
      refusals.set(number, refusal);
    },
    /** Messages to `number` are taken again. */
    accept(number: string) {
      refusals.delete(number);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SmsEmulator = Awaited<ReturnType<typeof startSmsEmulator>>;
