import type { JobStatus } from '#protocol';

/** The stuck-jobs page (durable jobs, hub/jobs/README.md); kind names nest by their dots: `kinds.test.echo`, in Spanish (the default language, and the shape the others must match). */
export const jobsEs = {
  jobs: {
    title: 'Tareas detenidas',
    hint: 'Lo que el sistema no pudo terminar solo: impresiones, apertura del cajón y otros envíos.',
    empty: 'Ninguna tarea detenida.',
    queued_one: '{{count}} tarea en cola',
    queued_other: '{{count}} tareas en cola',
    retry: 'Reintentar',
    cancel: 'Cancelar',
    cancelTitle: '¿Cancelar esta tarea?',
    cancelBody: 'No se volverá a intentar.',
    attempts_one: '{{count}} intento',
    attempts_other: '{{count}} intentos',
    maybeDoneHint: 'El sistema se detuvo mientras la hacía: puede que ya se haya hecho. Revise antes de reintentar.',
    // Every status has a text: the row is typed over every JobStatus, so `tsc` asks for all six (the page lists only failed and maybeDone today).
    status: {
      pending: 'En espera',
      running: 'En curso',
      done: 'Hecha',
      failed: 'Falló',
      maybeDone: 'Quizá hecha',
      cancelled: 'Cancelada',
    } satisfies Record<JobStatus, string>,
    kinds: { test: { echo: 'Prueba (anotar)', mark: 'Prueba (marcar una vez)' }, print: 'Impresión', drawer: { kick: 'Apertura del cajón' } },
    reasons: {
      IO_ERROR: 'No se pudo escribir',
      TIMEOUT: 'No respondió a tiempo',
      DEVICE_OFFLINE: 'El equipo no responde',
      NO_RUNNER: 'Nadie puede hacerla en este sistema',
      INTERRUPTED: 'Interrumpida',
      UNKNOWN: 'Error inesperado',
      UNREACHABLE: 'La impresora no responde (apagada o desconectada)',
      PAPER_OUT: 'Sin papel',
      COVER_OPEN: 'Tapa abierta',
      PRINTER_ERROR: 'La impresora indica un error',
      DEVICE_MISSING: 'La impresora USB no está conectada',
      PARTIAL_WRITE: 'Se cortó a mitad de la impresión: revise el papel antes de reimprimir',
      NO_PRINTER: 'La impresora ya no existe',
    },
  },
} as const;
