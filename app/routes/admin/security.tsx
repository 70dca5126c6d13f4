import { data, Form, useNavigation } from "react-router";
import { errorProps, FormField, inputClass } from "~/components/FormField";
import { recordEvent } from "~/modules/audit/audit.server";
import { refusal } from "~/modules/auth/refusal.server";
import { assertCan, requireAdmin } from "~/modules/auth/require-admin.server";
import { can } from "~/modules/auth/roles";
import { requireTwoFactor, twoFactorRequired } from "~/modules/auth/two-factor-policy.server";
import { authenticatorSetup } from "~/modules/auth/two-factor-setup.server";
import { servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/security";

const NO_STORE = { "Cache-Control": "no-store" };

export const meta: Route.MetaFunction = () => [
  { title: "Sign-in security | Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

const WRONG_PASSWORD = "That password is not right.";
const WRONG_CODE = "That code is not right. Please check your app and try again.";

/**
 * `/admin/security`: the signed-in account's two-factor sign-in (an authenticator app and its
 * recovery codes), and for the owner, whether every account must use one. An account the owner
 * requires it of is sent here first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const admin = await requireAdmin(services, request);
  return data(
    {
      email: admin.email,
      enabled: admin.twoFactor,
      required: await twoFactorRequired(services.db),
      owner: can(admin.role, { accounts: "manage" }),
    },
    { headers: NO_STORE },
  );
}

type Answer =
  | { setup: Awaited<ReturnType<typeof authenticatorSetup>>; error?: string }
  | { codes: string[] }
  | { done: string }
  | { error: string; field?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { auth, db } = services;
  const admin = await requireAdmin(services, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const password = String(form.get("password") ?? "").slice(0, 200);
  const headers = request.headers;
  const refused = async (error: unknown, sentence: string, field?: string) => {
    if (!(await refusal(error))) throw error;
    return data<Answer>({ error: sentence, field }, { status: 400 });
  };
  /** Turning it on or off is the account's own change, in the trail. */
  const recordChoice = (on: boolean) =>
    recordEvent(db, {
      actorId: admin.id,
      entity: "account",
      action: on ? "two-factor-on" : "two-factor-off",
      subjectId: admin.id,
      after: { email: admin.email },
    });

  if (intent === "start") {
    try {
      const { totpURI, backupCodes } = (await auth.api.enableTwoFactor({
        body: { password },
        headers,
      })) as { totpURI: string; backupCodes: string[] };
      return data<Answer>({ setup: await authenticatorSetup(totpURI, backupCodes) });
    } catch (error) {
      return refused(error, WRONG_PASSWORD, "password");
    }
  }
  if (intent === "confirm") {
    // The setup drawn again if the code is wrong: what the page showed, sent back by its form.
    const uri = String(form.get("uri") ?? "");
    const codes = form.getAll("codes").map(String).slice(0, 20);
    try {
      const answer = await auth.api.verifyTOTP({
        body: {
          code: String(form.get("code") ?? "")
            .replace(/\s+/g, "")
            .slice(0, 8),
        },
        headers,
        returnHeaders: true,
      });
      await recordChoice(true);
      // Its session was renewed with the account's new state: the new cookie goes back.
      return data<Answer>(
        { done: "Two-factor sign-in is on. Keep your recovery codes somewhere safe." },
        { headers: answer.headers },
      );
    } catch (error) {
      if (!(await refusal(error))) throw error;
      const setup = uri.startsWith("otpauth://") ? await authenticatorSetup(uri, codes) : null;
      return data<Answer>(
        setup ? { setup, error: WRONG_CODE } : { error: WRONG_CODE, field: "code" },
        {
          status: 400,
        },
      );
    }
  }
  if (intent === "disable") {
    if (await twoFactorRequired(db)) {
      return data<Answer>(
        { error: "The owner requires two-factor sign-in for every account." },
        { status: 409 },
      );
    }
    try {
      const answer = await auth.api.disableTwoFactor({
        body: { password },
        headers,
        returnHeaders: true,
      });
      await recordChoice(false);
      return data<Answer>({ done: "Two-factor sign-in is off." }, { headers: answer.headers });
    } catch (error) {
      return refused(error, WRONG_PASSWORD, "password");
    }
  }
  if (intent === "codes") {
    try {
      const { backupCodes } = await auth.api.generateBackupCodes({ body: { password }, headers });
      return data<Answer>({ codes: backupCodes });
    } catch (error) {
      return refused(error, WRONG_PASSWORD, "password");
    }
  }
  if (intent === "require" || intent === "optional") {
    assertCan(admin, { accounts: "manage" });
    if (intent === "require" && !admin.twoFactor) {
      return data<Answer>(
        { error: "Turn on two-factor sign-in for your own account first." },
        { status: 409 },
      );
    }
    await requireTwoFactor(db, admin.id, intent === "require");
    return data<Answer>({
      done:
        intent === "require"
          ? "Every account now needs two-factor sign-in: those without it set it up when they next open the back office."
          : "Two-factor sign-in is now each account's choice.",
    });
  }
  return data<Answer>({ error: "Unknown action." }, { status: 400 });
}

function PasswordField({ id, error }: { id: string; error?: string }) {
  return (
    <FormField id={id} label="Your password" required error={error}>
      <input
        id={id}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        className={inputClass}
        {...errorProps(id, error)}
      />
    </FormField>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div>
      <p className="text-sm">
        Recovery codes: each signs you in once if you lose your phone. Write them down or save them
        somewhere safe; they are not shown again.
      </p>
      <ul
        className="mt-2 grid grid-cols-2 gap-1 rounded-lg bg-stone-50 p-3 font-mono text-sm"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, enabled, required, owner } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData as Answer | undefined;
  const setup = answer && "setup" in answer ? answer.setup : null;
  const error = answer && "error" in answer ? answer.error : undefined;
  const field = answer && "field" in answer ? answer.field : undefined;
  const button = "btn min-h-11 border border-hairline bg-white px-4 text-sm";
  return (
    <section aria-labelledby="security-heading" className="max-w-2xl space-y-4">
      <h2 id="security-heading" className="text-lg font-semibold">
        Sign-in security
      </h2>
      {required && !enabled ? (
        <p role="alert" className="rounded-lg border border-accent/40 bg-white p-3 text-sm">
          The owner requires two-factor sign-in for every account. Set it up below to open the rest
          of the back office.
        </p>
      ) : null}
      {answer && "done" in answer ? (
        <p role="status" className="rounded-lg border border-success/40 bg-white p-3 text-sm">
          {answer.done}
        </p>
      ) : null}
      {error && !field ? (
        <p
          role="alert"
          className="rounded-lg border border-danger/30 bg-danger/5 p-3 text-sm text-danger"
        >
          {error}
        </p>
      ) : null}

      <div className="rounded-xl border border-hairline bg-white p-4">
        <h3 className="font-semibold">Two-factor sign-in</h3>
        <p className="mt-1 text-sm">
          {enabled
            ? `On for ${email}: after your password, you type the code your authenticator app shows.`
            : `Off for ${email}. With it on, a stolen password alone cannot open the back office: you also type a code from an authenticator app (Google Authenticator, Microsoft Authenticator, Aegis or any other) on your phone.`}
        </p>
        {setup ? (
          <div className="mt-4 space-y-4">
            <p className="text-sm font-semibold">1. Scan this with your authenticator app</p>
            <div
              className="size-48 rounded-lg border border-hairline p-2"
              role="img"
              aria-label="QR code for your authenticator app"
              // The QR code's SVG, drawn on the server from the app's link.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG, from uqr
              dangerouslySetInnerHTML={{ __html: setup.svg }}
            />
            <p className="text-sm">
              Or type this key into the app:{" "}
              <code className="break-all font-mono font-semibold" data-testid="totp-key">
                {setup.key}
              </code>
            </p>
            <RecoveryCodes codes={setup.codes} />
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="uri" value={setup.uri} />
              {setup.codes.map((c) => (
                <input key={c} type="hidden" name="codes" value={c} />
              ))}
              <FormField
                id="confirm-code"
                label="2. Type the 6-digit code the app shows"
                required
                error={error && setup ? error : undefined}
              >
                <input
                  id="confirm-code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={8}
                  required
                  className={`${inputClass} tracking-widest tabular`}
                />
              </FormField>
              <button type="submit" disabled={busy} className="btn btn-primary">
                Turn on two-factor sign-in
              </button>
            </Form>
          </div>
        ) : enabled ? (
          <div className="mt-4 space-y-4">
            {answer && "codes" in answer ? <RecoveryCodes codes={answer.codes} /> : null}
            <Form method="post" className="space-y-3">
              <PasswordField
                id="security-password"
                error={field === "password" ? error : undefined}
              />
              <div className="flex flex-wrap gap-2">
                <button
                  type="submit"
                  name="intent"
                  value="codes"
                  disabled={busy}
                  className={button}
                >
                  New recovery codes
                </button>
                {required ? null : (
                  <button
                    type="submit"
                    name="intent"
                    value="disable"
                    disabled={busy}
                    className={`${button} text-danger`}
                  >
                    Turn off two-factor sign-in
                  </button>
                )}
              </div>
            </Form>
          </div>
        ) : (
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="start" />
            <PasswordField
              id="security-password"
              error={field === "password" ? error : undefined}
            />
            <button type="submit" disabled={busy} className="btn btn-primary">
              Set up an authenticator app
            </button>
          </Form>
        )}
      </div>

      {owner ? (
        <div className="rounded-xl border border-hairline bg-white p-4">
          <h3 className="font-semibold">For every account</h3>
          <p className="mt-1 text-sm">
            {required
              ? "Every account must sign in with an authenticator app."
              : "Each account chooses. Require it to make everyone, staff included, set one up."}
          </p>
          <Form method="post" className="mt-3">
            <button
              type="submit"
              name="intent"
              value={required ? "optional" : "require"}
              disabled={busy}
              className={button}
            >
              {required
                ? "Make it each account's choice"
                : "Require two-factor sign-in for everyone"}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
