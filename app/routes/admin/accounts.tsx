import { data, Form, useNavigation } from "react-router";
import { errorProps, FormField, inputClass } from "~/components/FormField";
import { LINK_HOURS, validateAccountForm } from "~/modules/auth/account-form";
import { emailAccountLink } from "~/modules/auth/account-link-email.server";
import {
  AccountError,
  addAccount,
  findAccount,
  listAccounts,
  resetPassword,
  SET_PASSWORD_PATH,
  setDisabled,
  setRole,
} from "~/modules/auth/accounts.server";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import { isRole, ROLE_LABELS, ROLES, type Role } from "~/modules/auth/role-names";
import { servicesContext } from "~/services.server";
import { formatDateTime } from "~/utils/dates";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/accounts";

const NO_STORE = { "Cache-Control": "no-store" };

export const meta: Route.MetaFunction = () => [
  { title: "Accounts | Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

/** `/admin/accounts`: who runs the shop, their roles, and a form for a new person (owners only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const admin = await requireAdmin(services, request, { accounts: "manage" });
  const accounts = await listAccounts(db);
  return data(
    {
      me: admin.id,
      accounts: accounts.map((a) => ({
        ...a,
        linkExpiresAt: a.linkExpiresAt?.toISOString() ?? null,
        lastSignInAt: a.lastSignInAt?.toISOString() ?? null,
        createdAt: a.createdAt.toISOString(),
      })),
    },
    { headers: NO_STORE },
  );
}

type LinkShown = {
  name: string;
  email: string;
  link: string;
  emailed: boolean;
  reason: "new" | "reset";
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, settings, messages } = services;
  const admin = await requireAdmin(services, request, { accounts: "manage" });
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "").slice(0, 64);
  const linkFor = async (
    to: { name: string; email: string },
    token: string,
    reason: LinkShown["reason"],
  ): Promise<LinkShown> => {
    const link = `${settings.PUBLIC_URL}${SET_PASSWORD_PATH}/${token}`;
    const emailed = await emailAccountLink(messages, settings, to, link, reason);
    return { ...to, link, emailed, reason };
  };
  try {
    if (intent === "add") {
      const checked = validateAccountForm(form);
      if (!checked.ok) return data({ errors: checked.errors }, { status: 400 });
      const { token } = await addAccount(db, admin.id, checked.data);
      return { shown: await linkFor(checked.data, token, "new") };
    }
    const target = await findAccount(db, id);
    if (!target) return data({ error: "That account is not there any more." }, { status: 404 });
    if (intent === "role") {
      const role = form.get("role");
      if (!isRole(role)) return data({ error: "Please choose a role." }, { status: 400 });
      await setRole(db, admin.id, id, role);
      return { done: `${target.email} is now ${ROLE_LABELS[role]}.` };
    }
    if (intent === "disable" || intent === "enable") {
      await setDisabled(db, admin.id, id, intent === "disable");
      return {
        done:
          intent === "disable"
            ? `${target.email} is disabled and signed out everywhere.`
            : `${target.email} can sign in again.`,
      };
    }
    if (intent === "reset") {
      const token = await resetPassword(db, admin.id, id);
      return { shown: await linkFor(target, token, "reset") };
    }
  } catch (error) {
    if (error instanceof AccountError) {
      return data(
        intent === "add" ? { errors: { email: error.message } } : { error: error.message },
        { status: 409 },
      );
    }
    throw error;
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

const statusOf = (a: { disabled: boolean; hasPassword: boolean; linkExpiresAt: string | null }) =>
  a.disabled
    ? "Disabled"
    : a.hasPassword
      ? "Active"
      : a.linkExpiresAt
        ? `Waiting for a password (link good until ${formatDateTime(a.linkExpiresAt)})`
        : "No password: the link expired; reset it for a new one";

function LinkBox({ shown }: { shown: LinkShown }) {
  return (
    <div
      role="status"
      className="rounded-xl border border-success/40 bg-white p-4 text-sm"
      data-testid="account-link"
    >
      <p className="font-semibold">
        {shown.reason === "new"
          ? `Account for ${shown.email} added.`
          : `The password of ${shown.email} is reset: the old one no longer works.`}
      </p>
      <p className="mt-1">
        Share this link with {shown.name}. It sets their password, works once and expires in{" "}
        {LINK_HOURS} hours.
        {shown.emailed ? ` We also emailed it to ${shown.email}.` : ""}
      </p>
      <label htmlFor="account-link" className="mt-3 block font-semibold">
        Link to set a password
      </label>
      <input
        id="account-link"
        readOnly
        value={shown.link}
        onFocus={(e) => e.currentTarget.select()}
        className={`${inputClass} mt-1 font-mono text-xs`}
      />
      <a
        className="btn mt-2 min-h-11 border border-hairline bg-white px-4 text-sm"
        href={`https://wa.me/?${new URLSearchParams({ text: `Your back-office link: ${shown.link}` })}`}
        target="_blank"
        rel="noreferrer"
      >
        Share on WhatsApp
      </a>
    </div>
  );
}

export default function AccountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, me } = loaderData;
  const navigation = useNavigation();
  const errors: Partial<Record<string, string>> =
    (actionData && "errors" in actionData ? actionData.errors : null) ?? {};
  const shown = actionData && "shown" in actionData ? actionData.shown : null;
  const done = actionData && "done" in actionData ? actionData.done : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const invalid = (name: string) => errorProps(`account-${name}`, errors[name]);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="accounts-heading">
        <h2 id="accounts-heading" className="text-lg font-semibold">
          Accounts
        </h2>
        <p className="mt-1 text-sm text-muted">
          Owners can do everything. Staff pack and send orders and keep products and stock; they see
          no money figures, exports, discount codes, refunds or accounts.
        </p>
        <div className="mt-3 space-y-3">
          {shown ? <LinkBox shown={shown} /> : null}
          {done ? (
            <p role="status" className="rounded-lg border border-success/40 bg-white p-3 text-sm">
              {done}
            </p>
          ) : null}
          {error ? (
            <p
              role="alert"
              className="rounded-lg border border-danger/30 bg-danger/5 p-3 text-sm text-danger"
            >
              {error}
            </p>
          ) : null}
        </div>
        <ul className="mt-3 divide-y divide-hairline rounded-xl border border-hairline bg-white">
          {accounts.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-start gap-3 p-4"
              data-testid="account-row"
            >
              <div className="min-w-48 flex-1">
                <p className="font-semibold">
                  {a.name}
                  {a.id === me ? <span className="font-normal text-muted"> (you)</span> : null}
                </p>
                <p className="text-sm break-all">{a.email}</p>
                <p className="text-xs text-muted">
                  {ROLE_LABELS[a.role]} · {statusOf(a)}
                  {a.lastSignInAt ? ` · last signed in ${formatDateTime(a.lastSignInAt)}` : ""}
                </p>
              </div>
              {a.id === me ? null : (
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={a.id} />
                    <div>
                      <label htmlFor={`role-${a.id}`} className="block text-xs font-semibold">
                        Role of {a.name}
                      </label>
                      <select
                        id={`role-${a.id}`}
                        name="role"
                        defaultValue={a.role}
                        key={a.role}
                        className="min-h-11 rounded-lg border border-hairline bg-white px-2 text-sm"
                      >
                        {ROLES.map((r: Role) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <button
                      type="submit"
                      className="btn min-h-11 border border-hairline bg-white px-3 text-sm"
                    >
                      Save role<span className="sr-only"> of {a.name}</span>
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="id" value={a.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={a.disabled ? "enable" : "disable"}
                      className={`btn min-h-11 border bg-white px-3 text-sm ${a.disabled ? "border-hairline" : "border-danger/40 text-danger"}`}
                    >
                      {a.disabled ? "Enable" : "Disable"}
                      <span className="sr-only"> {a.name}</span>
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="id" value={a.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="reset"
                      className="btn min-h-11 border border-hairline bg-white px-3 text-sm"
                    >
                      Reset password<span className="sr-only"> of {a.name}</span>
                    </button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="new-account-heading"
        className="rounded-xl border border-hairline bg-white p-4"
      >
        <h2 id="new-account-heading" className="text-lg font-semibold">
          Add a person
        </h2>
        <Form method="post" className="mt-3 space-y-3" key={shown?.email ?? "new"} noValidate>
          <input type="hidden" name="intent" value="add" />
          <FormField id="account-name" label="Name" required error={errors.name}>
            <input
              id="account-name"
              name="name"
              required
              maxLength={80}
              autoComplete="off"
              className={inputClass}
              {...invalid("name")}
            />
          </FormField>
          <FormField id="account-email" label="Email" required error={errors.email}>
            <input
              id="account-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              className={inputClass}
              {...invalid("email")}
            />
          </FormField>
          <fieldset>
            <legend className="text-sm font-semibold">Role</legend>
            {ROLES.map((r) => (
              <label key={r} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="role"
                  value={r}
                  defaultChecked={r === "staff"}
                  className="size-5 accent-accent"
                />
                {ROLE_LABELS[r]}
              </label>
            ))}
            {errors.role ? (
              <p role="alert" className="text-sm text-danger">
                {errors.role}
              </p>
            ) : null}
          </fieldset>
          <p className="text-xs text-muted">
            They get a link to choose their own password; you see it here to share it.
          </p>
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className="btn btn-primary w-full"
          >
            Add account
          </button>
        </Form>
      </section>
    </div>
  );
}
