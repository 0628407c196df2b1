import { useRouteLoaderData } from '@remix-run/react';
import type { LeafletMouseEvent, Map as LeafletMap } from 'leaflet';
import leafletStyles from 'leaflet/dist/leaflet.css?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { loader as rootLoader } from '~/root';

/** Where the pin starts when the form has none: central Jakarta, at street level. */
export const DEFAULT_PIN = { lat: -6.175392, lng: 106.827153, zoom: 16 } as const;

type Place = { display_name: string; lat: string; lon: string };

function inputOf(id: string) {
  return document.getElementById(id) as HTMLInputElement | null;
}

/** A number typed in a coordinate field, or null when it is not one within `limit`. */
function coordinate(id: string, limit: number) {
  const value = Number(inputOf(id)?.value.replace(',', '.'));
  return inputOf(id)?.value.trim() && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/** Sets a coordinate field as typing would, so the form's validation sees the change. */
function fill(id: string, value: number) {
  const input = inputOf(id);
  if (!input) return;
  input.value = value.toFixed(6);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Adds Leaflet's stylesheet once; `loaded` runs when it applies (the map then measures itself again). */
function ensureStyles(loaded: () => void) {
  if (document.querySelector(`link[href="${leafletStyles}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = leafletStyles;
  link.addEventListener('load', loaded);
  document.head.append(link);
}

/**
 * A map to drop the address pin on, beside the latitude and longitude fields it fills. With
 * JavaScript only: Leaflet is loaded when the form opens, never with the page's own scripts, and without it, or
 * without a network for the tiles, the two fields stay and are enough. A click on the map, or a place chosen from
 * the search (Indonesia only), moves the pin and fills the fields; typing in the fields moves the pin.
 */
export function PinMap({ latId, lngId }: { latId: string; lngId: string }) {
  const { t } = useTranslation();
  const env = useRouteLoaderData<typeof rootLoader>('root')?.env;
  const holder = useRef<HTMLDivElement>(null);
  const moveTo = useRef<(lat: number, lng: number) => void>(() => {});
  const [hydrated, setHydrated] = useState(false);
  const [ready, setReady] = useState(false);
  const [query, setQuery] = useState('');
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [searchFailed, setSearchFailed] = useState(false);

  // The map's box is drawn once the page runs: Leaflet measures it when it starts.
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!hydrated || !env || !holder.current) return;
    let map: LeafletMap | null = null;
    let cancelled = false;
    const fromFields = () => {
      const lat = coordinate(latId, 90);
      const lng = coordinate(lngId, 180);
      if (lat !== null && lng !== null) moveTo.current(lat, lng);
    };
    void import('leaflet').then(({ default: L }) => {
      if (cancelled || !holder.current) return;
      ensureStyles(() => map?.invalidateSize());
      const lat = coordinate(latId, 90) ?? DEFAULT_PIN.lat;
      const lng = coordinate(lngId, 180) ?? DEFAULT_PIN.lng;
      map = L.map(holder.current, { attributionControl: true }).setView([lat, lng], DEFAULT_PIN.zoom);
      L.tileLayer(env.mapTileUrl, {
        maxZoom: 19,
        attribution: '&copy; OpenStreetMap',
      }).addTo(map);
      const pin = L.circleMarker([lat, lng], {
        radius: 9,
        color: '#1d4ed8',
        weight: 3,
        fillOpacity: 0.5,
      }).addTo(map);
      moveTo.current = (nextLat, nextLng) => {
        pin.setLatLng([nextLat, nextLng]);
        map?.panTo([nextLat, nextLng]);
      };
      map.on('click', (event: LeafletMouseEvent) => {
        pin.setLatLng(event.latlng);
        fill(latId, event.latlng.lat);
        fill(lngId, event.latlng.lng);
      });
      inputOf(latId)?.addEventListener('change', fromFields);
      inputOf(lngId)?.addEventListener('change', fromFields);
      setReady(true);
    });
    return () => {
      cancelled = true;
      inputOf(latId)?.removeEventListener('change', fromFields);
      inputOf(lngId)?.removeEventListener('change', fromFields);
      map?.remove();
    };
  }, [hydrated, env, latId, lngId]);

  async function search() {
    if (!env || query.trim().length < 3) return;
    const url = new URL(env.mapGeocoderUrl);
    url.search = new URLSearchParams({ format: 'json', countrycodes: 'id', limit: '5', q: query }).toString();
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(String(response.status));
      setPlaces((await response.json()) as Place[]);
      setSearchFailed(false);
    } catch {
      setPlaces(null);
      setSearchFailed(true);
    }
  }

  function choose(place: Place) {
    const lat = Number(place.lat);
    const lng = Number(place.lon);
    fill(latId, lat);
    fill(lngId, lng);
    moveTo.current(lat, lng);
    setPlaces(null);
  }

  if (!hydrated) return null;
  return (
    <div className="space-y-2" data-pin-map={ready ? 'ready' : 'loading'}>
      <div className="flex gap-2">
        <label className="sr-only" htmlFor={`${latId}-place`}>
          {t('settings.tenant.placeSearch')}
        </label>
        <input
          id={`${latId}-place`}
          type="search"
          className="input flex-1"
          placeholder={t('settings.tenant.placeSearch')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches the map, not the form it sits in.
            if (event.key === 'Enter') {
              event.preventDefault();
              void search();
            }
          }}
        />
        <button type="button" className="btn-secondary" onClick={() => void search()}>
          {t('settings.tenant.placeSearchButton')}
        </button>
      </div>
      {searchFailed ? (
        <p role="alert" className="text-sm text-red-700">
          {t('settings.tenant.placeSearchFailed')}
        </p>
      ) : null}
      {places ? (
        places.length === 0 ? (
          <p className="text-sm text-slate-600">{t('settings.tenant.placeNone')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
            {places.map((place) => (
              <li key={`${place.lat},${place.lon}`}>
                <button
                  type="button"
                  className="w-full p-2 text-left hover:bg-slate-50"
                  onClick={() => choose(place)}
                >
                  {place.display_name}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <div
        ref={holder}
        role="application"
        aria-label={t('settings.tenant.pinMap')}
        className="h-64 w-full rounded-md border border-slate-200 bg-slate-100"
        data-testid="pin-map"
      />
    </div>
  );
}
