import { afterEach, describe, expect, it } from 'vitest';
import { dismissSuccessToast, showToast, ui } from './ui-store.ts';

/** The success screen takes away a lingering success toast, never an error. */
describe('dismissSuccessToast', () => {
  afterEach(() => {
    ui.toast = null;
  });
  it.each<[string, 'success' | 'error', boolean]>([
    ['"Enviado a cocina" from the order page goes', 'success', false],
    ['an error stays to be read', 'error', true],
  ])('%s', (_, kind, stays) => {
    showToast('Enviado a cocina', kind);
    dismissSuccessToast();
    expect(ui.toast !== null).toBe(stays);
  });
  it('with no toast, nothing happens', () => {
    dismissSuccessToast();
    expect(ui.toast).toBeNull();
  });
});
