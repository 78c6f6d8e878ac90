import "leaflet/dist/leaflet.css";
import { Box } from "@mantine/core";
import L from "leaflet";
import { useEffect } from "react";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { MAP_TILES, type MapPoint } from "./map-config.ts";

/** The pin: an SVG of about 25 × 32 px whose tip is the point (Leaflet's own PNG icons do not survive bundling). */
const PIN = L.divIcon({
  className: "palco-map-pin",
  html:
    '<svg xmlns="http://www.w3.org/2000/svg" width="25" height="32" viewBox="0 0 25 32" aria-hidden="true">' +
    '<path d="M12.5 0C5.6 0 0 5.5 0 12.3 0 21.5 12.5 32 12.5 32S25 21.5 25 12.3C25 5.5 19.4 0 12.5 0z" ' +
    'fill="#c92a2a" stroke="#fff" stroke-width="1.5"/><circle cx="12.5" cy="12.3" r="4.5" fill="#fff"/></svg>',
  iconSize: [25, 32],
  iconAnchor: [12.5, 32],
});

/** Keeps the view on the pin when the point changes from outside the map (typed coordinates, a loaded record). */
function FollowPoint({ point }: { point: MapPoint }) {
  const map = useMap();
  useEffect(() => {
    const target = L.latLng(point.latitude, point.longitude);
    if (!map.getBounds().pad(-0.1).contains(target)) map.panTo(target);
  }, [map, point.latitude, point.longitude]);
  return null;
}

function ClickToPlace({ onMove }: { onMove: (point: MapPoint) => void }) {
  useMapEvents({ click: (event) => onMove({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

type Props = {
  point: MapPoint;
  zoom: number;
  height: number;
  /** Accessible name of the map region. */
  label: string;
  /** Makes the pin draggable (and a click on the map moves it there). */
  onMove?: (point: MapPoint) => void;
  invalid?: boolean;
};

/**
 * A Leaflet map of OpenStreetMap tiles with one pin. Read-only on detail pages; with `onMove`, the pin is dragged
 * (or the map clicked) to set the point. Keyboard users set it with the coordinate inputs the form shows beside it.
 */
export default function LocationMap({ point, zoom, height, label, onMove, invalid }: Props) {
  return (
    <Box
      role="region"
      aria-label={label}
      h={height}
      style={{
        borderRadius: "var(--mantine-radius-md)",
        overflow: "hidden",
        border: `1px solid ${invalid ? "var(--mantine-color-error)" : "var(--mantine-color-default-border)"}`,
        // Leaflet's panes use z-indexes up to 1000: keep them under the app's header and modals.
        isolation: "isolate",
      }}
    >
      <MapContainer
        center={[point.latitude, point.longitude]}
        zoom={zoom}
        style={{ height: "100%", width: "100%" }}
        scrollWheelZoom={false}
      >
        <TileLayer url={MAP_TILES.url} attribution={MAP_TILES.attribution} />
        <Marker
          position={[point.latitude, point.longitude]}
          icon={PIN}
          draggable={Boolean(onMove)}
          keyboard={false}
          eventHandlers={
            onMove
              ? {
                  dragend: (event) => {
                    const { lat, lng } = (event.target as L.Marker).getLatLng();
                    onMove({ latitude: lat, longitude: lng });
                  },
                }
              : {}
          }
        />
        {onMove && <ClickToPlace onMove={onMove} />}
        <FollowPoint point={point} />
      </MapContainer>
    </Box>
  );
}
