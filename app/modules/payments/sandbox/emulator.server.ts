import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import express, { type Request, type Response, type Router } from "express";
import { escapeHtml } from "~/utils/escape-html";

/**
 * A Pesapal API 3.0 sandbox that runs inside the shop (or on its own in tests), because the
 * machines that build and test the shop cannot reach Pesapal. It follows the same contract as the
 * real service: bearer tokens that expire after 5 minutes, IPN registration, SubmitOrderRequest,
 * GetTransactionStatus with status "200" as a string and an error object with null fields, and a
 * hosted payment page where a tester picks a method and an outcome. It then redirects the browser
 * to callback_url and calls the registered IPN URL by GET or POST.
 *
 * In demo mode it is open to the internet, so the payment page and its controls act only on the
 * order whose payment address the browser was given: that address carries a random token (192
 * bits) that only the shop's SubmitOrderRequest answer reveals. Nothing lists orders. Tests drive
 * a payment without a browser by posting to that address plus /complete, /fail, /reverse or
 * /ipn (replays, delays), as a browser that followed the redirect would.
 *
 * It has two halves, so that the shop can mount them on either side of its CSRF check: `api`,
 * Pesapal's JSON API (called by the shop's own client, and answering a JSON 404 for any unknown
 * path, as Pesapal does), and `pages`, the payment pages a browser posts to. `router` is both.
 * Its state is in memory: it is a demo and test double, never a record of real payments. In demo
 * mode anyone may start orders for as long as the shop runs, so what it holds is bounded: orders
 * older than a day and tokens past their expiry are forgotten, and past a cap the oldest go first.
 */
export type EmulatorOptions = {
  /** The address shoppers' browsers reach the emulator at (for redirect_url). */
  publicBaseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Milliseconds before an IPN is sent after a payment outcome (tests set this per order too). */
  ipnDelayMs?: number;
  fetch?: typeof fetch;
  /** Called when an IPN delivery fails, for the log. */
  onIpnError?: (error: unknown) => void;
  /** At most this many orders are kept (1000 by default); the oldest are forgotten first. */
  maxOrders?: number;
  /** The clock (tests move it). */
  now?: () => number;
};

type Ipn = { id: string; url: string; type: "GET" | "POST"; created: string };
type Order = {
  trackingId: string;
  reference: string;
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
  notificationId: string;
  billing: Record<string, unknown>;
  statusCode: 0 | 1 | 2 | 3;
  paymentMethod: string | null;
  confirmationCode: string | null;
  paymentAccount: string | null;
  created: string;
  createdAt: number;
  /** The secret part of the payment page's address. */
  payToken: string;
  /** Tests may make the status answer a different amount, to check the shop refuses it. */
  reportedAmount?: number;
  /** The processor's words for a failed payment, passed on in the status answer's description. */
  failureDescription?: string;
  /** The refund Pesapal took for the payment (one per payment). */
  refund?: { amount: number; username: string; remarks: string };
};

/**
 * What a failed payment's status says, as Pesapal passes on the processor's words: a card
 * refused by its bank, an M-Pesa prompt cancelled on the phone.
 */
const FAILURE_DESCRIPTIONS = {
  mpesa: "Request cancelled by user",
  visa: "Unable to Authorize Transaction.Kindly contact your bank for assistance",
  mastercard: "Unable to Authorize Transaction.Kindly contact your bank for assistance",
} as const;

/** An IPN registration as Pesapal describes it. */
const ipnView = (ipn: Ipn) => ({
  url: ipn.url,
  created_date: ipn.created,
  ipn_id: ipn.id,
  notification_type: ipn.type === "GET" ? 0 : 1,
  ipn_notification_type_description: ipn.type,
  ipn_status: 1,
  ipn_status_description: "Active",
  error: null,
  status: "200",
});

const METHODS = { mpesa: "MpesaKE", visa: "Visa", mastercard: "MasterCard" } as const;
type MethodId = keyof typeof METHODS;

const nullError = { error_type: null, code: null, message: null, call_back_url: null };
const fail = (res: Response, status: number, code: string, message: string) =>
  res
    .status(status)
    .json({ error: { error_type: "api_error", code, message }, status: String(status) });
const notFound = (res: Response) =>
  fail(res, 404, "not_found", "The requested resource was not found");

const digest = (value: string) => createHash("sha256").update(value).digest();

const TOKEN_MS = 5 * 60_000;
/** A demo payment nobody finished within a day is not coming back. */
const ORDER_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_TOKENS = 10_000;
/** The shop registers one IPN URL per process start; a handful is plenty. */
const MAX_IPNS = 100;

/** Drops a map's oldest entries (insertion order) until it has room for one more. */
function makeRoom<K, V>(map: Map<K, V>, max: number, expired: (value: V) => boolean) {
  for (const [key, value] of map) {
    if (map.size < max && !expired(value)) break;
    map.delete(key);
  }
}

export type PesapalEmulator = {
  api: Router;
  pages: Router;
  router: Router;
  /** How many of each it holds (tests check the bounds). */
  held: () => { tokens: number; ipns: number; orders: number };
};

export function createPesapalEmulator(options: EmulatorOptions): PesapalEmulator {
  const tokens = new Map<string, number>();
  const ipns = new Map<string, Ipn>();
  /** OrderTrackingId -> order; insertion order is age. */
  const orders = new Map<string, Order>();
  const now = options.now ?? Date.now;
  const maxOrders = Math.max(1, options.maxOrders ?? 1000);
  const orderExpired = (order: Order) => order.createdAt < now() - ORDER_MAX_AGE_MS;
  const fetchImpl = options.fetch ?? fetch;
  const api = express.Router();
  api.use("/api", express.json({ limit: "64kb" }));

  const authorised = (req: Request, res: Response) => {
    const token = req.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
    const expires = tokens.get(token);
    if (!expires || expires < now()) {
      fail(res, 401, "invalid_token", "Invalid or expired token");
      return false;
    }
    return true;
  };

  api.post("/api/Auth/RequestToken", (req, res) => {
    const { consumer_key, consumer_secret } = req.body ?? {};
    if (consumer_key !== options.consumerKey || consumer_secret !== options.consumerSecret) {
      return fail(
        res,
        401,
        "invalid_consumer_key_or_secret_provided",
        "Invalid consumer key or secret",
      );
    }
    const token = randomUUID().replaceAll("-", "") + randomUUID().replaceAll("-", "");
    const expires = now() + TOKEN_MS;
    // Every token lives as long, so insertion order is expiry order.
    makeRoom(tokens, MAX_TOKENS, (at) => at < now());
    tokens.set(token, expires);
    res.json({
      token,
      expiryDate: new Date(expires).toISOString(),
      error: null,
      status: "200",
      message: "Request processed successfully",
    });
  });

  api.post("/api/URLSetup/RegisterIPN", (req, res) => {
    if (!authorised(req, res)) return;
    const { url, ipn_notification_type } = req.body ?? {};
    if (
      typeof url !== "string" ||
      !URL.canParse(url) ||
      !["GET", "POST"].includes(ipn_notification_type)
    ) {
      return fail(
        res,
        400,
        "invalid_ipn",
        "A valid url and ipn_notification_type (GET or POST) are required",
      );
    }
    const ipn: Ipn = {
      id: randomUUID(),
      url,
      type: ipn_notification_type,
      created: new Date(now()).toISOString(),
    };
    makeRoom(ipns, MAX_IPNS, () => false);
    ipns.set(ipn.id, ipn);
    res.json(ipnView(ipn));
  });

  api.get("/api/URLSetup/GetIpnList", (req, res) => {
    if (!authorised(req, res)) return;
    res.json([...ipns.values()].map(ipnView));
  });

  api.post("/api/Transactions/SubmitOrderRequest", (req, res) => {
    if (!authorised(req, res)) return;
    const body = req.body ?? {};
    const billing = body.billing_address ?? {};
    const problems = [
      typeof body.id !== "string" || !/^[A-Za-z0-9-]{1,50}$/.test(body.id) ? "id" : null,
      body.currency !== "KES" ? "currency" : null,
      typeof body.amount !== "number" || !(body.amount > 0) ? "amount" : null,
      typeof body.description !== "string" || !body.description || body.description.length > 100
        ? "description"
        : null,
      typeof body.callback_url !== "string" || !URL.canParse(body.callback_url)
        ? "callback_url"
        : null,
      !ipns.has(body.notification_id) ? "notification_id" : null,
      !billing.email_address && !billing.phone_number ? "billing_address" : null,
    ].filter(Boolean);
    if (problems.length)
      return fail(res, 400, "invalid_request", `Invalid fields: ${problems.join(", ")}`);
    if ([...orders.values()].some((o) => o.reference === body.id)) {
      return fail(
        res,
        400,
        "duplicate_order_reference",
        "The merchant reference has already been used",
      );
    }
    const order: Order = {
      trackingId: randomUUID(),
      reference: body.id,
      amount: body.amount,
      currency: body.currency,
      description: body.description,
      callbackUrl: body.callback_url,
      notificationId: body.notification_id,
      billing,
      statusCode: 0,
      paymentMethod: null,
      confirmationCode: null,
      paymentAccount: null,
      created: new Date(now()).toISOString(),
      createdAt: now(),
      payToken: randomBytes(24).toString("base64url"),
    };
    makeRoom(orders, maxOrders, orderExpired);
    orders.set(order.trackingId, order);
    res.json({
      order_tracking_id: order.trackingId,
      merchant_reference: order.reference,
      redirect_url: `${options.publicBaseUrl}/pay/${order.trackingId}/${order.payToken}`,
      error: null,
      status: "200",
    });
  });

  api.get("/api/Transactions/GetTransactionStatus", (req, res) => {
    if (!authorised(req, res)) return;
    const order = orders.get(String(req.query.orderTrackingId ?? ""));
    if (!order)
      return fail(res, 404, "order_not_found", "No transaction with that OrderTrackingId");
    const description = ["INVALID", "COMPLETED", "FAILED", "REVERSED"][order.statusCode]!;
    const unpaid = order.statusCode === 0;
    res.json({
      payment_method: order.paymentMethod ?? "",
      amount: order.reportedAmount ?? order.amount,
      created_date: order.created,
      confirmation_code: order.confirmationCode ?? "",
      payment_status_description: order.statusCode === 1 ? "Completed" : description,
      description: unpaid
        ? "Pending Payment"
        : (order.failureDescription ?? `Payment ${description.toLowerCase()}`),
      message: unpaid ? "Pending Payment" : "Request processed successfully",
      payment_account: order.paymentAccount ?? "",
      call_back_url: order.callbackUrl,
      status_code: order.statusCode,
      merchant_reference: order.reference,
      payment_status_code: "",
      currency: order.currency,
      // Pesapal answers an order not paid yet as an error, not as a success with code 0.
      error: unpaid
        ? {
            error_type: "api_error",
            code: "payment_details_not_found",
            message: "Pending Payment",
            call_back_url: order.callbackUrl,
          }
        : nullError,
      status: unpaid ? "500" : "200",
    });
  });

  // A refund of a completed payment: cards in part or in full, mobile money in full only, one per
  // payment. Third-party clients send the amount as a number or a string ("1450.00").
  api.post("/api/Transactions/RefundRequest", (req, res) => {
    if (!authorised(req, res)) return;
    const { confirmation_code, amount, username, remarks } = req.body ?? {};
    const code = typeof confirmation_code === "string" ? confirmation_code : "";
    const order = code
      ? [...orders.values()].find((o) => o.confirmationCode === code && o.statusCode === 1)
      : undefined;
    if (!order) {
      return fail(res, 400, "refund_not_allowed", "Only completed payments can be refunded");
    }
    const asked = typeof amount === "number" ? amount : Number(String(amount ?? "").trim());
    if (!Number.isFinite(asked) || asked <= 0 || asked > order.amount) {
      return fail(
        res,
        400,
        "invalid_amount",
        "The refund amount must be more than 0 and at most the amount paid",
      );
    }
    if (
      typeof username !== "string" ||
      !username.trim() ||
      typeof remarks !== "string" ||
      !remarks.trim()
    ) {
      return fail(res, 400, "missing_fields", "username and remarks are required");
    }
    if (order.refund) {
      return fail(
        res,
        400,
        "refund_exists",
        "A refund has already been requested for this payment",
      );
    }
    if (order.paymentMethod === METHODS.mpesa && asked !== order.amount) {
      return fail(
        res,
        400,
        "partial_refund_not_allowed",
        "Mobile money payments can only be refunded in full",
      );
    }
    order.refund = {
      amount: asked,
      username: username.slice(0, 100),
      remarks: remarks.slice(0, 500),
    };
    res.json({ status: "200", message: "Refund request successfully" });
  });

  api.post("/api/Transactions/CancelOrder", (req, res) => {
    if (!authorised(req, res)) return;
    const order = orders.get(String(req.body?.order_tracking_id ?? ""));
    if (!order || order.statusCode === 1)
      return fail(res, 400, "cannot_cancel", "Only failed or pending orders can be cancelled");
    order.statusCode = 2;
    res.json({ status: "200", message: "Order cancelled successfully" });
  });

  /** Sends the IPN for an order to its registered URL, by GET or POST, after an optional delay. */
  async function sendIpn(order: Order, delayMs = options.ipnDelayMs ?? 0) {
    const ipn = ipns.get(order.notificationId);
    if (!ipn) return;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const fields = {
      OrderTrackingId: order.trackingId,
      OrderMerchantReference: order.reference,
      OrderNotificationType: "IPNCHANGE",
    };
    try {
      if (ipn.type === "GET") {
        const url = new URL(ipn.url);
        for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
        await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
      } else {
        await fetchImpl(ipn.url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(fields),
          signal: AbortSignal.timeout(10_000),
        });
      }
    } catch (error) {
      options.onIpnError?.(error);
    }
  }

  function settle(order: Order, outcome: "pay" | "fail" | "reverse", method: MethodId) {
    order.paymentMethod = METHODS[method];
    if (outcome === "pay") {
      order.statusCode = 1;
      order.confirmationCode = `${method === "mpesa" ? "S" : "C"}${randomUUID().replaceAll("-", "").slice(0, 9).toUpperCase()}`;
      order.paymentAccount = method === "mpesa" ? "2547XXXXX678" : "4111XXXXXXXX1111";
    } else if (outcome === "fail") {
      order.statusCode = 2;
      order.failureDescription = FAILURE_DESCRIPTIONS[method];
    } else {
      order.statusCode = 3;
    }
  }

  const callbackUrl = (order: Order) => {
    const url = new URL(order.callbackUrl);
    url.searchParams.set("OrderTrackingId", order.trackingId);
    url.searchParams.set("OrderMerchantReference", order.reference);
    url.searchParams.set("OrderNotificationType", "CALLBACKURL");
    return url.toString();
  };

  // Everything else under the API answers as Pesapal's API would; the payment pages go on.
  api.use((req, res, next) => (req.path.startsWith("/pay/") ? next() : notFound(res)));

  const pages = express.Router();
  pages.use(express.urlencoded({ extended: false, limit: "16kb" }));
  pages.use(express.json({ limit: "16kb" }));

  /** The order whose payment address this is; the token is compared in constant time. */
  const payable = (req: Request) => {
    const order = orders.get(String(req.params.trackingId));
    const given = digest(String(req.params.token));
    const expected = digest(order?.payToken ?? randomUUID());
    return order && timingSafeEqual(given, expected) ? order : undefined;
  };

  // The hosted payment page.
  pages.get("/pay/:trackingId/:token", (req, res) => {
    const order = payable(req);
    if (!order)
      return res
        .status(404)
        .type("html")
        .send(page("Payment not found", "<p>This payment link is not valid.</p>"));
    const amount = `KES ${order.amount.toLocaleString("en-KE")}`;
    const done = order.statusCode !== 0;
    res.type("html").send(
      page(
        "Pesapal sandbox: pay",
        `<p class="demo" role="note">Demo mode: payments are simulated</p>
<h1>Pay ${escapeHtml(amount)}</h1>
<p>${escapeHtml(order.description)}<br><small>Reference ${escapeHtml(order.reference)}</small></p>
${
  done
    ? `<p>This payment is already ${order.statusCode === 1 ? "paid" : "closed"}.</p><p><a href="${escapeHtml(callbackUrl(order))}">Return to the shop</a></p>`
    : `<form method="post">
  <fieldset><legend>Payment method</legend>
    <label><input type="radio" name="method" value="mpesa" checked> M-Pesa</label>
    <label><input type="radio" name="method" value="visa"> Visa</label>
    <label><input type="radio" name="method" value="mastercard"> Mastercard</label>
  </fieldset>
  <div class="actions">
    <button name="outcome" value="pay" class="primary">Pay ${escapeHtml(amount)}</button>
    <button name="outcome" value="fail">Fail the payment</button>
    <button name="outcome" value="pending">Leave pending</button>
  </div>
</form>`
}`,
      ),
    );
  });

  pages.post("/pay/:trackingId/:token", (req, res) => {
    const order = payable(req);
    if (!order) return res.status(404).type("text").send("Payment not found");
    const method: MethodId = req.body?.method in METHODS ? req.body.method : "mpesa";
    const outcome = String(req.body?.outcome ?? "");
    if (order.statusCode === 0 && (outcome === "pay" || outcome === "fail")) {
      settle(order, outcome, method);
      void sendIpn(order);
    } else if (outcome === "pending") {
      order.paymentMethod = METHODS[method];
    }
    res.redirect(303, callbackUrl(order));
  });

  // Test control, on the payment page's own address: drive a payment without a browser.
  pages.post("/pay/:trackingId/:token/:action", async (req, res) => {
    const order = payable(req);
    if (!order) return notFound(res);
    const method: MethodId = req.body?.method in METHODS ? req.body.method : "mpesa";
    const delayMs = Math.min(Math.max(Number(req.body?.ipnDelayMs) || 0, 0), 60_000);
    switch (req.params.action) {
      case "complete":
      case "fail":
      case "reverse":
        settle(order, req.params.action === "complete" ? "pay" : req.params.action, method);
        if (typeof req.body?.reportedAmount === "number")
          order.reportedAmount = req.body.reportedAmount;
        if (req.params.action === "fail" && typeof req.body?.description === "string")
          order.failureDescription = req.body.description.slice(0, 200);
        if (req.body?.sendIpn !== false) void sendIpn(order, delayMs);
        break;
      case "ipn": {
        // Replays the IPN `times` times, all at once: Pesapal repeats notifications.
        const times = Math.min(Math.max(Number(req.body?.times) || 1, 1), 50);
        await Promise.all(Array.from({ length: times }, () => sendIpn(order, delayMs)));
        break;
      }
      default:
        return notFound(res);
    }
    res.json({
      trackingId: order.trackingId,
      statusCode: order.statusCode,
      callbackUrl: callbackUrl(order),
    });
  });

  pages.use((_req, res) => notFound(res));
  // A body that cannot be read (malformed JSON, too large) gets Pesapal's error shape too.
  const unreadable: express.ErrorRequestHandler = (error, _req, res, _next) =>
    fail(
      res,
      error.status === 413 ? 413 : 400,
      "invalid_request",
      "The request body could not be read",
    );
  api.use(unreadable);
  pages.use(unreadable);

  const both = express.Router();
  both.use(api, pages);
  const held = () => ({ tokens: tokens.size, ipns: ipns.size, orders: orders.size });
  return { api, pages, router: both, held };
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1c1917}
main{max-width:28rem;margin:0 auto;padding:1.5rem}
.brand{font-weight:800;color:#0b5394;margin:0 0 1rem}
.demo{background:#fef3c7;color:#78350f;border:1px solid #f59e0b;border-radius:.5rem;padding:.5rem .75rem;font-weight:600}
fieldset{border:1px solid #d6d3d1;border-radius:.75rem;padding:.75rem 1rem;margin:1rem 0;background:#fff}
label{display:flex;gap:.5rem;align-items:center;min-height:44px}
.actions{display:grid;gap:.5rem}
button{min-height:44px;border-radius:.5rem;border:1px solid #57534e;background:#fff;font:inherit;font-weight:600;cursor:pointer}
button.primary{background:#0b5394;border-color:#0b5394;color:#fff}
:focus-visible{outline:3px solid #c2410c;outline-offset:2px}
</style></head><body><main><p class="brand">Pesapal sandbox</p>${body}</main></body></html>`;
}
