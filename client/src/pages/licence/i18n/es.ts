/** The licence page and the fee notice (hub/licence/README.md), in Spanish. */
export const licenceEs = {
  licence: {
    title: 'Licencia del equipo',
    // SPEC.md section 9, "Device fee".
    notice: 'Su cuota del equipo está por vencer, escanee el código para pagar la cuota',
    noticeDays_one: 'Queda {{count}} día pagado (hasta el {{day}}).',
    noticeDays_other: 'Quedan {{count}} días pagados (hasta el {{day}}).',
    grace: 'El plazo pagado terminó el {{day}}. Desde el {{locked}} no se podrán abrir pedidos nuevos.',
    // SPEC.md section 9, "Expired account".
    expired: 'Su cuenta ha vencido. Realice el pago mediante transferencia bancaria.',
    expiredKeeps: 'No se pueden abrir mesas ni pedidos nuevos. Los pedidos abiertos, el cierre del día, los reportes, las exportaciones, las copias de seguridad y los comprobantes siguen funcionando.',
    open: 'Ingresar código',
    state: {
      demo: 'Demostración: sin límite de fecha.',
      trial: 'Periodo de prueba hasta el {{day}}.',
      paid: 'Pagado hasta el {{day}}.',
      notice: 'Pagado hasta el {{day}}.',
      grace: 'Vencido el {{day}}: periodo de gracia hasta el {{locked}}.',
      expired: 'Vencido el {{day}}; el periodo de gracia terminó el {{locked}}: no se abren pedidos nuevos.',
    },
    plan: {
      invoicing: 'Plan con facturación electrónica y pedidos',
      ordering: 'Plan de pedidos, sin facturación',
      demo: 'Demostración',
    },
    hubId: 'Código de este equipo (dígaselo a su proveedor):',
    sellerKey: 'Clave del vendedor que acepta este equipo (para el técnico):',
    code: 'Código de licencia',
    codeHint: 'Escriba el código que le dio su proveedor o escanéelo con el lector: se pega solo en este campo.',
    submit: 'Activar',
    accepted: 'Licencia activada: pagado hasta el {{day}}',
    failedToLoad: 'No se pudo leer la licencia.',
    cash: 'El personal de la empresa no cobra en efectivo.',
  },
};
