/** The misc pages (not available yet, account expired, app download), in Spanish (the default language, and the shape the others must match). */
export const miscEs = {
  /** The left window (ui/SideNav.tsx): the tag of a section not built yet, the button that scrolls to the entries below. */
  sidenav: { soon: 'Pronto', more: 'Más opciones' },
  notAvailable: { title: 'Aún no disponible', body: 'Esta sección llegará en una próxima actualización del sistema.', back: 'Ir a mesas' },
  expire: {
    title: 'Cuenta vencida',
    // SPEC.md section 8, word for word in the three languages.
    body: 'Su cuenta ha vencido. Realice el pago mediante transferencia bancaria.',
    after: 'Cuando el pago esté confirmado, vuelva a iniciar sesión. Los datos del restaurante se conservan.',
    cash: 'El personal de la empresa no cobra en efectivo.',
    signIn: 'Iniciar sesión',
  },
  download: {
    title: 'Instalar la aplicación',
    body: 'El sistema funciona en el navegador de cada teléfono, tablet o caja: no hay nada que descargar de una tienda de aplicaciones.',
    address: 'Abra esta dirección en el equipo, conectado al mismo Wi-Fi del restaurante:',
    android: 'Android (Chrome): abra el menú del navegador y elija «Agregar a la pantalla principal».',
    iphone: 'iPhone o iPad (Safari): toque Compartir y elija «Agregar a inicio».',
    qr: 'O escanee este código con la cámara del teléfono:',
    browsers: 'Funciona en Chrome o Edge (Android, Windows, tabletas) y en Safari (iPhone, iPad), de los últimos dos años. No use navegadores de ahorro de datos ni el modo incógnito: olvidan la sesión del equipo.',
    signIn: 'Iniciar sesión',
  },
} as const;
