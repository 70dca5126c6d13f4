import ShieldCheck from "lucide-react/icons/shield-check";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SignInButton, SignInCard } from "~/components/admin/SignInCard";
import { FormField, inputClass } from "~/components/FormField";
import { TRUSTED_DEVICE_DAYS } from "~/modules/auth/auth.server";
import { secondStepAccount, verifySecondStep } from "~/modules/auth/login.server";
import { clientAddressContext, servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/login-code";

export const meta: Route.MetaFunction = () => [
  { title: "Sign-in code | Back-office" },
  { name: "robots", content: "noindex" },
];

/** `/login/code`: the second step of signing in to an account with an authenticator app. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const email = await secondStepAccount(context.get(servicesContext).db, request);
  if (!email) throw redirect("/login");
  return data(
    { email, trustDays: TRUSTED_DEVICE_DAYS },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth } = context.get(servicesContext);
  const form = await readForm(request);
  const recovery = form.get("intent") === "recovery";
  const code = String(form.get(recovery ? "recoveryCode" : "code") ?? "");
  if (!code.trim()) {
    return data(
      {
        error: recovery ? "Please enter a recovery code." : "Please enter the 6-digit code.",
        recovery,
      },
      { status: 400 },
    );
  }
  const result = await verifySecondStep(db, auth, request, {
    code,
    recovery,
    trustDevice: form.get("trust") === "on",
    ip: context.get(clientAddressContext),
  });
  if (result.ok === false) return data({ error: result.error, recovery }, { status: 400 });
  throw redirect("/admin", { headers: result.headers });
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.error;
  const trust = (
    <label className="flex min-h-11 items-center gap-2 text-sm">
      <input type="checkbox" name="trust" defaultChecked className="size-5 accent-accent" />
      Trust this device for {loaderData.trustDays} days
    </label>
  );
  return (
    <SignInCard title="Enter your sign-in code">
      <p className="mt-2 text-sm">
        Open the authenticator app on your phone and type the code it shows for{" "}
        <span className="font-semibold break-all">{loaderData.email}</span>.
      </p>
      {error ? (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <Form method="post" className="mt-4 space-y-4">
        <FormField id="code" label="6-digit code" required>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,8}"
            maxLength={8}
            required
            className={`${inputClass} text-lg tracking-widest tabular`}
          />
        </FormField>
        {trust}
        <SignInButton
          busy={busy}
          icon={<ShieldCheck size={16} aria-hidden="true" />}
          label="Verify"
          busyLabel="Checking..."
        />
      </Form>
      <details className="mt-5" open={actionData?.recovery}>
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">
          Lost your phone? Use a recovery code
        </summary>
        <Form method="post" className="mt-2 space-y-4">
          <input type="hidden" name="intent" value="recovery" />
          <FormField id="recovery-code" label="Recovery code" required>
            <input
              id="recovery-code"
              name="recoveryCode"
              autoComplete="off"
              autoCapitalize="none"
              maxLength={64}
              required
              className={`${inputClass} font-mono`}
            />
          </FormField>
          {trust}
          <button
            type="submit"
            disabled={busy}
            className="btn w-full border border-hairline bg-white"
          >
            Use recovery code
          </button>
        </Form>
      </details>
      <Link
        to="/login"
        className="mt-4 inline-flex min-h-11 items-center text-sm underline underline-offset-4"
      >
        Back to the login
      </Link>
    </SignInCard>
  );
}
