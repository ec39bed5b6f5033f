import type { DeepStrings } from '../../../i18n/define.ts';
import type { updateEs } from './es.ts';

export const updateEn: DeepStrings<typeof updateEs> = {
  update: {
    title: 'Update the system',
    running: 'Installed version: {{release}} (build {{build}})',
    hint: 'Choose the new program file (pos-hub) your supplier gave you, from this device or a USB stick. A backup is made before it is installed; if the new program does not start, the system goes back to the previous version by itself.',
    choose: 'Choose the program file',
    noFile: 'No file chosen',
    usbTitle: 'On the USB stick plugged into the system\'s box:',
    usbInstall: 'Install {{name}} (stick {{stick}})',
    install: 'Install',
    uploading: 'Sending and checking the file and making the backup… Do not close this page.',
    staged: 'Version {{version}} is ready: the system restarts in a few seconds and the screens reconnect by themselves.',
    pending: 'Installing version {{version}}…',
    lastTitle: 'Last update',
    result: {
      UPDATE_INSTALLED: 'Version {{version}} installed ({{finishedAt}}).',
      UPDATE_ROLLED_BACK: 'Version {{version}} did not start: the system went back to version {{running}} by itself. Nothing was lost.',
      UPDATE_ROLLBACK_FAILED: 'Version {{version}} did not start and neither did the previous one: call the technician (a backup was made before).',
      UPDATE_CHECKSUM_MISMATCH: 'The file of version {{version}} changed before it was installed: nothing was installed. Try again.',
      UPDATE_BAD_REQUEST: 'The update request could not be read: nothing was installed.',
      UPDATE_INSTALL_FAILED: 'Version {{version}} could not be installed: version {{running}} stays.',
    },
    failedToLoad: 'Could not read how the update stands.',
  },
};
