import type { TicketMarker } from '#protocol';

/** The kitchen display (a station's screen), in Spanish (the default language, and the shape the others must match). */
export const kitchenDisplayEs = {
  kds: {
    title: 'Pantalla de cocina',
    chooseStation: 'Elija la estación que muestra esta pantalla',
    noStations: 'Aún no hay estaciones de cocina. Créelas en Productos → Estaciones y notas.',
    changeStation: 'Cambiar estación',
    open_one: '{{count}} pedido',
    open_other: '{{count}} pedidos',
    empty: 'Sin pedidos pendientes',
    recall: 'Recuperar último',
    bump: 'Listo',
    order: 'Pedido {{no}}',
    // A take-away or delivery order has no table: its pickup code, as on the paper ticket.
    takeaway: 'PARA LLEVAR {{code}}',
    delivery: 'DELIVERY {{code}}',
    people_one: '{{count}} persona',
    people_other: '{{count}} personas',
    minutes: '{{count}} min',
    held: 'EN ESPERA',
    reprint: 'REIMPRESIÓN',
    // Told to the waiter when a screen bumps a ticket of their table (client/src/ui/kitchen-ready.ts).
    readyToast: 'Mesa {{table}}: listo para servir',
    readyMark: 'Listo para servir',
    // The hub took old tickets off the screens (more than 300 open): they are still on their orders.
    retired_one: '{{count}} pedido antiguo retirado de la pantalla',
    retired_other: '{{count}} pedidos antiguos retirados de la pantalla',
    retiredWhy: 'Había más de {{max}} sin despachar. Siguen en la cuenta de su mesa y en el historial de la impresora.',
    retiredDismiss: 'Entendido',
    // A ticket of dishes just sent carries no mark; every other action has one.
    markers: {
      new: 'NUEVO',
      hold: 'RETENER',
      fire: 'MARCHAR',
      expedite: 'URGENTE',
      return: 'DEVOLUCIÓN',
      cancel: 'ANULADO',
      withdraw: 'PEDIDO ANULADO',
      remark: 'CAMBIO',
    } satisfies Record<TicketMarker, string>,
  },
} as const;
