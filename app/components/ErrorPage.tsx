import { isRouteErrorResponse, Link } from "react-router";
import { msg } from "~/i18n/messages";

/** The statuses with a page of their own; their words are `msg.errorPages`. */
type PageStatus = 400 | 403 | 404 | 503 | 500;

/**
 * Which page a route error gets: 404, 503, another 4xx (the request was refused, with the sentence
 * the server gave, if it gave one) or 500 for anything else.
 */
export function errorPageFor(error: unknown): { status: PageStatus; message?: string } {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  if (error.status === 404 || error.status === 503) return { status: error.status };
  // A role's refusal (auth/roles.ts): the page says why, and where to turn.
  if (error.status === 403) return { status: 403 };
  if (error.status >= 400 && error.status < 500) {
    // React Router's own refusals (a 405 for a page without a form) carry a developer's note.
    const ours = !(error as { internal?: boolean }).internal && typeof error.data === "string";
    return { status: 400, message: ours ? String(error.data).slice(0, 300) : undefined };
  }
  return { status: 500 };
}

/** The friendly page for refused requests, 404s, outages and unexpected errors: a sentence and the action that helps. */
export function ErrorPage({
  status,
  message,
  detail,
}: {
  status: PageStatus;
  message?: string;
  detail?: string;
}) {
  const copy = msg.errorPages[status]!;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <title>{copy.title}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">
        {status === 404
          ? msg.errorKicker404
          : status === 503
            ? msg.errorKickerBackSoon
            : msg.errorKicker}
      </p>
      <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{copy.title}</h1>
      <p className="mt-4 text-muted">{message || copy.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {status === 503 ? (
          <a href="." className="btn btn-primary">
            {msg.tryAgain}
          </a>
        ) : status === 403 ? (
          <Link to="/admin" className="btn btn-primary">
            {msg.backToDashboard}
          </Link>
        ) : (
          <Link to="/shop" className="btn btn-primary">
            {msg.continueShopping}
          </Link>
        )}
        <Link to="/" className="btn border border-hairline bg-white">
          {msg.goToHome}
        </Link>
      </div>
      {import.meta.env.DEV && detail ? (
        <pre className="mt-10 max-w-full overflow-auto rounded bg-white p-4 text-left text-xs">
          {detail}
        </pre>
      ) : null}
    </main>
  );
}
