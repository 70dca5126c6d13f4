import Lock from "lucide-react/icons/lock";
import { data, Form, redirect, useNavigation } from "react-router";
import { SignInButton, SignInCard } from "~/components/admin/SignInCard";
import { logIn } from "~/modules/auth/login.server";
import { getAdmin } from "~/modules/auth/require-admin.server";
import { clientAddressContext, servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login" },
  { name: "robots", content: "noindex" },
];

/** A signed-in admin has nothing to do here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdmin(context.get(servicesContext).auth, request)) throw redirect("/admin");
  // Back from setting a password through a link, or from creating the first owner's account.
  const query = new URL(request.url).searchParams;
  return {
    passwordSet: query.get("password") === "set",
    ownerCreated: query.get("owner") === "created",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) {
    return data({ error: "Please enter your email and password.", email }, { status: 400 });
  }
  const { db, auth } = context.get(servicesContext);
  const ip = context.get(clientAddressContext);
  const result = await logIn(db, auth, request, { email, password, ip });
  if (!result.ok) return data({ error: result.error, email }, { status: 400 });
  // An account with an authenticator app, on a device it has not trusted: its code next.
  if (result.ok === "code") throw redirect("/login/code", { headers: result.headers });
  throw redirect("/admin", { headers: result.headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <SignInCard title="Admin Login">
      {loaderData.passwordSet && !actionData ? (
        <p role="status" className="mt-4 rounded-lg border border-success/40 p-3 text-sm">
          Your password is set. Please log in.
        </p>
      ) : null}
      {loaderData.ownerCreated && !actionData ? (
        <p role="status" className="mt-4 rounded-lg border border-success/40 p-3 text-sm">
          The owner's account is ready. Please log in.
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <div>
          <label htmlFor="login-email" className="block text-sm font-semibold">
            Email
          </label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email}
            className="mt-1.5 min-h-11 w-full rounded-xl border border-hairline px-4"
          />
        </div>
        <div>
          <label htmlFor="login-password" className="block text-sm font-semibold">
            Password
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="mt-1.5 min-h-11 w-full rounded-xl border border-hairline px-4"
          />
        </div>
        {actionData?.error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {actionData.error}
          </p>
        ) : null}
        <SignInButton
          busy={busy}
          icon={<Lock size={16} aria-hidden="true" />}
          label="Login"
          busyLabel="Logging in..."
        />
      </Form>
    </SignInCard>
  );
}
