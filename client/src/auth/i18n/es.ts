/** Being signed in: who, sign out, switch user, pages a role may not open, in Spanish (the default language, and the shape the others must match). */
export const authEs = {
  auth: {
    signedInAs: 'Sesión de {{name}}',
    number: 'N.º {{code}}',
    signOut: 'Cerrar sesión',
    switchUser: 'Cambiar usuario',
    loading: 'Cargando…',
    noAccessTitle: 'Sin acceso',
    noAccessBody: 'Su rol no permite abrir esta sección. Pida acceso al dueño o al encargado.',
    nothingAllowed: 'Su rol aún no tiene ninguna sección. Pida acceso al dueño o al encargado.',
    back: 'Volver',
  },
} as const;
