import UserPlus from "lucide-react/icons/user-plus";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SignInButton, SignInCard } from "~/components/admin/SignInCard";
import { errorProps, FormField, inputClass } from "~/components/FormField";
import { MIN_PASSWORD_LENGTH, validateFirstOwnerForm } from "~/modules/auth/account-form";
import {
  createFirstOwner,
  SetupLinkGone,
  setupLinkIsGood,
} from "~/modules/auth/first-owner.server";
import { servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import { oneTimeLinkMeta } from "~/utils/seo";
import type { Route } from "./+types/first-owner";

export const meta: Route.MetaFunction = () => oneTimeLinkMeta("Create the owner's account");

const NO_STORE = { "Cache-Control": "no-store" };
export const SETUP_LINK_GONE =
  "This link has expired or was already used. If the owner's account is made, log in; otherwise restart the shop, which prints a new link.";

/** `/login/setup/{token}`: the link a new shop prints at start while it has no owner. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const good = await setupLinkIsGood(context.get(servicesContext).db, params.token);
  return data({ good }, { status: good ? 200 : 410, headers: NO_STORE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { auth, db } = context.get(servicesContext);
  const form = await readForm(request);
  if (!(await setupLinkIsGood(db, params.token))) {
    return data({ gone: true, errors: {}, values: {} }, { status: 410, headers: NO_STORE });
  }
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  const checked = validateFirstOwnerForm(form);
  if (!checked.ok) {
    return data(
      { gone: false, errors: checked.errors, values },
      { status: 400, headers: NO_STORE },
    );
  }
  try {
    await createFirstOwner(db, auth, params.token, checked.data);
  } catch (error) {
    if (!(error instanceof SetupLinkGone)) throw error;
    return data({ gone: true, errors: {}, values: {} }, { status: 410, headers: NO_STORE });
  }
  throw redirect("/login?owner=created", 303);
}

export default function FirstOwner({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const gone = !loaderData.good || actionData?.gone;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const values: Partial<Record<string, string>> = actionData?.values ?? {};
  const invalid = (name: string) => errorProps(`owner-${name}`, errors[name]);
  return (
    <SignInCard title="Create the owner's account">
      {gone ? (
        <>
          <p role="alert" className="mt-4 text-sm">
            {SETUP_LINK_GONE}
          </p>
          <Link to="/login" className="btn mt-6 w-full border border-hairline bg-white">
            Go to the login
          </Link>
        </>
      ) : (
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <p className="text-sm">
            The shop has no owner yet. The owner does everything in the back office and adds the
            rest of the team. This link works once. The password: at least {MIN_PASSWORD_LENGTH}{" "}
            characters; a few words you will remember are good.
          </p>
          <FormField id="owner-name" label="Your name" required error={errors.name}>
            <input
              id="owner-name"
              name="name"
              autoComplete="name"
              required
              maxLength={80}
              defaultValue={values.name}
              className={inputClass}
              {...invalid("name")}
            />
          </FormField>
          <FormField id="owner-email" label="Email" required error={errors.email}>
            <input
              id="owner-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={values.email}
              className={inputClass}
              {...invalid("email")}
            />
          </FormField>
          <FormField id="owner-password" label="Password" required error={errors.password}>
            <input
              id="owner-password"
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
            id="owner-confirm"
            label="The same password again"
            required
            error={errors.confirm}
          >
            <input
              id="owner-confirm"
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
            icon={<UserPlus size={16} aria-hidden="true" />}
            label="Create the account"
            busyLabel="Creating..."
          />
        </Form>
      )}
    </SignInCard>
  );
}
