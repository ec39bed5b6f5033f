/**
 * The test suite's SUNAT check: UBL/SUNAT XSD validation and SUNAT's
 * published rule files, run by `sunat_check.py` through the system Python's
 * lxml (the fixtures README's route). One Python process answers a whole
 * batch, so a test file checks all its documents with one spawn.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a rule file or schema is chosen by: the document type, or RC/RA. */
export type SunatKind = '01' | '03' | '07' | 'RC' | 'RA';

/** One SUNAT error or observation code (CatalogoErrores.xml) with the rule's text; XSD errors carry code "XSD". */
export type SunatIssue = { code: string; text: string };

/** `ok` = no error; observations never reject a document. */
export type ValidationResult = { ok: boolean; errors: SunatIssue[]; observations: SunatIssue[]; elements?: string[] };

/** One document to check: against the schema (`xsd`) or the rules (`rules`, which read RUC, type, series and number from `fileName`). */
export type ValidationRequest = { kind: SunatKind; check: 'xsd' | 'rules' | 'flatten'; xml: string; fileName?: string };

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCRIPT = path.join(HERE, 'sunat_check.py');
const REPO = path.resolve(HERE, '../../..');

/** The system Python, which has lxml on Debian (`python3-lxml`); SUNAT_PYTHON overrides it. */
export const PYTHON = process.env.SUNAT_PYTHON ?? '/usr/bin/python3';

/** The SUNAT fixtures folder (xsd/, xsl/, samples/): SUNAT_FIXTURES, or `shared/fixtures/sunat` beside the repository. */
export const FIXTURES = process.env.SUNAT_FIXTURES ?? path.resolve(REPO, '../shared/fixtures/sunat');

/** Why the SUNAT checks cannot run here, or undefined when they can (tests skip with this message). */
export function sunatCheckUnavailable(): string | undefined {
  if (!existsSync(path.join(FIXTURES, 'xsl')) || !existsSync(path.join(FIXTURES, 'xsd'))) {
    return required(`SUNAT fixtures not found at ${FIXTURES} (set SUNAT_FIXTURES)`);
  }
  const probe = spawnSync(PYTHON, ['-c', 'import lxml'], { stdio: 'ignore' });
  if (probe.status !== 0) return required(`${PYTHON} has no lxml (apt-get install python3-lxml; .ci/run does)`);
  return undefined;
}

/** Why the PLE field tables of the fixtures cannot be read (the nightly export's PLE test), or undefined. */
export function pleFixturesUnavailable(): string | undefined {
  return existsSync(path.join(FIXTURES, 'ple', 'libros', '140100.csv')) ? undefined : required(`PLE tables not found at ${FIXTURES}/ple (set SUNAT_FIXTURES)`);
}

/**
 * A check that cannot run is skipped with its reason, unless SUNAT_CHECKS_REQUIRED=1 (set by
 * .ci/run when the fixtures are beside the repository): then it fails, so a missing lxml or a
 * moved fixture can never turn SUNAT's checks off silently.
 */
function required(reason: string): string {
  if (process.env.SUNAT_CHECKS_REQUIRED === '1') throw new Error(`SUNAT checks are required here but cannot run: ${reason}`);
  return reason;
}

/** Checks many documents with one Python process; results in request order. */
export async function validateBatch(requests: ValidationRequest[]): Promise<ValidationResult[]> {
  const input = JSON.stringify(requests.map((request, index) => ({ id: String(index), fileName: '', ...request })));
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(PYTHON, [SCRIPT, FIXTURES], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`sunat_check.py exited ${code}: ${Buffer.concat(err).toString('utf8')}`));
    });
    child.stdin.end(input, 'utf8');
  });
  const results = JSON.parse(output) as (ValidationResult & { id: string })[];
  return results.map(({ id: _id, ...result }) => result);
}

/** The document against the UBL 2.1 (01/03/07) or UBL 2.0 SUNAT (RC/RA) schema. Sign first: an empty signature slot is invalid. */
export async function validateXsd(xml: string, kind: SunatKind): Promise<ValidationResult> {
  const [result] = await validateBatch([{ kind, check: 'xsd', xml }]);
  return result!;
}

/** The document against SUNAT's published rule file for its kind; `fileName` as it would be sent ("20123456789-01-F001-1.xml"). */
export async function validateSunatRules(xml: string, fileName: string, kind: SunatKind): Promise<ValidationResult> {
  const [result] = await validateBatch([{ kind, check: 'rules', xml, fileName }]);
  return result!;
}

/** Each document's elements as "path [data attributes] = text" lines, in document order (for element-by-element comparisons). */
export async function flattenXml(xmls: string[]): Promise<string[][]> {
  const results = await validateBatch(xmls.map((xml) => ({ kind: '01', check: 'flatten', xml })));
  return results.map((result) => result.elements ?? []);
}
