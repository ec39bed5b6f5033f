import qrcode from 'qrcode-generator';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clampZoom, embedUrl, MAP_REFRESH_MS, MAP_ZOOM, mapsLink, PROBE_IMAGE, PROBE_TIMEOUT_MS } from './address-map.ts';

type Reach = 'probing' | 'yes' | 'no';

/**
 * Whether this device reaches the map service now: a small image of it, loaded
 * with a time limit, asked again every 30 s (SPEC's refresh), so a till that
 * gets its internet back shows the map without a reload and one that loses it
 * falls back to the text.
 */
function useMapReachable(): Reach {
  const [reach, setReach] = useState<Reach>('probing');
  useEffect(() => {
    let live = true;
    const probe = () => {
      const img = new Image();
      const timer = setTimeout(() => done('no'), PROBE_TIMEOUT_MS);
      function done(r: Reach) {
        clearTimeout(timer);
        img.onload = img.onerror = null;
        if (live) setReach(r);
      }
      img.onload = () => done('yes');
      img.onerror = () => done('no');
      img.src = `${PROBE_IMAGE}?t=${Date.now()}`;
    };
    probe();
    const every = setInterval(probe, MAP_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(every);
    };
  }, []);
  return reach;
}

/** The maps link as a QR code the rider scans off the till's screen (the same library the printers' preview draws with). */
function LinkQr(props: { link: string; label: string }) {
  const code = qrcode(0, 'M');
  code.addData(props.link, 'Byte');
  code.make();
  const n = code.getModuleCount();
  let d = '';
  for (let row = 0; row < n; row += 1) for (let col = 0; col < n; col += 1) if (code.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
  return (
    <svg className="takeout-qr" viewBox={`-2 -2 ${n + 4} ${n + 4}`} role="img" aria-label={props.label} shapeRendering="crispEdges" data-testid="address-qr">
      <rect x={-2} y={-2} width={n + 4} height={n + 4} fill="#fff" />
      <path d={d} fill="#111" />
    </svg>
  );
}

/**
 * Where the order goes: the address and reference as text (always: the rider
 * reads them aloud at the door), `children` (who receives it, the phones), the link a phone opens in its maps app with
 * its QR code, and the map itself only when this device reaches the map
 * service. A page served over plain http on the shop network gets no location
 * from the browser, so no "where is the rider" dot is promised: the rider's
 * last status is shown instead (the detail's rider section).
 */
export function AddressMap(props: { address: string; reference: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const reach = useMapReachable();
  const [zoom, setZoom] = useState<number>(MAP_ZOOM.initial);
  const [showQr, setShowQr] = useState(false);
  const link = mapsLink(props.address);
  return (
    <div className="takeout-address" data-testid="takeout-address">
      <p className="takeout-address-text" data-testid="address-text">
        {props.address}
      </p>
      {props.reference && (
        <p className="hint">
          {t('delivery.detail.reference')}: {props.reference}
        </p>
      )}
      {props.children}
      <div className="takeout-address-links">
        <a className="btn" href={link} target="_blank" rel="noreferrer noopener" data-testid="maps-link">
          {t('delivery.map.open')}
        </a>
        <button className="btn" onClick={() => setShowQr((v) => !v)} aria-expanded={showQr} data-testid="maps-qr">
          {showQr ? t('delivery.map.hideQr') : t('delivery.map.qr')}
        </button>
      </div>
      {showQr && <LinkQr link={link} label={t('delivery.map.qrAlt')} />}
      {reach === 'yes' ? (
        <div className="takeout-map" data-testid="map">
          <iframe title={t('delivery.map.title')} src={embedUrl(props.address, zoom)} loading="lazy" referrerPolicy="no-referrer" />
          <div className="takeout-map-zoom">
            <button className="btn btn-small" disabled={zoom <= MAP_ZOOM.min} onClick={() => setZoom((z) => clampZoom(z - 1))} aria-label={t('delivery.map.zoomOut')}>
              −
            </button>
            <span>{zoom}</span>
            <button className="btn btn-small" disabled={zoom >= MAP_ZOOM.max} onClick={() => setZoom((z) => clampZoom(z + 1))} aria-label={t('delivery.map.zoomIn')}>
              +
            </button>
          </div>
        </div>
      ) : (
        <p className="hint takeout-map-note" data-testid="map-offline">
          {reach === 'probing' ? t('delivery.map.probing') : t('delivery.map.offline')}
        </p>
      )}
      {/* Plain http (the hub on the shop network): browsers keep the location from such a page, the rider's phone included. */}
      {window.location.protocol === 'http:' && (
        <p className="hint takeout-map-note" data-testid="no-geolocation">
          {t('delivery.map.noGeolocation')}
        </p>
      )}
    </div>
  );
}
