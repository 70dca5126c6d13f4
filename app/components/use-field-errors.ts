import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { errorProps } from "./FormField";
import { loadThroughDrops } from "./offline/ConnectionNotice";

/**
 * One message per field in error, by the field's name, listed in the order of the form's fields
 * (the server's page focuses the first it lists).
 */
export type FieldErrors = Partial<Record<string, string>>;

/** A form's rules: its data when it may go, or what is wrong with each field. */
export type FieldRules<Data> = (
  values: Record<string, FormDataEntryValue>,
) => { ok: true; data: Data } | { ok: false; errors: FieldErrors };

type Options<Data> = {
  /** The server's messages for the form's last post (its action's answer), if any. */
  fromServer: FieldErrors | undefined;
  /**
   * Loads the rules, the same the server checks with. On demand, so a page does not pay for them
   * (zod) in its first JavaScript; they are fetched as soon as the page is interactive.
   */
  loadRules: () => Promise<FieldRules<Data>>;
  /** Called when the form passes. Without it the form goes on to its action. */
  onValid?: (data: Data, event: FormEvent<HTMLFormElement>) => void;
};

const hasErrors = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/**
 * Errors beside their fields, the same way in every form: the browser checks before posting (the
 * server still decides, and its answer is shown the same way), focus moves to the first field in
 * error, and a field's message goes as soon as the field is right. Before JavaScript the server's
 * page does the same: each message beside its field and the first of them focused (autofocus).
 *
 * Spread `form` on the form element, pass `errors[name]` to each FormField and spread
 * `field(name, id)` on its control.
 */
export function useFieldErrors<Data>({ fromServer, loadRules, onValid }: Options<Data>) {
  const ref = useRef<HTMLFormElement>(null);
  const rules = useRef<FieldRules<Data> | null>(null);
  // The shopper's own changes since the server's last answer; null: the server's answer stands.
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const [answer, setAnswer] = useState(fromServer);
  if (answer !== fromServer) {
    setAnswer(fromServer);
    setLocal(null);
  }
  const errors = local ?? fromServer ?? {};

  // Through a dropped connection: a Pay pressed offline before the rules came waits for the
  // network (the notice says so) instead of posting without JavaScript to no network at all.
  const load = useCallback(
    () =>
      loadThroughDrops(loadRules).then((loaded) => {
        rules.current = loaded;
        return loaded;
      }),
    [loadRules],
  );
  useEffect(() => {
    load().catch(() => {
      // Checked on the server instead.
    });
  }, [load]);

  // The first control in error down the form gets the focus.
  const focusFirst = useCallback((found: FieldErrors) => {
    const controls = [...(ref.current?.elements ?? [])] as HTMLInputElement[];
    controls.find((control) => control.name && found[control.name])?.focus();
  }, []);

  // A new answer from the server (after a post with JavaScript): its first field gets the focus.
  useEffect(() => {
    if (fromServer && hasErrors(fromServer)) focusFirst(fromServer);
  }, [fromServer, focusFirst]);

  const valuesOf = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const check = rules.current;
    if (!check) {
      // A tap quicker than the rules: wait for them and submit again; should they fail to run,
      // the form goes to the server, which checks it.
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      load().then(
        () => form.requestSubmit(submitter ?? undefined),
        () => form.submit(),
      );
      return;
    }
    const result = check(valuesOf(form));
    if (!result.ok) {
      event.preventDefault();
      setLocal(result.errors);
      focusFirst(result.errors);
      return;
    }
    setLocal({});
    onValid?.(result.data, event);
  };

  // A field put right loses its message as the shopper types; no new message appears before the
  // next submit.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const check = rules.current;
    if (!check || !hasErrors(errors)) return;
    const result = check(valuesOf(event.currentTarget));
    const now = result.ok ? {} : result.errors;
    const kept: FieldErrors = {};
    for (const [name, message] of Object.entries(errors)) {
      if (message && now[name]) kept[name] = now[name];
    }
    if (JSON.stringify(kept) !== JSON.stringify(errors)) setLocal(kept);
  };

  // Before JavaScript, the server's page focuses its first field in error by itself.
  const autoFocused =
    local === null && fromServer
      ? Object.keys(fromServer).find((name) => fromServer[name])
      : undefined;

  return {
    errors,
    form: { ref, onSubmit, onChange, noValidate: true },
    /** A control's side: marked invalid and described by its message while it has one. */
    field: (name: string, id: string) => ({
      ...errorProps(id, errors[name]),
      ...(name === autoFocused ? { autoFocus: true } : {}),
    }),
  };
}
