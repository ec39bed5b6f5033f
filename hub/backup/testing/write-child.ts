import { deriveKey, newKdfParams } from '../crypto.ts';
import { writeBackup } from '../write.ts';

/**
 * A process that writes one backup of `argv[2]` into `argv[3]` and says
 * "written" when done: the kill -9 test (../backup-kill.system.test.ts)
 * kills it in the middle. Passphrase from argv[4].
 */
const [dataDir, folder, passphrase] = process.argv.slice(2) as [string, string, string];
const kdf = newKdfParams();
const key = await deriveKey(passphrase, kdf);
process.stdout.write('writing\n');
await writeBackup({ dataDir, folder, key: { kdf, key }, reason: 'nightly', clock: () => new Date(), hubVersion: 'test', storeId: 'kill-test', seq: 1 });
process.stdout.write('written\n');
