/**
 * Whether SUNAT's (or the OSE's) billService answers at all: an empty SOAP
 * envelope, no credentials, no document. Any HTTP answer (SUNAT replies a
 * fault for a body with no operation) means the line and the service are
 * up; only a refused connection, a network error or no answer in time is
 * "unreachable". Nothing is recorded at SUNAT.
 */
const EMPTY_ENVELOPE = '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body/></soapenv:Envelope>';

export async function sunatAnswers(endpoint: string, timeoutMs = 10_000): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: EMPTY_ENVELOPE,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}
