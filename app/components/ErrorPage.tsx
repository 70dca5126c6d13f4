import { Link } from "react-router";

const COPY = {
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

/** The friendly page for 404s, outages and unexpected errors: a sentence and the action that helps. */
export function ErrorPage({ status, detail }: { status: 404 | 503 | 500; detail?: string }) {
  const copy = COPY[status];
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <title>{copy.title}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">
        {status === 404 ? "Error 404" : status === 503 ? "Back soon" : "Error"}
      </p>
      <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{copy.title}</h1>
      <p className="mt-4 text-muted">{copy.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {status === 503 ? (
          <a href="." className="btn btn-primary">
            Try again
          </a>
        ) : (
          <Link to="/shop" className="btn btn-primary">
            Continue Shopping
          </Link>
        )}
        <Link to="/" className="btn border border-hairline bg-white">
          Go to Home
        </Link>
      </div>
      {detail ? (
        <pre className="mt-10 max-w-full overflow-auto rounded bg-white p-4 text-left text-xs">
          {detail}
        </pre>
      ) : null}
    </main>
  );
}
