import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import MessageCircle from "lucide-react/icons/message-circle";
import Phone from "lucide-react/icons/phone";
import { data, Form, Link, redirect } from "react-router";
import { FormField, inputClass } from "~/components/FormField";
import { useFieldErrors } from "~/components/use-field-errors";
import { msg } from "~/i18n/messages";
import { CONTACT_SUBJECTS, whatsappLink } from "~/modules/contact/contact-message";
import { contactWhatsappText } from "~/modules/contact/contact-whatsapp";
import { useShopConfig } from "~/root";
import { servicesContext } from "~/services.server";
import { publicConfig } from "~/settings.server";
import { readForm } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: msg.contactTitle,
    description: msg.contactDescription,
    path: "/contact",
  });

/** Without JavaScript the form posts here: checked by the same schema, then on to WhatsApp. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const result = (await loadContactRules())(form);
  if (!result.ok) {
    return data({ errors: result.errors, values: form as Record<string, string> }, { status: 400 });
  }
  throw redirect(
    whatsappLink(
      publicConfig(context.get(servicesContext).settings).whatsapp,
      contactWhatsappText(result.data),
    ),
  );
}

/** The form's zod rules, loaded on demand (the module system keeps the one copy). */
const loadContactRules = () =>
  import("~/modules/contact/contact-validation").then(
    (rules) => (values: Record<string, unknown>) => {
      const result = rules.parseContactMessage(values);
      return result.ok ? { ok: true as const, data: result.message } : result;
    },
  );

export default function Contact({ actionData }: Route.ComponentProps) {
  const config = useShopConfig();
  // With JavaScript the form is checked here and WhatsApp opens in a new tab; without it the
  // form posts, the server checks it and sends the browser on to WhatsApp.
  const contact = useFieldErrors({
    fromServer: actionData?.errors,
    loadRules: loadContactRules,
    onValid: (message, event) => {
      event.preventDefault();
      window.open(
        whatsappLink(config.whatsapp, contactWhatsappText(message)),
        "_blank",
        "noopener",
      );
    },
  });
  const { errors, field } = contact;
  const values = actionData?.values ?? {};
  const help = whatsappLink(config.whatsapp, msg.helpWhatsapp(config.shopName));

  const cards = [
    {
      Icon: MessageCircle,
      title: msg.contactCards.whatsapp!,
      text: msg.contactCards.chatWithUs!,
      href: help,
      external: true,
    },
    {
      Icon: Mail,
      title: msg.contactCards.email!,
      text: config.email,
      href: `mailto:${config.email}`,
    },
    {
      Icon: Phone,
      title: msg.contactCards.phone!,
      text: config.phone,
      href: `tel:${config.phone.replace(/[^\d+]/g, "")}`,
    },
    { Icon: MapPin, title: msg.contactCards.location!, text: config.location },
  ];

  return (
    <main id="main">
      <section className="bg-indigo-band text-paper">
        <div className="mx-auto max-w-7xl px-6 py-16 sm:py-20">
          <h1 className="text-4xl font-extrabold sm:text-5xl">{msg.contactHeading}</h1>
          <p className="mt-4 max-w-xl text-lg text-paper/85">{msg.contactIntro}</p>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <ul className="-mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ Icon, title, text, href, external }) => {
            const body = (
              <>
                <span className="inline-flex size-11 items-center justify-center rounded-full bg-gold-soft text-gold">
                  <Icon aria-hidden="true" size={20} />
                </span>
                <span className="mt-3 block font-semibold">{title}</span>
                <span className="block text-muted">{text}</span>
              </>
            );
            return (
              <li key={title} className="rounded-2xl border border-hairline bg-white shadow-sm">
                {href ? (
                  <a
                    href={href}
                    className="block h-full p-5 hover:bg-sand"
                    {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  >
                    {body}
                  </a>
                ) : (
                  <div className="p-5">{body}</div>
                )}
              </li>
            );
          })}
        </ul>

        <div className="mt-14 grid gap-12 lg:grid-cols-[1.2fr_1fr]">
          <section aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading" className="text-2xl font-bold">
              {msg.sendUsAMessage}
            </h2>
            <Form method="post" className="mt-6 space-y-5" {...contact.form}>
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField id="contact-name" label={msg.fieldName} required error={errors.name}>
                  <input
                    id="contact-name"
                    name="name"
                    autoComplete="name"
                    required
                    defaultValue={values.name}
                    {...field("name", "contact-name")}
                    className={inputClass}
                  />
                </FormField>
                <FormField id="contact-email" label={msg.fieldEmail} required error={errors.email}>
                  <input
                    id="contact-email"
                    name="email"
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    required
                    defaultValue={values.email}
                    {...field("email", "contact-email")}
                    className={inputClass}
                  />
                </FormField>
              </div>
              <FormField
                id="contact-subject"
                label={msg.fieldSubject}
                required
                error={errors.subject}
              >
                <select
                  id="contact-subject"
                  name="subject"
                  required
                  defaultValue={values.subject ?? ""}
                  {...field("subject", "contact-subject")}
                  className={inputClass}
                >
                  <option value="" disabled>
                    {msg.chooseSubject}
                  </option>
                  {CONTACT_SUBJECTS.map((subject) => (
                    <option key={subject} value={subject}>
                      {msg.contactSubjects[subject]}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField
                id="contact-message"
                label={msg.fieldMessage}
                required
                error={errors.message}
              >
                <textarea
                  id="contact-message"
                  name="message"
                  rows={6}
                  required
                  defaultValue={values.message}
                  {...field("message", "contact-message")}
                  className={inputClass}
                />
              </FormField>
              <div>
                <button type="submit" className="btn btn-primary w-full sm:w-auto">
                  <MessageCircle size={18} aria-hidden="true" />
                  {msg.sendViaWhatsapp}
                </button>
                <p className="mt-2 text-sm text-muted">{msg.redirectedToWhatsapp}</p>
              </div>
            </Form>
          </section>

          <div className="space-y-10">
            <section aria-labelledby="faq-heading">
              <h2 id="faq-heading" className="text-2xl font-bold">
                {msg.faqHeading}
              </h2>
              <div className="mt-4 divide-y divide-hairline rounded-2xl border border-hairline bg-white">
                {msg.faq.map((item) => (
                  <details key={item.q} className="group px-5 py-1">
                    <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
                      {item.q}
                      <span aria-hidden="true" className="text-lg text-muted group-open:hidden">
                        +
                      </span>
                      <span
                        aria-hidden="true"
                        className="hidden text-lg text-muted group-open:inline"
                      >
                        −
                      </span>
                    </summary>
                    <p className="pb-4 text-muted">{item.a}</p>
                    {item.link ? (
                      <p className="-mt-2 pb-4">
                        <Link
                          to={item.link.to}
                          className="font-semibold text-accent underline underline-offset-4 hover:text-accent-hover"
                        >
                          {item.link.label}
                        </Link>
                      </p>
                    ) : null}
                  </details>
                ))}
              </div>
            </section>

            <section aria-labelledby="follow-heading">
              <h2 id="follow-heading" className="text-lg font-bold">
                {msg.followUs}
              </h2>
              <ul className="mt-3 flex gap-3">
                {[
                  { href: config.instagramUrl, label: "Instagram", icon: "mask-icon-instagram" },
                  { href: config.facebookUrl, label: "Facebook", icon: "mask-icon-facebook" },
                ]
                  .filter((s) => s.href)
                  .map(({ href, label, icon }) => (
                    <li key={label}>
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="btn border border-hairline bg-white"
                      >
                        <span className={`mask-icon ${icon} size-5`} aria-hidden="true" />
                        <span className="sr-only">{msg.opensInNewTab(label)}</span>
                        <span aria-hidden="true">{label}</span>
                      </a>
                    </li>
                  ))}
              </ul>
            </section>

            <section aria-labelledby="help-heading" className="rounded-2xl bg-sand p-6">
              <h2 id="help-heading" className="text-lg font-bold">
                {msg.needHelp}
              </h2>
              <p className="mt-1 text-muted">{msg.teamAMessageAway}</p>
              <a
                href={help}
                target="_blank"
                rel="noopener noreferrer"
                className="btn btn-primary mt-4"
              >
                <MessageCircle size={18} aria-hidden="true" />
                {msg.startWhatsappChat}
              </a>
            </section>
          </div>
        </div>
      </div>
    </main>
  );
}
