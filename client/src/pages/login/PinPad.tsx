import { useEffect } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { useTranslation } from 'react-i18next';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** How many digits are in, as dots: a PIN is never shown. */
export function PinDots(props: { length: number; max?: number }) {
  const max = Math.max(props.max ?? 6, props.length);
  return (
    <span className="pin-dots" aria-label={`${props.length}`}>
      {Array.from({ length: max }, (_, i) => (
        <span key={i} className={`pin-dot${i < props.length ? ' on' : ''}${i >= 4 ? ' optional' : ''}`} />
      ))}
    </span>
  );
}

/**
 * A big number keypad for phones: thumbs, gloves, a hurried waiter. A
 * keyboard works too (digits, Backspace, Enter) on a till.
 */
export function PinPad(props: { value: string; onChange: (value: string) => void; onSubmit: () => void; maxLength: number; okLabel: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const { value, onChange, onSubmit, maxLength, disabled } = props;
  const press = (digit: string) => {
    if (!disabled && value.length < maxLength) onChange(value + digit);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement) return;
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') onChange(value.slice(0, -1));
      else if (e.key === 'Enter' && value) onSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <div className="pinpad" role="group">
      {KEYS.map((d) => (
        <button key={d} type="button" className="pinpad-key" onClick={() => press(d)} disabled={disabled} data-testid={`numpad-${d}`}>
          {d}
        </button>
      ))}
      <button type="button" className="pinpad-key pinpad-del" onClick={() => onChange(value.slice(0, -1))} disabled={disabled || !value} aria-label={t('login.del')} data-testid="numpad-del">
        <Icon name="backspace" />
      </button>
      <button type="button" className="pinpad-key" onClick={() => press('0')} disabled={disabled} data-testid="numpad-0">
        0
      </button>
      <button type="button" className="pinpad-key pinpad-ok" onClick={onSubmit} disabled={disabled || !value} data-testid="numpad-ok">
        {props.okLabel}
      </button>
    </div>
  );
}
