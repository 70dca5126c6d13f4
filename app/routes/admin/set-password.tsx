import KeyRound from "lucide-react/icons/key-round";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SignInButton, SignInCard } from "~/components/admin/SignInCard";
import { errorProps, FormField, inputClass } from "~/components/FormField";
import { recordEvent } from "~/modules/audit/audit.server";
import { MIN_PASSWORD_LENGTH, validatePasswordForm } from "~/modules/auth/account-form";
import { linkHolder } from "~/modules/auth/accounts.server";
import { servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import { oneTimeLinkMeta } from "~/utils/seo";
import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = () => oneTimeLinkMeta("Set your password");

const NO_STORE = { "Cache-Control": "no-store" };
export const LINK_GONE =
  "This link has expired or was already used. Please ask the shop's owner for a new one.";

/** `/login/set-password/{token}`: a new person, or one whose password was reset, chooses it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const holder = await linkHolder(context.get(servicesContext).db, params.token);
  return data(
    { holder: holder ? { email: holder.email, name: holder.name } : null },
    { status: holder ? 200 : 410, headers: NO_STORE },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { auth, db } = context.get(servicesContext);
  const form = await readForm(request);
  const holder = await linkHolder(db, params.token);
  if (!holder) return data({ errors: { password: LINK_GONE } }, { status: 410 });
  const checked = validatePasswordForm(form);
  if (!checked.ok) return data({ errors: checked.errors }, { status: 400 });
  try {
    // better-auth's own reset: it takes the token once, sets the password, ends old sessions.
    await auth.api.resetPassword({ body: { newPassword: checked.password, token: params.token } });
  } catch {
    return data({ errors: { password: LINK_GONE } }, { status: 410 });
  }
  await recordEvent(db, {
    actorId: holder.id,
    entity: "account",
    action: "password-set",
    subjectId: holder.id,
    after: { email: holder.email },
  });
  throw redirect("/login?password=set", 303);
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { holder } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const invalid = (name: string) => errorProps(`new-${name}`, errors[name]);
  return (
    <SignInCard title="Set your password">
      {holder ? (
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <p className="text-sm">
            For <span className="font-semibold break-all">{holder.email}</span>. At least{" "}
            {MIN_PASSWORD_LENGTH} characters; a few words you will remember are good.
          </p>
          {/* For password managers: the account the new password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={holder.email} />
          <FormField id="new-password" label="New password" required error={errors.password}>
            <input
              id="new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              className={inputClass}
              {...invalid("password")}
            />
          </FormField>
          <FormField
            id="new-confirm"
            label="The same password again"
            required
            error={errors.confirm}
          >
            <input
              id="new-confirm"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              className={inputClass}
              {...invalid("confirm")}
            />
          </FormField>
          <SignInButton
            busy={busy}
            icon={<KeyRound size={16} aria-hidden="true" />}
            label="Set password"
            busyLabel="Saving..."
          />
        </Form>
      ) : (
        <>
          <p role="alert" className="mt-4 text-sm">
            {LINK_GONE}
          </p>
          <Link to="/login" className="btn mt-6 w-full border border-hairline bg-white">
            Go to the login
          </Link>
        </>
      )}
    </SignInCard>
  );
}
