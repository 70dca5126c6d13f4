import { isRouteErrorResponse, Link } from "react-router";

const COPY = {
  400: {
    title: "We could not handle that request",
    text: "Something in what was sent was not right. Please go back and try again.",
  },
  403: {
    title: "Not open to your account",
    text: "Your account cannot do this. Please ask the shop's owner.",
  },
  404: {
    title: "Page not found",
    text: "We couldn't find that page. It may have moved, or the link may be mistyped.",
  },
  503: {
    title: "We'll be right back",
    text: "The shop is having a short break while we fix a problem on our side. Please try again in a minute; your cart is safe.",
  },
  500: {
    title: "Unexpected Application Error!",
    text: "Something went wrong on our side. Please try again, or go back to the shop.",
  },
} as const;

type PageStatus = keyof typeof COPY;

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
  const copy = COPY[status];
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <title>{copy.title}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">
        {status === 404 ? "Error 404" : status === 503 ? "Back soon" : "Error"}
      </p>
      <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{copy.title}</h1>
      <p className="mt-4 text-muted">{message || copy.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {status === 503 ? (
          <a href="." className="btn btn-primary">
            Try again
          </a>
        ) : status === 403 ? (
          <Link to="/admin" className="btn btn-primary">
            Back to the dashboard
          </Link>
        ) : (
          <Link to="/shop" className="btn btn-primary">
            Continue Shopping
          </Link>
        )}
        <Link to="/" className="btn border border-hairline bg-white">
          Go to Home
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
