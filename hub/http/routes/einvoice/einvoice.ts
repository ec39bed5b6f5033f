import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '#hub/engine/engine.ts';
import { CertificateError } from '#hub/einvoice/secrets/pkcs12.ts';
import { removeCertificate, saveCertificate, storedCertificateInfo } from '#hub/einvoice/secrets/certificate-store.ts';
import { consultUrl, endpointUrl, type EndpointChoice } from '#hub/einvoice/sunat/endpoints.ts';
import type { CertificateReply, CertificateView, SendSettingsReply } from '#protocol';
import { certificateUploadSchema, sendSettingsSchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { changedFields, noteSecretChange, requireSecretForNewDestination, requireSecretsGate } from '../secrets/secret-settings.ts';
import { readSendSettings, viewOf, writeSendSettings } from './sol-store.ts';

/** A certificate upload's JSON: the base64 of a .p12 (real ones are a few KB) and its password. */
export const MAX_CERTIFICATE_BODY_BYTES = 100 * 1024;

/** What the routes need besides the state: the data folder (its `secrets/`) and the hub's clock. */
export type EinvoiceRoutesDeps = {
  dataDir: string;
  clock: () => Date;
  /** Told after a certificate or SOL settings were saved: the outbox's waiting lane tries again at once. */
  onSecretsChanged?: () => void;
};

/** The page's view of a stored certificate (the serial number is left out: nobody needs it). */
function certificateView(info: Awaited<ReturnType<typeof storedCertificateInfo>>): CertificateView | null {
  return info && { subject: info.subject, issuer: info.issuer, ruc: info.ruc, notBefore: info.notBefore, notAfter: info.notAfter, expired: info.expired };
}

/**
 * The owner's e-invoicing secrets (gate `fiscalSecrets`, owner only by
 * default: routes/secrets/secret-settings.ts), apart from the fiscal
 * settings, which are a command (`fiscal.saveSettings`):
 *
 * GET    /api/einvoice/certificate  the stored certificate's subject, RUC, validity (or null)
 * PUT    /api/einvoice/certificate  `{p12Base64, password}`: checked, then kept; a refusal
 *                                   (`CERT_*`) keeps the old one
 * DELETE /api/einvoice/certificate  forgets it
 * GET    /api/einvoice/sol          where documents go and the SOL user (the password only as "set")
 * PUT    /api/einvoice/sol          `{endpoint, user, password?}`; no password keeps the stored one,
 *                                   unless the address changed (SECRET_REQUIRED: the password is typed again)
 *
 * Every change is in the activity (`security.noteSecretChange`).
 * The passwords are never answered, logged or put in the state; bodies are
 * refused past 100 KB before they are read whole.
 */
export function einvoiceRoutes(engine: Engine, deps: EinvoiceRoutesDeps): Router {
  const router = new Router();
  const gate = (ctx: Context) => requireSecretsGate(engine, ctx);

  router.get('/api/einvoice/certificate', async (ctx) => {
    gate(ctx);
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, certificate: certificateView(await storedCertificateInfo(deps.dataDir)) } satisfies CertificateReply;
  });

  router.put('/api/einvoice/certificate', async (ctx) => {
    const actor = gate(ctx);
    const req = parseBody(certificateUploadSchema, await readJsonBody(ctx, MAX_CERTIFICATE_BODY_BYTES));
    try {
      await saveCertificate(deps.dataDir, Buffer.from(req.p12Base64, 'base64'), req.password, deps.clock());
    } catch (err) {
      // The error's message names no password (pkcs12.ts); the answer carries only the code.
      if (err instanceof CertificateError && err.code !== 'CERT_NONE') throw new HttpError(err.code, 'certificate');
      throw err;
    }
    await noteSecretChange(engine, actor, deps.clock(), { what: 'certificate', change: 'saved', fields: 'certificate' });
    deps.onSecretsChanged?.();
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, certificate: certificateView(await storedCertificateInfo(deps.dataDir)) } satisfies CertificateReply;
  });

  router.delete('/api/einvoice/certificate', async (ctx) => {
    const actor = gate(ctx);
    await removeCertificate(deps.dataDir);
    await noteSecretChange(engine, actor, deps.clock(), { what: 'certificate', change: 'removed', fields: 'certificate' });
    ctx.body = { ok: true, certificate: null } satisfies CertificateReply;
  });

  router.get('/api/einvoice/sol', async (ctx) => {
    gate(ctx);
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, settings: viewOf(await readSendSettings(deps.dataDir)) } satisfies SendSettingsReply;
  });

  router.put('/api/einvoice/sol', async (ctx) => {
    const actor = gate(ctx);
    const req = parseBody(sendSettingsSchema, await readJsonBody(ctx, MAX_CERTIFICATE_BODY_BYTES));
    let endpoint: EndpointChoice = req.endpoint;
    if (req.endpoint.kind === 'ose') {
      const { url, consultUrl: consult } = req.endpoint;
      // An empty consultation URL is none: the stored choice leaves it out.
      endpoint = consult ? { kind: 'ose', url, consultUrl: consult } : { kind: 'ose', url };
      try {
        endpointUrl(endpoint);
      } catch {
        throw new HttpError('ENDPOINT_NOT_HTTPS', 'endpoint.url');
      }
      try {
        consultUrl(endpoint);
      } catch {
        throw new HttpError('ENDPOINT_NOT_HTTPS', 'endpoint.consultUrl');
      }
    }
    const before = await readSendSettings(deps.dataDir);
    // The SOL password goes wherever the endpoint says (each factura's wsse:Password): a new address needs it typed again.
    requireSecretForNewDestination(before && { password: before.password, destination: JSON.stringify(before.endpoint) }, { password: req.password, destination: JSON.stringify(endpoint) });
    const settings = { endpoint, user: req.user, password: req.password ?? before?.password ?? '' };
    await writeSendSettings(deps.dataDir, settings);
    const fields = changedFields(before && { endpoint: before.endpoint, user: before.user }, { endpoint, user: req.user }, req.password !== undefined);
    if (fields.length > 0) await noteSecretChange(engine, actor, deps.clock(), { what: 'sol', change: 'saved', fields: fields.join(',') });
    deps.onSecretsChanged?.();
    ctx.body = { ok: true, settings: viewOf(settings) } satisfies SendSettingsReply;
  });
  return router;
}
