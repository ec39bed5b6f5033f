import { describe, expect, it } from 'vitest';
import { phoneText } from './phone-text.ts';

describe('phoneText', () => {
  it.each([
    ['987654321', '987 654 321'],
    ['+51987654321', '+51 987 654 321'],
    ['987 654 321', '987 654 321'],
    ['01 4445555', '01 4445555'],
    ['', ''],
  ])('%j reads %j', (raw, shown) => {
    expect(phoneText(raw)).toBe(shown);
  });
});
