/** The update page (hub/update/README.md): a new program for the box, in Spanish. */
export const updateEs = {
  update: {
    title: 'Actualizar el sistema',
    running: 'Versión instalada: {{release}} (compilación {{build}})',
    hint: 'Elija el archivo del programa nuevo (pos-hub) que le dio su proveedor, desde este equipo o una memoria USB. Antes de instalarlo se hace una copia de seguridad; si el programa nuevo no arranca, el sistema vuelve solo a la versión anterior.',
    choose: 'Elegir el archivo del programa',
    noFile: 'Ningún archivo elegido',
    usbTitle: 'En la memoria USB conectada al equipo del sistema:',
    usbInstall: 'Instalar {{name}} (memoria {{stick}})',
    install: 'Instalar',
    uploading: 'Enviando y comprobando el archivo y haciendo la copia de seguridad… No cierre esta página.',
    staged: 'Versión {{version}} lista: el sistema se reiniciará en unos segundos y las pantallas se reconectarán solas.',
    pending: 'Instalando la versión {{version}}…',
    lastTitle: 'Última actualización',
    result: {
      UPDATE_INSTALLED: 'Versión {{version}} instalada ({{finishedAt}}).',
      UPDATE_ROLLED_BACK: 'La versión {{version}} no arrancó: el sistema volvió solo a la versión {{running}}. No se perdió nada.',
      UPDATE_ROLLBACK_FAILED: 'La versión {{version}} no arrancó y la anterior tampoco: llame al técnico (hay una copia de seguridad previa).',
      UPDATE_CHECKSUM_MISMATCH: 'El archivo de la versión {{version}} cambió antes de instalarse: no se instaló nada. Vuelva a intentarlo.',
      UPDATE_BAD_REQUEST: 'La petición de actualización no se pudo leer: no se instaló nada.',
      UPDATE_INSTALL_FAILED: 'No se pudo instalar la versión {{version}}: sigue la versión {{running}}.',
    },
    failedToLoad: 'No se pudo leer el estado de la actualización.',
  },
};
