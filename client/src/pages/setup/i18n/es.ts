/** Claiming a new hub, in Spanish (the default language, and the shape the others must match). */
export const setupEs = {
  setup: {
    title: 'Configurar el restaurante',
    intro: 'Este equipo aún no tiene dueño. Ingrese el código de activación: está en la hoja que imprimió al encenderse (o en la pantalla del equipo, o en el archivo claim.txt de su carpeta de datos). Vale 15 minutos.',
    codeFromSlip: 'Tomado de la hoja impresa.',
    claimCode: 'Código de activación',
    restaurant: 'Restaurante',
    restaurantName: 'Nombre del restaurante',
    ruc: 'RUC',
    rucHint: 'Opcional: 11 dígitos (10, 15, 16, 17 o 20…)',
    owner: 'Dueño',
    ownerName: 'Su nombre',
    ownerCode: 'Su número de personal',
    ownerCodeHint: 'De 1 a 6 dígitos: con él ingresará.',
    pin: 'PIN (4 a 6 dígitos)',
    pinAgain: 'Repita el PIN',
    pinMismatch: 'Los PIN no coinciden',
    submit: 'Configurar e ingresar',
    expired: '¿Venció el código? Reinicie el equipo para obtener uno nuevo.',
  },
} as const;
