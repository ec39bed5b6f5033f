/** A section that is not available yet, in Spanish (the default language, and the shape the others must match). */
export const miscEs = {
  notAvailable: { title: 'Aún no disponible', body: 'Esta sección llegará en una próxima actualización del sistema.', back: 'Ir a mesas' },
} as const;
