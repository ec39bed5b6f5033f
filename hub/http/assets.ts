import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Where the client's built files come from: a folder, or the single binary itself. */
export type AssetSource = { get(relPath: string): Promise<Buffer | null> };

export function folderAssets(root: string): AssetSource {
  const base = path.resolve(root);
  return {
    async get(relPath) {
      const file = path.resolve(base, relPath);
      if (!file.startsWith(base + path.sep)) return null;
      try {
        return await fs.readFile(file);
      } catch {
        return null;
      }
    },
  };
}

/** Assets embedded in a Node single executable (installer/build-binary.ts puts them there). */
export async function seaAssets(): Promise<AssetSource | null> {
  try {
    // Not `import('node:sea')`: a binary built with V8's code cache (installer/build-binary.ts) cannot run import().
    const sea = process.getBuiltinModule('node:sea');
    if (!sea.isSea()) return null;
    const keys = new Set(sea.getAssetKeys());
    return {
      async get(relPath) {
        const key = `client/${relPath}`;
        return keys.has(key) ? Buffer.from(sea.getAsset(key)) : null;
      },
    };
  } catch {
    return null;
  }
}
