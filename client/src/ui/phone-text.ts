/**
 * A Peruvian mobile as people read it aloud: "987 654 321" (or "+51 987 654 321").
 * Anything else is shown as typed. One place, so the delivery list, the rider's
 * phone and the refund panel group the digits the same way.
 */
export function phoneText(phone: string): string {
  return phone.replace(/^(\+51)?(\d{3})(\d{3})(\d{3})$/, (_, cc: string | undefined, a: string, b: string, c: string) => `${cc ? `${cc} ` : ''}${a} ${b} ${c}`);
}
