import { createContext, useContext, type ComponentType } from 'react';
import type { ResourceAction } from '../../shared/permissions';
import type { ResourceDefinition, ResourceRecord, ResourceRecordView } from '../../shared/resources/resource';
import { path } from '../../shared/routes';
import type { FieldInputProps } from './field-input.component';

/** What a part of a record's show page is given: the resource and the record as the API shows it. */
export interface RecordPartProps {
  definition: ResourceDefinition;
  record: ResourceRecordView;
}

/**
 * A section of a record's show page, or a tab of it. Its title is the catalog's
 * `resources.<slug>.panels.<name>`.
 */
export interface RecordPanel {
  name: string;
  Component: ComponentType<RecordPartProps>;
}

/**
 * A resource's web module (`src/web/resources/<slug>/<slug>.module.tsx`, listed in
 * `src/web/resources/registry.ts`): what its screens have besides the engine's. A resource without
 * one gets the generic screens.
 */
export interface WebModule {
  /** Added to the record's history section, after the engine's entries (the contacts' merges). */
  history?: ComponentType<RecordPartProps>[];
  /** Sections of the show page, after the record's fields and its child resources. */
  panels?: RecordPanel[];
  /** Tabs of the show page, after the record's own ("Fiche"). */
  tabs?: RecordPanel[];
  /**
   * Replaces the list's table (a kanban board): it reads the list through useListContext() — its
   * records, selection, sort and row actions — and keeps the list's toolbar, filters, batch bar and
   * pagination.
   */
  ListBody?: ComponentType;
  /**
   * The path of the resource's own record page, replacing the engine's voir/{id} (the projects'
   * voir-ou-editer/{id}): the list's links lead there, and voir/{id} redirects to it.
   */
  recordPage?: (id: number | string) => string;
  /**
   * Inputs of the list's search panel for the resource's own criteria (its definition's
   * `listCriteria`), inside the panel's form: their names are the criteria's.
   */
  ListFilters?: ComponentType<{ params: URLSearchParams }>;
  /** Replaces these fields' inputs, in the page form and the modal form alike. */
  fieldInputs?: Record<string, ComponentType<FieldInputProps>>;
  /**
   * Replaces the list row's clone link (dupliquer/{id}, a prefilled create form) for a resource
   * whose server copies a record with what belongs to it (the projects' own clone route). Such a
   * resource has no clone form: dupliquer/{id} leads to its recordPage with `cloneDialogState` as
   * the location's state, and that page opens the same dialog.
   */
  CloneAction?: ComponentType<{ record: ResourceRecord; title: string }>;
  /**
   * Batch actions of the resource's own beside the engine's (the projects' change of state and
   * export of the selection): `Component`, inside the list's batch bar, reads the selection from
   * useListContext(); the list offers a selection to a user holding one of the permissions it `needs`.
   */
  batchActions?: { Component: ComponentType; needs: readonly ResourceAction[] };
}

/** The location state with which a record page opens its clone dialog (see CloneAction). */
export const cloneDialogState = { cloneDialog: true } as const;

/** Whether a location's state asks its record page for the clone dialog. */
export const asksCloneDialog = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>).cloneDialog === true;

/**
 * The web modules by resource slug. The app gives them (the admin layout, from src/web/resources/registry.ts):
 * the engine never imports a resource's module, which may import any part of the engine.
 */
export const WebModulesContext = createContext<Readonly<Record<string, WebModule>>>({});

const noModule: WebModule = {};

/** The path of a record's page: its module's own, else the engine's voir/{id}. */
export function useRecordPath(slug: string): (id: number | string) => string {
  const { recordPage } = useWebModule(slug);
  return (id) => recordPage?.(id) ?? path('admin.resource.show', { resource: slug, id });
}

/** The resource's web module, or an empty one. */
export function useWebModule(slug: string): WebModule {
  return useContext(WebModulesContext)[slug] ?? noModule;
}
