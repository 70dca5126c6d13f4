import { useLocation } from "react-router";
import { msg } from "~/i18n/messages";
import { type Language, switchHref } from "~/utils/language";

/**
 * The same page in the other language: a plain link (it leaves this language's scripts), which the
 * server follows to remember the choice (server/language-switch.ts). Named in its own language.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { pathname, search } = useLocation();
  const other = msg.otherLanguage as Language;
  return (
    <a
      href={switchHref(other, pathname + search)}
      hrefLang={other}
      lang={other}
      className={`inline-flex min-h-11 items-center px-2 text-sm font-semibold underline-offset-4 hover:underline ${className}`}
    >
      {msg.otherLanguageName}
    </a>
  );
}
