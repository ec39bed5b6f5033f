/** Cash payment of a table, in Spanish (the default language, and the shape the others must match). */
export const paymentEs = {
  pay: {
    title: 'Cobro · Mesa {{table}}',
    method: 'Forma de pago',
    cash: 'Efectivo',
    received: 'Monto recibido',
    exact: 'Exacto',
    change: 'Vuelto',
    missing: 'Falta',
    confirm: 'Cobrar y cerrar',
    success: 'Pago exitoso',
    billNo: 'Cuenta N.º {{no}}',
    queued: 'Cobro guardado en este equipo: se enviará al volver la conexión.',
    done: 'Listo',
  },
} as const;
