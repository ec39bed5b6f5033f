import { proxy } from 'valtio';

/** Screen-only state: the toast and whether the left window is open on a phone. */
export const ui = proxy({
  toast: null as { text: string; kind: 'error' | 'success'; id: number } | null,
  navOpen: false,
});

/** SPEC.md section 9: toast duration 1500 ms (errors stay a little longer to be read). */
export function showToast(text: string, kind: 'error' | 'success' = 'success'): void {
  const id = Date.now();
  ui.toast = { text, kind, id };
  setTimeout(() => {
    if (ui.toast?.id === id) ui.toast = null;
  }, kind === 'error' ? 3000 : 1500);
}

/**
 * Takes away a success toast still showing (an error stays to be read): a
 * screen that says what happened itself, like "Pago exitoso", must not carry
 * the previous page's "Enviado a cocina" over it.
 */
export function dismissSuccessToast(): void {
  if (ui.toast?.kind === 'success') ui.toast = null;
}
