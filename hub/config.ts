import { parseArgs } from 'node:util';

export type HubConfig = {
  dataDir: string;
  port: number;
  host: string;
  demo: boolean;
  mdns: boolean;
  help: boolean;
};

export const USAGE = `Usage: pos-hub [options]

  --data DIR      where the hub keeps its data        (POS_DATA_DIR, default ./data)
  --port N        port to serve on                     (POS_PORT, default 8080)
  --host ADDR     address to listen on                 (POS_HOST, default 0.0.0.0: every network)
  --demo          seed a demo restaurant on first start (POS_DEMO=1)
  --no-demo       start empty                          (POS_DEMO=0, the default)
  --no-mdns       do not announce the hub on the network (POS_MDNS=0)
  --help          this text
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

  const demoFlag = lastOf('demo', 'no-demo');
  const mdnsFlag = lastOf('mdns', 'no-mdns');
  return {
    dataDir: values.data ?? env.POS_DATA_DIR ?? './data',
    port,
    host: values.host ?? env.POS_HOST ?? '0.0.0.0',
    demo: demoFlag ? demoFlag === 'demo' : yes(env.POS_DEMO),
    mdns: mdnsFlag ? mdnsFlag === 'mdns' : !no(env.POS_MDNS),
    help: values.help ?? false,
  };
}
