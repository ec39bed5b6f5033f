import type { PrintBlock, PrintDocument, TicketLanguage } from '#protocol';
import { setupLink } from '#hub/net/addresses.ts';

/** What only the running hub knows for its setup slip: the addresses to open and, while unclaimed, the claim code. */
export type SlipFacts = { urls: readonly string[]; claimCode: string | null };

const WORDS: Record<TicketLanguage, { open: string; scan: string; claim: string; claimHint: string }> = {
  es: { open: 'Abra el sistema en:', scan: 'Escanee con el teléfono', claim: 'Código para reclamar:', claimHint: 'Válido 15 minutos, una sola vez' },
  en: { open: 'Open the system at:', scan: 'Scan with your phone', claim: 'Claim code:', claimHint: 'Good for 15 minutes, once' },
  zh: { open: '在以下地址打开系统：', scan: '用手机扫描', claim: '认领码：', claimHint: '15分钟内有效，仅限一次' },
};

/**
 * The setup slip's live part, appended to the document the rules made (the
 * restaurant's name and the heading): the hub's addresses as text, the first
 * as a QR code (a phone on the shop Wi-Fi opens it), and the claim code while
 * nobody owns the hub. Added when printing, not when the job was made: the
 * address is the one the hub has now, and a claim code is never written to the log.
 */
export function withSlipFacts(document: PrintDocument, facts: SlipFacts, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  // A LAN address first: a phone cannot open "localhost".
  const urls = [...facts.urls].sort((a, b) => Number(isLocal(a)) - Number(isLocal(b)));
  const blocks: PrintBlock[] = [{ kind: 'rule' }, { kind: 'text', text: w.open, bold: true }];
  for (const url of urls) blocks.push({ kind: 'text', text: url, size: isLocal(url) ? 'normal' : 'tall' });
  const first = urls[0];
  // While unclaimed the QR opens the setup page with the claim code filled in: holding the slip
  // (being in the shop) is what reveals the code (threat model: hub/auth/README.md "Claim code").
  if (first !== undefined) blocks.push({ kind: 'qr', data: (facts.claimCode ? setupLink(first, facts.claimCode) : first).slice(0, 700), size: 6, align: 'center' }, { kind: 'text', text: w.scan, align: 'center' });
  if (facts.claimCode) {
    blocks.push({ kind: 'rule' }, { kind: 'text', text: w.claim, bold: true }, { kind: 'text', text: facts.claimCode, size: 'large', align: 'center' }, { kind: 'text', text: w.claimHint, align: 'center' });
  }
  blocks.push({ kind: 'feed', lines: 2 });
  return { ...document, blocks: [...document.blocks, ...blocks] };
}

function isLocal(url: string): boolean {
  return /^https?:\/\/(localhost|127\.)/.test(url);
}
