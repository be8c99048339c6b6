import 'leaflet/dist/leaflet.css';
import { Alert, Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { osmTiles, type StructureMap } from '../../../shared/map/structure-map';
import { path } from '../../../shared/routes';
import { api } from '../../api-client';
import { useDocumentTitle } from '../../shell/document-title.hook';
import { ScreenHeader } from '../../shell/screen-header.component';
import { ErrorScreen, errorStatusOfFailure } from '../../shell/error.screen';
import { Loading } from '../../shell/loading.component';
import { queryKeys } from '../../query-keys';

/** The zoom of a street: the building and its neighbours. */
const STREET_ZOOM = 17;

/**
 * structures/google-map/{id}: the structure's main address in words, and on an OpenStreetMap map
 * where the geocoder could place it. The words stay when the map cannot show (tiles unreachable,
 * address not found).
 */
export function StructureMapScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const addressId = useId();
  const { data, error } = useQuery({
    queryKey: queryKeys.structureMap(id),
    queryFn: () => api('GET', 'api.structures.map', { params: { id } }),
  });
  const title = data ? t('resources.structures.map.title', { title: data.title }) : t('resources.structures.singular');
  useDocumentTitle(title);

  if (error) return <ErrorScreen status={errorStatusOfFailure(error)} />;
  if (!data) return <Loading />;

  return (
    <Stack>
      <ScreenHeader title={title}>
        <Button variant="default" component={Link} to={path('admin.resource.show', { resource: 'structures', id })}>
          {t('resources.structures.map.back')}
        </Button>
      </ScreenHeader>
      <Paper withBorder p="md" component="section" aria-labelledby={addressId}>
        <Title order={2} size="h4" id={addressId}>
          {t('resources.structures.map.address')}
        </Title>
        {data.address.length === 0 ? (
          <Text mt="xs">{t('resources.structures.map.no_address')}</Text>
        ) : (
          <Text component="address" mt="xs" fs="normal">
            {data.address.map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </Text>
        )}
      </Paper>
      {data.position ? (
        <PositionMap position={data.position} />
      ) : (
        data.address.length > 0 && <Alert color="gray">{t('resources.structures.map.no_position')}</Alert>
      )}
    </Stack>
  );
}

/** Leaflet on OpenStreetMap's tiles, a circle on the point: no marker image to fetch. */
function PositionMap({ position }: { position: NonNullable<StructureMap['position']> }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const attribution = t('resources.structures.map.attribution');
  const zoomIn = t('resources.structures.map.zoom_in');
  const zoomOut = t('resources.structures.map.zoom_out');
  const leafletTitle = t('resources.structures.map.leaflet');

  useEffect(() => {
    if (!container.current) return;
    const point: L.LatLngTuple = [position.latitude, position.longitude];
    const map = L.map(container.current, { center: point, zoom: STREET_ZOOM, zoomControl: false });
    // Leaflet's own button names are English.
    L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
    // So is the title of its own link in the attribution.
    const leaflet = document.createElement('a');
    leaflet.href = 'https://leafletjs.com';
    leaflet.title = leafletTitle;
    leaflet.textContent = 'Leaflet';
    map.attributionControl.setPrefix(leaflet.outerHTML);
    const link = document.createElement('a');
    link.href = osmTiles.copyright;
    link.textContent = attribution;
    L.tileLayer(osmTiles.template, { maxZoom: osmTiles.maxZoom, attribution: link.outerHTML }).addTo(map);
    L.circleMarker(point, { radius: 10, weight: 3 }).addTo(map);
    return () => {
      map.remove();
    };
  }, [position.latitude, position.longitude, attribution, zoomIn, zoomOut, leafletTitle]);

  return (
    <Paper withBorder p="md">
      <Box ref={container} h={420} role="region" aria-label={t('resources.structures.map.map_label')} />
      <Text size="sm" mt="xs">
        {t('resources.structures.map.position', { label: position.label })}
      </Text>
    </Paper>
  );
}
