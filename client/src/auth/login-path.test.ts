import { describe, expect, it } from 'vitest';
import { PATHS } from '../routes.ts';
import { loginPathFor } from './login-path.ts';

/** Which sign-in page a signed-out device lands on, from `/` or any page it may not see yet. */
describe('loginPathFor', () => {
  it.each([
    { name: 'a phone never signed in here: the keypad', usual: null, pin: false, phone: true, to: PATHS.numberLogin },
    { name: 'a till never signed in here: the form at the root', usual: null, pin: false, phone: false, to: PATHS.root },
    { name: 'a phone last used with the form: the form (the person chose it)', usual: PATHS.login, pin: false, phone: true, to: PATHS.login },
    { name: 'a till last used with the keypad: the keypad', usual: PATHS.numberLogin, pin: false, phone: false, to: PATHS.numberLogin },
    { name: 'the PIN screen on an enrolled device', usual: PATHS.appLogin, pin: true, phone: true, to: PATHS.appLogin },
    { name: 'the PIN screen remembered, device no longer enrolled: the keypad', usual: PATHS.appLogin, pin: false, phone: false, to: PATHS.numberLogin },
    { name: 'a stored value that is no sign-in page, on a phone: the keypad', usual: '/pages/goods/index', pin: false, phone: true, to: PATHS.numberLogin },
    { name: 'a hostile stored value on a till: the root', usual: '__proto__', pin: true, phone: false, to: PATHS.root },
  ])('$name', ({ usual, pin, phone, to }) => {
    expect(loginPathFor(usual, pin, phone)).toBe(to);
  });
});
