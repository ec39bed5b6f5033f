/** The sign-in pages: number or name with PIN or password, the keypad, the PIN screen, in Spanish (the default language, and the shape the others must match). */
export const loginEs = {
  login: {
    title: 'Iniciar sesión',
    identifier: 'Número o nombre',
    secret: 'PIN o contraseña',
    submit: 'Ingresar',
    numberTitle: 'Ingreso con número',
    number: 'Número de personal',
    pin: 'PIN',
    next: 'Siguiente',
    del: 'Borrar',
    pinTitle: 'Ingrese su PIN',
    locked: 'Pantalla bloqueada por inactividad',
    useKeypad: 'Ingresar con número y teclado',
    usePassword: 'Ingresar con nombre o contraseña',
    otherUser: 'Otra persona (número y PIN)',
    quickSwitch: 'Cambio rápido con PIN',
    anyone: 'Quien sea',
    wait: 'Demasiados intentos. Espere {{seconds}} s e intente de nuevo.',
    notEnrolled: 'Este equipo aún no está registrado: ingrese una vez con su número y PIN.',
    hint: 'Su número y PIN se los da el dueño o el encargado.',
  },
} as const;
