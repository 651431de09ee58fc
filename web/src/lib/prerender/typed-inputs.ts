/**
 * A prerendered page's form is on screen before the app's scripts run, and a candidate may start
 * typing. Hydration would reset those inputs to the form's empty state, so the browser entry
 * captures what was typed (by input name) just before hydrating, and the forms start from it.
 */
let typed: Readonly<Record<string, string>> = {};

/** Records the non-empty values of the named inputs under `root`. */
export function captureTypedInputs(root: ParentNode): void {
  const values: Record<string, string> = {};
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]')) {
    if (input.value) values[input.name] = input.value;
  }
  typed = values;
}

/** What was typed before hydration (empty once the app has hydrated). */
export function typedInputs(): Readonly<Record<string, string>> {
  return typed;
}

/** Called once hydration is done: a form mounted later starts empty. */
export function forgetTypedInputs(): void {
  typed = {};
}
