import { parseArgs } from 'node:util';

export type HubConfig = {
  dataDir: string;
  port: number;
  host: string;
  demo: boolean;
  mdns: boolean;
  /** A network receipt printer an unclaimed hub prints its setup slip on (hub/jobs/printing/first-printer.ts). */
  setupPrinter: { host: string; port: number } | null;
  help: boolean;
};

export const USAGE = `Usage: pos-hub [options]

  --data DIR      where the hub keeps its data        (POS_DATA_DIR, default ./data)
  --port N        port to serve on                     (POS_PORT, default 8080)
  --host ADDR     address to listen on                 (POS_HOST, default 0.0.0.0: every network)
  --demo          seed a demo restaurant on first start (POS_DEMO=1)
  --no-demo       start empty                          (POS_DEMO=0, the default)
  --no-mdns       do not announce the hub on the network (POS_MDNS=0)
  --setup-printer HOST[:PORT]
                  a network receipt printer for the setup slip of a hub
                  nobody has claimed yet (POS_SETUP_PRINTER; port 9100)
  --help          this text
  --version       print the release and build, and exit

  pos-hub update-apply --help   the root updater (installs a staged update)
  pos-hub --restore FILE --data DIR   a backup into an empty folder, then exit
`;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const yes = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v);
const no = (v: string | undefined) => v !== undefined && /^(0|false|no|off)$/i.test(v);

/** Command line first, then environment, then defaults. The last of --demo/--no-demo wins. */
export function parseConfig(argv: string[], env: NodeJS.ProcessEnv): HubConfig {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        data: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        demo: { type: 'boolean' },
        'no-demo': { type: 'boolean' },
        mdns: { type: 'boolean' },
        'no-mdns': { type: 'boolean' },
        'setup-printer': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
      tokens: true,
    });
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const { values, tokens } = parsed;
  const lastOf = (a: string, b: string) => {
    const names = tokens.flatMap((t) => (t.kind === 'option' && (t.name === a || t.name === b) ? [t.name] : []));
    return names.at(-1);
  };

  const portText = values.port ?? env.POS_PORT ?? '8080';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`--port must be a number from 0 to 65535, not "${portText}"`);

  const printerText = values['setup-printer'] ?? env.POS_SETUP_PRINTER ?? '';
  const setupPrinter = printerText ? parsePrinterAddress(printerText) : null;
  if (printerText && !setupPrinter) throw new ConfigError(`--setup-printer must be HOST or HOST:PORT (a network receipt printer), not "${printerText}"`);

  const demoFlag = lastOf('demo', 'no-demo');
  const mdnsFlag = lastOf('mdns', 'no-mdns');
  return {
    dataDir: values.data ?? env.POS_DATA_DIR ?? './data',
    port,
    host: values.host ?? env.POS_HOST ?? '0.0.0.0',
    demo: demoFlag ? demoFlag === 'demo' : yes(env.POS_DEMO),
    mdns: mdnsFlag ? mdnsFlag === 'mdns' : !no(env.POS_MDNS),
    setupPrinter,
    help: values.help ?? false,
  };
}

/** `HOST:PORT` (port 9100 when left out) as the configuration gives it, or null when it is not one. */
export function parsePrinterAddress(text: string): { host: string; port: number } | null {
  const m = /^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/.exec(text.trim());
  if (!m) return null;
  const port = m[2] === undefined ? 9100 : Number(m[2]);
  if (port < 1 || port > 65535) return null;
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
}
