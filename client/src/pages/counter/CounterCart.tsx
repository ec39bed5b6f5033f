import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import type { CartLine } from '../dinner/cart.ts';
import { PricedCartLine } from '../dinner/PricedCartLine.tsx';

/** The counter order's dishes: the dinner cart with − and +, the price of each line, and its remarks and presets. */
export function CounterCart(props: { state: State; orderId: string; cart: readonly CartLine[] }) {
  const { t } = useTranslation();
  const [noting, setNoting] = useState<string | null>(null);
  if (props.cart.length === 0) return <p className="hint" data-testid="counter-cart-empty">{t('order.cartEmpty')}</p>;
  return (
    <ul className="lines cart" data-testid="counter-cart">
      {props.cart.map((c) => (
        <PricedCartLine key={c.key} state={props.state} orderId={props.orderId} line={c} noting={noting === c.key} onToggleNote={() => setNoting(noting === c.key ? null : c.key)} />
      ))}
    </ul>
  );
}
