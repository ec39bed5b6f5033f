import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, parsePrinterAddress } from './config.ts';

describe('parseConfig', () => {
  it('the setup printer comes from --setup-printer or POS_SETUP_PRINTER, port 9100 when left out', () => {
    expect(parseConfig(['--setup-printer', '192.168.1.50'], {}).setupPrinter).toEqual({ host: '192.168.1.50', port: 9100 });
    expect(parseConfig([], { POS_SETUP_PRINTER: '127.0.0.1:9200' }).setupPrinter).toEqual({ host: '127.0.0.1', port: 9200 });
    expect(parseConfig(['--setup-printer', 'caja.lan:9100'], { POS_SETUP_PRINTER: '10.0.0.9' }).setupPrinter).toEqual({ host: 'caja.lan', port: 9100 });
    expect(parseConfig([], {}).setupPrinter).toBeNull();
  });

  it.each(['http://192.168.1.50', '192.168.1.50:0', '192.168.1.50:70000', 'a b', '__proto__:x', '1.2.3.4:9100/x', ':9100'])('refuses the setup printer %j in one sentence', (text) => {
    expect(parsePrinterAddress(text)).toBeNull();
    expect(() => parseConfig(['--setup-printer', text], {})).toThrow(ConfigError);
  });

  it('npm run start:real: the last of --demo / --no-demo wins, and the last --data', () => {
    const real = parseConfig(['--demo', '--no-demo', '--data', './restaurant-data'], {});
    expect(real).toMatchObject({ demo: false, dataDir: './restaurant-data' });
    expect(parseConfig(['--no-demo', '--data', './restaurant-data', '--data', '/srv/pos'], {}).dataDir).toBe('/srv/pos');
  });
});
