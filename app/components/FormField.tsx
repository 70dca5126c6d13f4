import type { ReactNode } from "react";
import { msg } from "~/i18n/messages";

/** The look of the shop's text inputs and selects; a field marked aria-invalid turns red. */
export const inputClass =
  "w-full min-h-11 rounded-xl border border-hairline bg-white px-4 py-2 aria-[invalid=true]:border-danger";

/** A control's side of its FormField's error: marked invalid and described by the message. */
export function errorProps(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

type Props = {
  id: string;
  label: string;
  /** Required fields get a star; the others say "(optional)", or `note` when given. */
  required?: boolean;
  /** What a field that is not required says instead of "(optional)", in parentheses. */
  note?: string;
  /** Shown under the field as an alert, with the id `${id}-error` for aria-describedby. */
  error?: string;
  children: ReactNode;
};

/** A labelled form field: the label, the control passed in, and its error if any. */
export function FormField({ id, label, required, note, error, children }: Props) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {required ? (
          <>
            {" "}
            <span aria-hidden="true" className="text-accent">
              *
            </span>
          </>
        ) : (
          <span className="font-normal text-muted"> {note ?? msg.optionalField}</span>
        )}
      </label>
      <div className="mt-1.5">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
