import { describe, expect, it } from 'vitest';
import { clampZoom, embedUrl, MAP_REFRESH_MS, MAP_ZOOM, mapsLink } from './address-map.ts';

/** SPEC.md section 9's map component: zoom 5 to 18, default 16, refreshed every 30 000 ms. */
describe('the address map', () => {
  it("keeps SPEC's numbers", () => {
    expect(MAP_ZOOM).toEqual({ min: 5, max: 18, initial: 16 });
    expect(MAP_REFRESH_MS).toBe(30_000);
  });

  it.each([
    [16, 16],
    [4, 5],
    [19, 18],
    [-3, 5],
    [10.6, 11],
  ])('zoom %s → %s', (asked, zoom) => {
    expect(clampZoom(asked)).toBe(zoom);
  });

  it('the link and the map search the address alone, encoded (no markup or query of the guest reaches the address bar raw)', () => {
    const address = ' Av. Larco 345,  Miraflores & <b>"x"</b>#frag ';
    expect(mapsLink(address)).toBe('https://www.google.com/maps/search/?api=1&query=Av.%20Larco%20345%2C%20Miraflores%20%26%20%3Cb%3E%22x%22%3C%2Fb%3E%23frag');
    const embed = new URL(embedUrl(address, 40));
    expect(embed.searchParams.get('q')).toBe('Av. Larco 345, Miraflores & <b>"x"</b>#frag');
    expect(embed.searchParams.get('z')).toBe('18');
    expect(embed.searchParams.get('output')).toBe('embed');
  });
});
